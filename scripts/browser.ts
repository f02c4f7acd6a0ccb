// `npm run test:e2e` (and so `npm test`) starts here. The browser tests prefer Debian's Chromium; on a machine
// without it (no root, no apt) they use the Chromium that ships inside the @sparticuz/chromium npm package, so
// `npm ci && npm test` needs nothing but Node and npm. Only an unattended CI run as root still installs Debian's
// (`.ci/run` does that itself first). See tests/e2e/README.md.
import { execFileSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';

export const CHROMIUM_PATH = '/usr/bin/chromium';
/** Points the browser tests at another binary; a path that is not there means "use the packaged one". */
export const CHROMIUM_PATH_VARIABLE = 'CHROMIUM_PATH';

export type BrowserStep = 'ready' | 'install' | 'packaged';

/** What to do, from what the machine offers. Only an unattended CI run as root installs anything itself. */
export function browserStep(machine: { found: boolean; root: boolean; ci: boolean }): BrowserStep {
  if (machine.found) return 'ready';
  return machine.root && machine.ci ? 'install' : 'packaged';
}

export type ChromiumChoice = { source: 'system'; path: string } | { source: 'packaged' };

/** The system binary (the override, else Debian's) when it is executable, otherwise the packaged Chromium. */
export function chooseChromium(
  env: Record<string, string | undefined>,
  executable: (file: string) => boolean,
): ChromiumChoice {
  const wanted = env[CHROMIUM_PATH_VARIABLE] || CHROMIUM_PATH;
  return executable(wanted) ? { source: 'system', path: wanted } : { source: 'packaged' };
}

export function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The binary to launch; the packaged one is unpacked to /tmp on first use (a few seconds, then cached there). */
export async function resolveChromium(
  env: Record<string, string | undefined> = process.env,
): Promise<{ path: string; line: string }> {
  const choice = chooseChromium(env, isExecutable);
  if (choice.source === 'system') return { path: choice.path, line: `Browser tests: Chromium at ${choice.path}` };
  const { default: packaged } = await import('@sparticuz/chromium');
  const path = await packaged.executablePath();
  return { path, line: `Browser tests: packaged Chromium from @sparticuz/chromium (${path})` };
}

function main(): void {
  const step = browserStep({
    found: isExecutable(process.env[CHROMIUM_PATH_VARIABLE] || CHROMIUM_PATH),
    root: process.getuid?.() === 0,
    ci: process.env['CI'] === 'true',
  });
  if (step !== 'install') return;
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], { stdio: 'inherit', env });
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop() ?? '')) main();

// `npm run test:e2e` (and so `npm test`) starts here. The browser tests prefer Debian's Chromium (its headless shell
// when installed, else the full browser); on a machine without either (no root, no apt) they use the Chromium that
// ships inside the @sparticuz/chromium npm package, so `npm ci && npm test` needs nothing but Node and npm. Only an
// unattended CI run as root still installs Debian's (`.ci/run` does that itself first). See tests/e2e/README.md.
import { execFileSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';

export const CHROMIUM_PATH = '/usr/bin/chromium';
/**
 * Debian's build of the same Chromium without the desktop browser around it (package chromium-headless-shell). It
 * runs the same engine; measured on the demo pages it spent about a quarter less CPU than `chromium --headless`
 * (tests/e2e/README.md, "Which Chromium"), so it goes first.
 */
export const HEADLESS_SHELL_PATH = '/usr/bin/chromium-headless-shell';
/** Debian's binaries, in the order the tests prefer them. */
export const SYSTEM_CHROMIUMS = [HEADLESS_SHELL_PATH, CHROMIUM_PATH] as const;
/** Points the browser tests at another binary; a path that is not there means "use the packaged one". */
export const CHROMIUM_PATH_VARIABLE = 'CHROMIUM_PATH';

export type BrowserStep = 'ready' | 'install' | 'packaged';

/** What to do, from what the machine offers. Only an unattended CI run as root installs anything itself. */
export function browserStep(machine: { found: boolean; root: boolean; ci: boolean }): BrowserStep {
  if (machine.found) return 'ready';
  return machine.root && machine.ci ? 'install' : 'packaged';
}

export type ChromiumChoice = { source: 'system'; path: string } | { source: 'packaged' };

/**
 * The override when it names an executable; otherwise the first of Debian's binaries that is there; otherwise the
 * packaged Chromium (an override that is not there also means the packaged one).
 */
export function chooseChromium(
  env: Record<string, string | undefined>,
  executable: (file: string) => boolean,
): ChromiumChoice {
  const override = env[CHROMIUM_PATH_VARIABLE];
  const wanted = override ? [override] : SYSTEM_CHROMIUMS;
  const found = wanted.find((file) => executable(file));
  return found ? { source: 'system', path: found } : { source: 'packaged' };
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
  if (choice.source === 'system') {
    const kind = choice.path === HEADLESS_SHELL_PATH ? "Chromium's headless shell" : 'Chromium';
    return { path: choice.path, line: `Browser tests: ${kind} at ${choice.path}` };
  }
  const { default: packaged } = await import('@sparticuz/chromium');
  const path = await packaged.executablePath();
  return { path, line: `Browser tests: packaged Chromium from @sparticuz/chromium (${path})` };
}

function main(): void {
  const step = browserStep({
    found: chooseChromium(process.env, isExecutable).source === 'system',
    root: process.getuid?.() === 0,
    ci: process.env['CI'] === 'true',
  });
  if (step !== 'install') return;
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], { stdio: 'inherit', env });
  // The lighter headless shell is a bonus: an older Debian without the package still runs the tests on chromium.
  try {
    execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium-headless-shell'], {
      stdio: 'inherit',
      env,
    });
  } catch {
    console.log('Browser tests: chromium-headless-shell is not available here; they use chromium.');
  }
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop() ?? '')) main();

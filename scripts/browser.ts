// `npm run test:e2e` (and so `npm test`) starts here: the browser tests drive Debian's Chromium, which npm cannot
// install. Found, the tests run; missing under CI as root, it is installed; otherwise one line says what to run.
import { execFileSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';

export const CHROMIUM_PATH = '/usr/bin/chromium';
export const INSTALL_COMMAND = 'sudo apt-get update && sudo apt-get install -y --no-install-recommends chromium';

export type BrowserStep = 'ready' | 'install' | 'advise';

/** What to do, from what the machine offers. Only an unattended CI run as root installs anything itself. */
export function browserStep(machine: { found: boolean; root: boolean; ci: boolean }): BrowserStep {
  if (machine.found) return 'ready';
  return machine.root && machine.ci ? 'install' : 'advise';
}

function found(): boolean {
  try {
    accessSync(CHROMIUM_PATH, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function main(): void {
  const step = browserStep({
    found: found(),
    root: process.getuid?.() === 0,
    ci: process.env['CI'] === 'true',
  });
  if (step === 'ready') return;
  if (step === 'advise') {
    console.error(`The browser tests need Chromium at ${CHROMIUM_PATH}; install it with: ${INSTALL_COMMAND}`);
    process.exit(1);
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], { stdio: 'inherit', env });
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop() ?? '')) main();

// Temporary: screenshots of the publish indicator in each state (removed before the report).
import { writeFileSync } from 'node:fs';
import { launchBrowser } from '../tests/e2e/support/browser';

const url = 'http://localhost:18940';
const state = process.argv[2] ?? 'any';
const browser = await launchBrowser();
for (const width of [390, 1280]) {
  const context = await browser.newContext({ viewport: { width, height: 700 } });
  const tab = await context.newPage();
  tab.on('response', (r) => console.log('HTTP', r.status(), r.url())); tab.on('requestfailed', (r) => console.log('FAILED', r.url()));
  tab.on('console', (m) => m.type() === 'error' && console.log('console', m.text()));
  await tab.goto(`${url}/admin/login`);
  await tab.getByLabel(/username/i).fill('publisher');
  await tab.getByLabel(/password/i).fill('publish-and-be-glad');
  await tab.getByRole('button', { name: 'Login' }).click();
  await tab.waitForURL(/dashboard/);
  await tab.locator('.publish').waitFor();
  await tab.waitForTimeout(Number(process.env.WAIT ?? 1500));
  if (process.argv[3] === 'trigger') {
    const chip = tab.locator('.publish-chip');
    if (await chip.isVisible()) await chip.click();
    await tab.getByRole('button', { name: 'Publish now' }).click();
    await tab.waitForTimeout(2500);
  }
  if (process.argv[3] === 'trigger' && width === 390) await tab.locator('.publish-chip').click();
  if (process.argv[3] === 'open') {
    const chip = tab.locator('.publish-chip');
    if (await chip.isVisible()) await chip.click();
    else if (await tab.locator('.publish-why').isVisible()) await tab.locator('.publish-why').click();
    await tab.waitForTimeout(300);
  }
  await tab.screenshot({ path: `/work/main/screenshots/pub-${state}${process.argv[3] ?? ''}-${width}.png`, clip: { x: 0, y: 0, width, height: 260 } });
  await context.close();
}
await browser.close();
writeFileSync('/dev/null', '');

// The Site screen's "Policies" section (docs/policies.md): reached from the jump menu by keyboard, each page's field
// empty with the default on offer, "Start from the default text" filling it with words that name the practitioner,
// and a save that is confirmed and raises the policy version. At 390 px (mobile emulation) and 1280 px, axe clean.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { POLICY_KINDS, POLICY_PAGES } from '../../src/shared/policies';
import type { SiteSettings } from '../../src/shared/schemas/site-settings';
import { expectAccessible, setupAdminSuite, signInWithToken } from './support/admin';
import { savePicture, VIEWPORTS, watchPageErrors } from './support/browser';

const suite = setupAdminSuite({ initAdmin: true });
const SHOTS = process.env.LEGAL_SHOTS ?? '';

const sizes = [
  { name: '390', options: { viewport: VIEWPORTS.phone, isMobile: true, hasTouch: true, deviceScaleFactor: 2 } },
  { name: '1280', options: { viewport: VIEWPORTS.desktop } },
] as const;

async function settings(): Promise<SiteSettings> {
  const reply = (await (await fetch(`${suite.base}/api/site-settings`)).json()) as { data: SiteSettings };
  return reply.data;
}

describe('the Policies section of the Site screen', () => {
  it.each(sizes)(
    'offers each page’s default and is reachable from the jump menu at $name px',
    async ({ name, options }) => {
      const context = await suite.browser.newContext(options);
      const page = await context.newPage();
      const errors = watchPageErrors(page);
      await signInWithToken(page, suite.base, suite.token, '/admin/site');
      const jump = page.getByRole('button', { name: /^Policies/ });
      await jump.focus();
      await page.keyboard.press('Enter');
      // The jump moves focus to the section's heading.
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Policies');
      for (const kind of POLICY_KINDS) {
        const field = page.getByLabel(POLICY_PAGES[kind].title, { exact: true });
        expect(await field.inputValue(), kind).toBe('');
        expect(
          await page
            .getByRole('button', { name: `Start from the default text of the ${POLICY_PAGES[kind].title}` })
            .count(),
        ).toBe(1);
      }
      await expectAccessible(page, `site policies @${name}`);
      if (SHOTS) {
        await page.locator('#section-policies').scrollIntoViewIfNeeded();
        await savePicture(page, { path: path.join(SHOTS, `admin-policies-${name}.png`) });
      }
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it('fills the default by keyboard, saves the edited text with a confirmation, and raises the version', async () => {
    const before = await settings();
    expect(before.policies.version).toBe(1);
    const context = await suite.browser.newContext(sizes[1].options);
    const page = await context.newPage();
    await signInWithToken(page, suite.base, suite.token, '/admin/site');
    const fill = page.getByRole('button', { name: 'Start from the default text of the Terms of Service' });
    await fill.focus();
    await page.keyboard.press('Enter');
    const terms = page.getByLabel('Terms of Service', { exact: true });
    const filled = await terms.inputValue();
    expect(filled).toContain(`with me, ${before.identity.practitionerName}.`);
    // The button goes once the field has text; the hint says how to go back to the default.
    expect(await fill.count()).toBe(0);
    await page.getByText('Clear the field to go back to the default text.').first().waitFor();
    await terms.fill(`${filled}\n\nSessions on this site are for adults.`);
    await page.getByRole('button', { name: 'Save site settings' }).click();
    await page.getByRole('status').filter({ hasText: 'Site settings saved' }).waitFor();
    const after = await settings();
    expect(after.policies.version).toBe(2);
    expect(after.policies.terms.endsWith('Sessions on this site are for adults.')).toBe(true);
    expect(after.policies.privacy).toBe('');
    // The section says the new version once saved.
    await page.getByText(/Policy version 2: it goes up by itself/).waitFor();
    if (SHOTS) {
      await terms.scrollIntoViewIfNeeded();
      await savePicture(page, { path: path.join(SHOTS, 'admin-policies-saved-1280.png') });
    }
    await context.close();
  });
});

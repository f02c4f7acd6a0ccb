// The public contact form, filled and sent the way a visitor does it (docs/public-site.md, "Contact").
import type { Page } from 'playwright-core';

export interface ContactEntry {
  name: string;
  email: string;
  /** Left untouched when absent (the field is optional). */
  phone?: string;
  subject: string;
  message: string;
}

/** Fills the contact form on `page` (already on /contact), ticks the consent and presses "Send Message". */
export async function sendContactForm(page: Page, entry: ContactEntry): Promise<void> {
  // The form is a React island that hydrates on first interaction (docs/public-site.md): focusing a field starts it.
  // Type only once it is hydrated (Astro drops the `ssr` mark then), or a busy machine could submit the plain form.
  await page.getByLabel(/Full Name/).focus();
  await page.waitForFunction(() => document.querySelector('astro-island[ssr]') === null);
  await page.getByLabel(/Full Name/).fill(entry.name);
  await page.getByLabel(/Email Address/).fill(entry.email);
  if (entry.phone !== undefined) await page.getByLabel(/Phone Number/).fill(entry.phone);
  await page.getByLabel(/Subject/).selectOption(entry.subject);
  await page.getByLabel(/^Message/).fill(entry.message);
  // The consent the contact form asks for since issue 22 (docs/policies.md).
  await page.getByRole('checkbox', { name: /I agree to the privacy notice/ }).check();
  await page.getByRole('button', { name: 'Send Message' }).click();
}

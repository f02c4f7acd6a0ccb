import { escapeHtml, layout } from './templates';
import type { MailMessage } from './types';

// The new-device approval mail (docs/auth.md, "New devices"). Kept beside templates.ts, in the same voice.

export function deviceApprovalMail(input: {
  to: string;
  code: string;
  link: string;
  browser: string;
  lifetimeMinutes: number;
}): MailMessage {
  const { code, link, browser, lifetimeMinutes } = input;
  const intro = `Someone entered your password on the Soul Guidance admin portal, in a browser that has not signed in here before (${browser}).`;
  const how = `If that was you, open this link in that same browser, or type the code there:`;
  const rules = `The code works once, only in the browser that asked for it, and expires in ${lifetimeMinutes} minutes.`;
  const warning =
    'Not you? Then someone knows your password, but they cannot get in without this mailbox. Please change your password now (Account settings, or "Forgot Password?" on the login page); that also signs out every other browser.';
  const text = [
    'Hello,',
    '',
    intro,
    '',
    how,
    '',
    link,
    '',
    `Code: ${code}`,
    '',
    rules,
    '',
    warning,
    '',
    'Soul Guidance admin portal',
  ].join('\n');
  const html = layout('Is this you signing in?', [
    'Hello,',
    escapeHtml(intro),
    escapeHtml(how),
    `<a href="${escapeHtml(link)}" style="display:inline-block;background:#3b2a5c;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none">Approve this browser</a>`,
    `<strong style="display:inline-block;font-size:28px;letter-spacing:6px;font-family:'Courier New',monospace">${escapeHtml(code)}</strong>`,
    escapeHtml(rules),
    escapeHtml(warning),
  ]);
  return { to: input.to, subject: 'Soul Guidance: approve a new sign-in', text, html };
}

import type { MailMessage } from './types';

/*
 * Account mails. Each has a plain-text part (read by every client, and by screen readers as is) and a small HTML part
 * with inline styles only, since mail clients drop style sheets. Every value placed in HTML is escaped.
 */

/*
 * No site name is written here: the sender's display name is the practitioner's site name (site-sender.ts), so the
 * inbox shows whose portal wrote, and the subjects and the closing line say only what the mail is.
 */
const SIGNATURE = 'Sent by the admin portal of your website';

/** Text made safe to place in HTML (mail bodies put visitor-typed values in HTML). */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

export function layout(title: string, paragraphs: string[]): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px;line-height:1.5">${p}</p>`).join('\n');
  return `<!doctype html>
<html lang="en">
<body style="margin:0;padding:24px;background:#faf6ef;color:#2a2340;font-family:Arial,Helvetica,sans-serif;font-size:16px">
<div style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
<h1 style="margin:0 0 16px;font-family:Georgia,serif;font-size:22px;color:#3b2a5c">${escapeHtml(title)}</h1>
${body}
<p style="margin:24px 0 0;font-size:13px;color:#5d5670">${SIGNATURE}</p>
</div>
</body>
</html>`;
}

export function otpMail(input: { to: string; code: string; lifetimeMinutes: number }): MailMessage {
  const { code, lifetimeMinutes } = input;
  const subject = 'Your password reset code';
  const text = [
    'Hello,',
    '',
    `Your code to reset the admin password is: ${code}`,
    '',
    `It works once and expires in ${lifetimeMinutes} minutes. A newer request replaces it.`,
    '',
    'You did not ask for this? Then you can ignore this mail: your password stays as it is. Nobody can use the code without this mailbox.',
    '',
    SIGNATURE,
  ].join('\n');
  const html = layout('Your password reset code', [
    'Hello,',
    'Your code to reset the admin password is:',
    `<strong style="display:inline-block;font-size:28px;letter-spacing:6px;font-family:'Courier New',monospace">${escapeHtml(code)}</strong>`,
    `It works once and expires in ${lifetimeMinutes} minutes. A newer request replaces it.`,
    'You did not ask for this? Then you can ignore this mail: your password stays as it is. Nobody can use the code without this mailbox.',
  ]);
  return { to: input.to, subject, text, html };
}

export function passwordChangedMail(input: { to: string; username: string; how: 'reset' | 'changed' }): MailMessage {
  const what =
    input.how === 'reset' ? 'was reset with a code sent to this address' : 'was changed from the account settings';
  const sentence = `The password of the admin account "${input.username}" ${what}. Every other signed-in session has been signed out.`;
  const warning =
    'If this was not you, reset the password now with "Forgot Password?" on the admin login page, and check who can read this mailbox.';
  return {
    to: input.to,
    subject: `Your admin password was ${input.how === 'reset' ? 'reset' : 'changed'}`,
    text: ['Hello,', '', sentence, '', warning, '', SIGNATURE].join('\n'),
    html: layout('Your admin password was updated', ['Hello,', escapeHtml(sentence), escapeHtml(warning)]),
  };
}

export function emailChangedMail(input: { to: string; username: string; newEmail: string }): MailMessage {
  const sentence = `The email address of the admin account "${input.username}" was changed from this address to ${input.newEmail}. Password reset codes now go to the new address.`;
  const warning =
    'If this was not you, someone has your admin password: ask whoever looks after your website to restore your address straight away.';
  return {
    to: input.to,
    subject: 'Your admin email address was changed',
    text: ['Hello,', '', sentence, '', warning, '', SIGNATURE].join('\n'),
    html: layout('Your admin email address was changed', ['Hello,', escapeHtml(sentence), escapeHtml(warning)]),
  };
}

import { formatPhone } from '../../shared/phone';
import type { ContactMessage } from '../../shared/schemas/contact';
import { escapeHtml } from '../mail/templates';
import type { MailMessage } from '../mail/types';

/*
 * The mail that brings a contact message to the practitioner's inbox. Every visitor-typed value is treated as
 * hostile: header values lose anything that could end a header line, and HTML gets every value escaped.
 */

/**
 * One header line's worth of text: control characters (CR and LF included) and Unicode line separators become
 * spaces. The schemas already refuse line breaks in these fields; this holds even if a schema changes.
 */
// Matching control characters is the point here.
// eslint-disable-next-line no-control-regex
const HEADER_BREAKERS = /[\u0000-\u001f\u007f\u0085\u2028\u2029]+/g;

export function headerSafe(value: string, max = 200): string {
  return value.replace(HEADER_BREAKERS, ' ').trim().slice(0, max);
}

export function contactMail(to: string, message: ContactMessage): MailMessage {
  const name = headerSafe(message.name, 100);
  const rows: [string, string][] = [
    ['Name', message.name],
    ['Email', message.email],
    ['Phone', message.phone ? formatPhone(message.phone) : '(not given)'],
    ['Subject', message.subject],
    ['Received', message.createdAt],
  ];
  const text = [
    'A new message arrived through the contact form.',
    '',
    ...rows.map(([label, value]) => `${label}: ${value}`),
    '',
    message.message,
    '',
    'Reply to this mail to answer the sender.',
  ].join('\n');
  const html = `<!doctype html>
<html lang="en">
<body style="margin:0;padding:24px;background:#faf6ef;color:#2a2340;font-family:Arial,Helvetica,sans-serif;font-size:16px">
<div style="max-width:600px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
<h1 style="margin:0 0 16px;font-family:Georgia,serif;font-size:22px;color:#3b2a5c">New contact message</h1>
<table style="border-collapse:collapse;margin:0 0 16px">
${rows
  .map(
    ([label, value]) =>
      `<tr><th style="text-align:left;padding:2px 12px 2px 0;vertical-align:top">${label}</th><td style="padding:2px 0">${escapeHtml(value)}</td></tr>`,
  )
  .join('\n')}
</table>
<div style="white-space:pre-wrap;line-height:1.5;border-left:3px solid #c9a96e;padding-left:12px">${escapeHtml(message.message)}</div>
<p style="margin:24px 0 0;font-size:13px;color:#5d5670">Reply to this mail to answer the sender.</p>
</div>
</body>
</html>`;
  return {
    to,
    // The subject comes from a fixed list; the name is cleaned of anything that could start a new header.
    subject: headerSafe(`Contact form: ${message.subject} from ${name}`, 250),
    text,
    html,
    // Only the address (validated as an email: no spaces, commas or line breaks), so a crafted display name
    // cannot add recipients.
    replyTo: headerSafe(message.email, 254),
  };
}

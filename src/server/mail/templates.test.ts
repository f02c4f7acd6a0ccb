import { describe, expect, it } from 'vitest';
import { emailChangedMail, otpMail, passwordChangedMail } from './templates';

describe('account mail templates', () => {
  it('OTP mail: code, lifetime and the "did not ask" line in both parts', () => {
    const mail = otpMail({ to: 'a@b.co', code: '012345', lifetimeMinutes: 10 });
    for (const part of [mail.text, mail.html ?? '']) {
      expect(part).toContain('012345');
      expect(part).toContain('10 minutes');
      expect(part).toContain('You did not ask for this?');
    }
  });

  it('escapes values placed in HTML', () => {
    const mail = emailChangedMail({ to: 'a@b.co', username: '<b>x</b>', newEmail: '"q"@example.com' });
    expect(mail.html).not.toContain('<b>x</b>');
    expect(mail.html).toContain('&lt;b&gt;x&lt;/b&gt;');
    expect(mail.text).toContain('"q"@example.com');
    const changed = passwordChangedMail({ to: 'a@b.co', username: 'a&b', how: 'changed' });
    expect(changed.html).toContain('a&amp;b');
  });
});

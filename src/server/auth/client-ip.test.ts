import { describe, expect, it } from 'vitest';
import { normaliseClientIp } from './client-ip';

describe('normaliseClientIp', () => {
  it.each([
    ['203.0.113.9', '203.0.113.9'],
    [' 203.0.113.9 ', '203.0.113.9'],
    ['::ffff:203.0.113.9', '203.0.113.9'],
    ['::FFFF:cb00:7109', '203.0.113.9'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:0DB8:0001:0002:aaaa:bbbb:cccc:dddd', '2001:db8:1:2::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    [undefined, 'unknown'],
    ['', 'unknown'],
    ['not-an-ip', 'invalid'],
    ['1.2.3.4, 5.6.7.8', 'invalid'],
  ])('%s → %s', (raw, expected) => {
    expect(normaliseClientIp(raw)).toBe(expected);
  });
});

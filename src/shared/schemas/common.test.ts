import { describe, expect, it } from 'vitest';
import {
  EmailSchema,
  formBoolean,
  formNumber,
  HttpUrlSchema,
  IdSchema,
  isHttpUrl,
  isSitePath,
  optionalText,
  parseJsonText,
  textList,
} from './common';

describe('IdSchema: 24 lower-case hex characters on both stores', () => {
  it.each([
    ['0123456789abcdef01234567', true],
    ['0123456789ABCDEF01234567', false],
    ['0123456789abcdef0123456', false],
    ['0123456789abcdef012345678', false],
    ['0123456789abcdef0123456g', false],
    ['', false],
  ])('%j → %s', (id, ok) => {
    expect(IdSchema.safeParse(id).success).toBe(ok);
  });
});

describe('URLs and site paths', () => {
  const expectKind = (value: string, http: boolean, site: boolean) => {
    expect(isHttpUrl(value)).toBe(http);
    expect(isSitePath(value)).toBe(site);
    expect(HttpUrlSchema.safeParse(value).success).toBe(http);
  };

  it.each(['https://example.org/book', 'http://example.org', 'HTTPS://EXAMPLE.ORG/x'])(
    '%j is an http(s) URL',
    (value) => {
      expectKind(value, true, false);
    },
  );

  it.each(['/service', '/service/0123456789abcdef01234567'])('%j is a site path', (value) => {
    expectKind(value, false, true);
  });

  // Another origin in disguise, another scheme, half an address, or a path the site cannot have.
  it.each([
    '//evil.example/x',
    '/\\evil.example',
    'javascript:alert(1)',
    'mailto:a@example.org',
    'https://',
    '/a path',
    '/"onmouseover',
    'service',
  ])('%j is neither an http(s) URL nor a site path', (value) => {
    expectKind(value, false, false);
  });
});

describe('form values', () => {
  it.each([
    [undefined, true],
    ['', true],
    [null, true],
    ['true', true],
    ['on', true],
    ['false', false],
    ['0', false],
    [false, false],
  ])('formBoolean(true) reads %j as %s', (value, expected) => {
    expect(formBoolean(true).parse(value)).toBe(expected);
  });

  it.each(['yes', 2, {}])('formBoolean refuses %j', (value) => {
    expect(formBoolean(false).safeParse(value).success).toBe(false);
  });

  it.each([
    ['12', 12],
    [' 12.5 ', 12.5],
    [7, 7],
    ['0', 0],
  ])('formNumber reads %j as %s', (value, expected) => {
    expect(formNumber('Required').parse(value)).toBe(expected);
  });

  it.each([
    ['', 'Required'],
    ['   ', 'Required'],
    [undefined, 'Required'],
    ['abc', 'Must be a number'],
    ['Infinity', 'Must be a number'],
  ])('formNumber refuses %j with %j', (value, message) => {
    const result = formNumber('Required').safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });

  it.each([
    [undefined, ''],
    [null, ''],
    ['  padded  ', 'padded'],
  ])('optionalText reads %j as %j', (value, expected) => {
    expect(optionalText().parse(value)).toBe(expected);
  });
});

describe('list fields (multipart sends them as JSON text)', () => {
  it.each([
    ['["a","b"]', ['a', 'b']],
    ['', []],
    ['   ', []],
    [['x'], ['x']],
    ['not json', 'not json'],
    [42, 42],
  ])('parseJsonText(%j) → %j', (value, expected) => {
    expect(parseJsonText(value)).toEqual(expected);
  });

  it('drops blank entries, trims, and caps the count', () => {
    expect(textList().parse(JSON.stringify([' a ', '', '  ', 'b']))).toEqual(['a', 'b']);
    expect(textList().parse(undefined)).toEqual([]);
    expect(textList(2).safeParse(['a', 'b', 'c']).success).toBe(false);
    expect(textList(5, 3).safeParse(['abcd']).success).toBe(false);
  });
});

describe('EmailSchema', () => {
  it.each([
    [' Guide@Example.ORG ', 'guide@example.org'],
    ['a.b+c@example.co.in', 'a.b+c@example.co.in'],
  ])('normalises %j to %j', (value, expected) => {
    expect(EmailSchema.parse(value)).toBe(expected);
  });

  it.each(['', 'guide', 'guide@', '@example.org', `${'a'.repeat(250)}@example.org`])('refuses %j', (value) => {
    expect(EmailSchema.safeParse(value).success).toBe(false);
  });
});

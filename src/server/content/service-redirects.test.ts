import { describe, expect, it } from 'vitest';
import { parseRedirectsFile, redirectsFileText, serviceRedirects } from './service-redirects';

const A = 'aaaaaaaaaaaaaaaaaaaaaaa1';
const B = 'bbbbbbbbbbbbbbbbbbbbbbb2';
const C = 'ccccccccccccccccccccccc3';

describe('serviceRedirects: old addresses of the built services', () => {
  it('sends the id address and every earlier slug to the current slug, never a live address', () => {
    const redirects = serviceRedirects([
      { _id: A, slug: 'tarot-reading', previousSlugs: ['tarot', 'reading'] },
      // 'reading' is B's page now: A's old link to it stays with B.
      { _id: B, slug: 'reading' },
      // Saved before slugs: its id address is its page.
      { _id: C },
    ]);
    expect(redirects).toEqual([
      { from: `/service/${A}`, to: '/service/tarot-reading' },
      { from: '/service/tarot', to: '/service/tarot-reading' },
      { from: `/service/${B}`, to: '/service/reading' },
    ]);
  });

  it('writes Netlify rules the local server reads back the same', () => {
    const redirects = serviceRedirects([{ _id: A, slug: 'tarot-reading', previousSlugs: ['tarot'] }]);
    const text = redirectsFileText(redirects);
    expect(text.split('\n').filter((line) => line && !line.startsWith('#'))).toEqual([
      `/service/${A} /service/tarot-reading 301`,
      '/service/tarot /service/tarot-reading 301',
    ]);
    expect([...parseRedirectsFile(text)]).toEqual(redirects.map(({ from, to }) => [from, to]));
  });
});

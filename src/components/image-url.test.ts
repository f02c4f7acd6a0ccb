import { describe, expect, it } from 'vitest';
import { absoluteImageUrl, cdnUrl, isCdnSource, responsiveImage } from './image-url';

describe('responsive images through the Netlify Image CDN', () => {
  it('resizes media served by the site, with a srcset capped at the widest useful size', () => {
    const image = responsiveImage('/media/abc123.jpg', 800);
    expect(image?.src).toBe('/.netlify/images?url=%2Fmedia%2Fabc123.jpg&w=800&q=75&fm=webp');
    expect(image?.srcset.split(', ').map((entry) => entry.split(' ')[1])).toEqual(['360w', '480w', '640w', '800w']);
  });

  it.each([
    ['https://cdn.example.org/a.jpg', 'https://cdn.example.org/a.jpg'],
    ['/images/about-portrait.svg', '/images/about-portrait.svg'],
  ])('uses %s as it is (remote hosts need an allow-list; SVG needs no resizing)', (input, src) => {
    expect(responsiveImage(input)).toEqual({ src, srcset: '' });
  });

  it.each(['', null, undefined, 'javascript:alert(1)', '//evil.example/x.png'])('draws nothing for %j', (input) => {
    expect(responsiveImage(input)).toBeNull();
  });

  it('knows which sources the CDN can take', () => {
    expect(isCdnSource('/media/a.png')).toBe(true);
    expect(isCdnSource('/images/a.svg')).toBe(false);
    expect(isCdnSource('//host/a.png')).toBe(false);
  });

  it('gives crawlers an absolute JPEG for sharing', () => {
    expect(absoluteImageUrl('/media/a.png', 'https://soulguidance.in')).toBe(
      `https://soulguidance.in${cdnUrl('/media/a.png', 1200, 'jpg')}`,
    );
    expect(absoluteImageUrl('', 'https://soulguidance.in')).toBeNull();
  });
});

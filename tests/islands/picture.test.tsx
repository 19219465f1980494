import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { NARROW_SCREEN, Picture, type ImageSource } from '../../src/islands/images.tsx';

const slot = { widths: [480, 800], sizes: '100vw' };
const wide: ImageSource = { src: '/images/wide.jpg', width: 1600, height: 900, hash: 'wideHash', format: 'jpeg' };
const crop: ImageSource = { src: '/images/crop.png', width: 600, height: 600, hash: 'cropHash', format: 'png' };
const sources = (html: string) => [...html.matchAll(/<source ([^>]*)\/>/g)].map((m) => m[1]!);

describe('Picture', () => {
  it('offers phones the narrow image first, in every format, with its own size', () => {
    const html = renderToString(<Picture image={wide} slot={slot} alt="A dashboard" narrow={crop} />);
    const [avif, webp, png, ...rest] = sources(html);
    for (const source of [avif, webp, png]) {
      expect(source).toContain(`media="${NARROW_SCREEN}"`);
      expect(source).toContain('width="600" height="600"');
      expect(source).toContain('/assets/img/cropHash-480.');
    }
    expect([avif, webp, png].map((s) => /type="([^"]+)"/.exec(s!)![1])).toEqual(['image/avif', 'image/webp', 'image/png']);
    // Then the image for every other screen, as without a narrow one.
    expect(rest.map((s) => /type="([^"]+)"/.exec(s)![1])).toEqual(['image/avif', 'image/webp']);
    expect(rest.join()).not.toContain('media=');
    expect(html).toContain('<img src="/assets/img/wideHash-800.jpg"');
  });

  it('gives an SVG and its narrow crop as they are', () => {
    const svg = { src: '/images/hero.svg', width: 1200, height: 800 };
    const html = renderToString(<Picture image={svg} slot={slot} alt="A dashboard" narrow={{ src: '/images/hero-phone.svg', width: 592, height: 520 }} />);
    expect(sources(html)).toEqual([`media="${NARROW_SCREEN}" srcSet="/images/hero-phone.svg" width="592" height="520"`]);
    expect(html).toMatch(/^<picture><source [^>]*\/><img src="\/images\/hero.svg" alt="A dashboard" width="1200" height="800"/);
  });

  it('is a plain image, or a picture of the image alone, without a narrow one', () => {
    expect(renderToString(<Picture image={{ src: '/images/hero.svg', width: 1200, height: 800 }} slot={slot} alt="" />)).toMatch(/^<img /);
    expect(sources(renderToString(<Picture image={wide} slot={slot} alt="" />)).join()).not.toContain('media=');
  });
});

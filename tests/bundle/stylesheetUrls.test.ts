import { describe, expect, it } from 'vitest';
import { stylesheetFileName, stylesheetUnder } from '../../src/bundle/stylesheetUrls.ts';

describe('a stylesheet under a base', () => {
  const css = `.a{background:url(/images/a.svg)}.b{background:url("/images/b c.png")}.c{background:url(data:image/png;base64,AAAA)}.d{background:url(https://cdn.example/d.png)}.e:after{content:"url(/not/a/url)"}`;
  const sheet = { fileName: stylesheetFileName(css), css };

  it('puts every url() of the site under the base, and nothing else', () => {
    const rebased = stylesheetUnder(sheet, '/previews/pr-42');
    expect(rebased.css).toContain('url(/previews/pr-42/images/a.svg)');
    expect(rebased.css).toMatch(/url\("?\/previews\/pr-42\/images\/b c\.png"?\)/);
    expect(rebased.css).toContain('data:image/png;base64,AAAA');
    expect(rebased.css).toContain('url(https://cdn.example/d.png)');
    expect(rebased.css).toContain('"url(/not/a/url)"');
    expect(rebased.fileName).toBe(stylesheetFileName(rebased.css));
    expect(rebased.fileName).not.toBe(sheet.fileName);
  });

  it('leaves the stylesheet as it is without a base', () => {
    expect(stylesheetUnder(sheet, '')).toBe(sheet);
  });
});

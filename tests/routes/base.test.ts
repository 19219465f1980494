import { describe, expect, it } from 'vitest';
import { parseBase } from '../../src/routes/base.ts';
import { absoluteUrl, placeSite, siteUrl } from '../../src/routes/urls.ts';

describe('--base', () => {
  it('is normalised: trailing slashes dropped, the root is no base', () => {
    expect(parseBase('/previews/pr-42')).toEqual({ base: '/previews/pr-42' });
    expect(parseBase('/previews/pr-42/')).toEqual({ base: '/previews/pr-42' });
    expect(parseBase('/previews/pr-42///')).toEqual({ base: '/previews/pr-42' });
    expect(parseBase('/')).toEqual({ base: '' });
    expect(parseBase('/a_b~c/v1.2')).toEqual({ base: '/a_b~c/v1.2' });
  });

  it('refuses a path that is not plain: relative, empty parts, dot parts, characters needing escapes', () => {
    for (const value of [
      'previews/pr-42',
      '',
      '//previews',
      '/previews//pr-42',
      '/previews/../etc',
      '/./x',
      '/.hidden',
      '/pr 42',
      '/pr%2042',
      '/pr?x',
      '/pr#x',
      '/pr"x',
      "/pr'x",
      '/pr(1)',
      '/é',
      '/a\\b',
    ]) {
      expect('problem' in parseBase(value), value).toBe(true);
    }
    expect(parseBase('previews/pr-42')).toEqual({ problem: 'must start with / (as in /previews/pr-42); it is "previews/pr-42"' });
  });
});

describe('site URLs under a base', () => {
  it('puts the site’s own paths under the base and leaves every other URL as it is', () => {
    expect(siteUrl('/previews/pr-42', '/')).toBe('/previews/pr-42/');
    expect(siteUrl('/previews/pr-42', '/about')).toBe('/previews/pr-42/about');
    expect(siteUrl('/previews/pr-42', '/news-insights?q=x#top')).toBe('/previews/pr-42/news-insights?q=x#top');
    for (const url of ['#main', 'https://app.touchline.example', 'mailto:a@b.example', '//cdn.example/x.js', 'relative/path'])
      expect(siteUrl('/previews/pr-42', url)).toBe(url);
    expect(siteUrl('', '/about')).toBe('/about');
  });

  it('makes absolute URLs of the site URL, the base and the route', () => {
    const site = placeSite({ url: 'https://www.touchline.example' }, { base: '/previews/pr-42', siteUrl: 'https://preview.touchline.example/' });
    expect(site.url).toBe('https://preview.touchline.example/previews/pr-42');
    expect(absoluteUrl(site, '/')).toBe('https://preview.touchline.example/previews/pr-42/');
    expect(absoluteUrl(site, '/articles/value-banks')).toBe('https://preview.touchline.example/previews/pr-42/articles/value-banks');
    const live = { url: 'https://www.touchline.example' };
    expect(placeSite(live, { base: '' })).toBe(live);
    expect(absoluteUrl(live, '/')).toBe('https://www.touchline.example/');
    expect(absoluteUrl(live, '/about')).toBe('https://www.touchline.example/about');
  });
});

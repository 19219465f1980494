import { describe, expect, it } from 'vitest';
import { CACHE_IMMUTABLE, CACHE_REVALIDATE, cacheControlFor, contentTypeFor } from '../../src/hosting/policy.ts';

describe('hosting policy', () => {
  it('caches content-hashed assets for a year and revalidates everything else', () => {
    expect(cacheControlFor('assets/site-AbC123.css')).toBe(CACHE_IMMUTABLE);
    expect(cacheControlFor('assets/island-Carousel-X1.js')).toBe(CACHE_IMMUTABLE);
    for (const file of ['index.html', 'about/index.html', 'sitemap.xml', 'feed.xml', 'robots.txt', 'images/logo.svg']) {
      expect(cacheControlFor(file), file).toBe(CACHE_REVALIDATE);
    }
  });

  it('gives text a charset and binary files their plain type', () => {
    expect(contentTypeFor('about/index.html')).toBe('text/html; charset=utf-8');
    expect(contentTypeFor('assets/loader-X.js')).toBe('text/javascript; charset=utf-8');
    expect(contentTypeFor('images/logo.svg')).toBe('image/svg+xml; charset=utf-8');
    expect(contentTypeFor('data.json')).toBe('application/json; charset=utf-8');
    expect(contentTypeFor('images/photo.png')).toBe('image/png');
    expect(contentTypeFor('fonts/inter.woff2')).toBe('font/woff2');
    expect(contentTypeFor('download.unknownext')).toBe('application/octet-stream');
  });
});

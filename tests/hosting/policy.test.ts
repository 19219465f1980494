import { describe, expect, it } from 'vitest';
import { CACHE_IMMUTABLE, CACHE_REVALIDATE, cacheControlFor, contentTypeFor } from '../../src/hosting/policy.ts';

describe('hosting policy', () => {
  it('caches for a year only the files the build names by their content, and revalidates everything else', () => {
    // As the build names them: the stylesheet, esbuild's entries and chunks, shared props, processed images, a template's data files.
    for (const file of [
      'assets/site-2nrxJfFgsn.css',
      'assets/island-Carousel-2POPKNUT.js',
      'assets/loader-RRKSZM5T.js',
      'assets/chunk-ZZ5QWERT.js',
      'assets/props/NavMenus-C0HH3His8Xol.json',
      'assets/img/Xb3kq0PzR1t9aQw2-640.webp',
      'assets/img/Xb3kq0PzR1t9aQw2-og50x30.jpg',
      'assets/blog/C0HH3His8Xol/words/ab.json',
    ]) {
      expect(cacheControlFor(file), file).toBe(CACHE_IMMUTABLE);
    }
    // An editor's file put under assets/ (which check now refuses) changes under its name: never kept for a year.
    for (const file of [
      'assets/terms.txt',
      'assets/site.css',
      'assets/img/logo.png',
      'assets',
      'index.html',
      'about/index.html',
      'sitemap.xml',
      'feed.xml',
      'robots.txt',
      'images/logo.svg',
      'images/photo-Xb3kq0PzR1t9aQw2.jpg',
    ]) {
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

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureCopy, runCli } from '../helpers/fixture.ts';

let fx: Awaited<ReturnType<typeof fixtureCopy>>;
beforeAll(async () => {
  fx = await fixtureCopy();
});
afterAll(() => fx?.remove());

const build = (...args: string[]) => runCli('build', '--content', fx.content, '--out', fx.out, ...args);
const page = (file: string) => readFile(path.join(fx.out, file), 'utf8');

describe('builds with and without --base into one output', () => {
  it('never reuse a page, a markdown body or an island rendered for the other base', async () => {
    const plain = async () => ({ home: await page('index.html'), article: await page('articles/second-look/index.html') });
    expect((await build()).code).toBe(0);
    const before = await plain();
    expect(before.article).toContain('href="/privacy-policy"');

    // The second build's cache holds every page and body of the first: none may be taken for this base.
    expect((await build('--base', '/previews/pr-42/')).code).toBe(0);
    const article = await page('articles/second-look/index.html');
    expect(article).toContain('href="/previews/pr-42/privacy-policy"');
    expect(article).toContain('src="/previews/pr-42/images/articles/cfl-sponsorship-tracking/slide-1.svg"');
    expect(article).toContain('<html lang="en" data-base="/previews/pr-42">');
    expect(article).not.toMatch(/(href|src)="\/(?!previews\/pr-42\/)/);
    expect(await page('index.html')).not.toMatch(/(href|src)="\/(?!previews\/pr-42\/)/);

    // And back: the plain build's pages are those of the first, byte for byte.
    expect((await build()).code).toBe(0);
    expect(await plain()).toEqual(before);
  }, 30_000);

  it('refuse a --base that is not a plain path, and a --site-url that is not an address, with a usage error', async () => {
    for (const base of ['previews/pr-42', '/previews/../x', '/pr 42', '/previews//pr-42']) {
      const { code, stderr } = await build('--base', base);
      expect(code, base).toBe(2);
      expect(stderr, base).toContain("option '--base <path>' argument");
    }
    for (const url of ['preview.touchline.example', 'ftp://preview.touchline.example', 'https://preview.touchline.example/?pr=42']) {
      expect((await build('--site-url', url)).code, url).toBe(2);
    }
    expect((await runCli('serve', fx.out, '--base', 'pr-42')).code).toBe(2);
  });

  it('makes canonical links, og:url, the sitemap and the feed of --site-url and --base', async () => {
    expect((await build('--base', '/previews/pr-42', '--site-url', 'https://preview.touchline.example')).code).toBe(0);
    const home = await page('index.html');
    expect(home).toContain('<link rel="canonical" href="https://preview.touchline.example/previews/pr-42/"/>');
    expect(home).toContain('<meta property="og:url" content="https://preview.touchline.example/previews/pr-42/"/>');
    expect(await page('sitemap.xml')).toContain('<loc>https://preview.touchline.example/previews/pr-42/articles/second-look</loc>');
    expect(await page('feed.xml')).toContain('<link href="https://preview.touchline.example/previews/pr-42/articles/second-look"/>');
  });
});

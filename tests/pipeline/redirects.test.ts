import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteServer, listen } from '../../src/serve/server.ts';
import { fixtureCopy, runCli } from '../helpers/fixture.ts';

let fx: Awaited<ReturnType<typeof fixtureCopy>>;
beforeAll(async () => {
  fx = await fixtureCopy();
});
afterAll(() => fx?.remove());

const REDIRECTS = [
  'redirects:',
  '  - from: /blog',
  '    to: /news-insights',
  '    permanent: true',
  '  - from: /articles/first-look',
  '    to: /articles/second-look',
  '',
].join('\n');

const build = (...args: string[]) => runCli('build', '--content', fx.content, '--out', fx.out, ...args);
const output = (file: string) => readFile(path.join(fx.out, file), 'utf8');

/** Serves the output as `sitegen serve` does, for one request. */
async function served(pathname: string, base = ''): Promise<Response> {
  const server: http.Server = createSiteServer(fx.out, { base });
  try {
    return await fetch(`http://127.0.0.1:${await listen(server, 0)}${pathname}`, { redirect: 'manual' });
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

describe('a site with content/redirects.yaml', () => {
  it('builds a page at each old address, counted apart and left out of the sitemap, and serves each with its status', async () => {
    const plain = await build();
    const assets = /^built 8 pages and (\d+) assets /.exec(plain.stderr)?.[1];
    expect(assets, plain.stderr).toBeDefined();
    await fx.write('redirects.yaml', REDIRECTS);
    const built = await build();
    expect(built.code, built.stdout).toBe(0);
    expect(built.stderr).toMatch(new RegExp(`^built 8 pages, 2 redirects and ${assets} assets `));
    expect(await output('blog/index.html')).toContain('<meta http-equiv="refresh" content="0; url=/news-insights" />');
    expect(await output('articles/first-look/index.html')).toContain('<link rel="canonical" href="https://www.touchline.example/articles/second-look" />');
    const sitemap = await output('sitemap.xml');
    expect(sitemap).toContain('/articles/second-look</loc>');
    expect(sitemap).not.toMatch(/\/blog<|first-look/);

    const blog = await served('/blog');
    expect([blog.status, blog.headers.get('location')]).toEqual([301, '/news-insights']);
    const article = await served('/articles/first-look');
    expect([article.status, article.headers.get('location')]).toEqual([302, '/articles/second-look']);
  }, 60_000);

  it('with --base: the pages and the served Location lead under the base', async () => {
    await fx.write('redirects.yaml', REDIRECTS);
    const built = await build('--base', '/previews/pr-7', '--site-url', 'https://preview.touchline.example');
    expect(built.code, built.stdout).toBe(0);
    const page = await output('blog/index.html');
    expect(page).toContain('url=/previews/pr-7/news-insights"');
    expect(page).toContain('<link rel="canonical" href="https://preview.touchline.example/previews/pr-7/news-insights" />');
    const blog = await served('/previews/pr-7/blog', '/previews/pr-7');
    expect([blog.status, blog.headers.get('location')]).toEqual([301, '/previews/pr-7/news-insights']);
  }, 60_000);

  it('warns of a link to an old address, and names the page to link to instead', async () => {
    await fx.write('redirects.yaml', REDIRECTS);
    await fx.edit('articles/first-steps.md', (t) =>
      t.replace(
        'A clean inventory is the base of every sponsorship sale.',
        'A clean inventory is the base of every sponsorship sale, as [the blog](/blog) says.',
      ),
    );
    const { code, stdout } = await build();
    expect(code, stdout).toBe(0);
    expect(stdout).toMatch(
      /first-steps\.md:13:61 {2}warning: link "\/blog" leads to \/blog, an old address redirected to \/news-insights: link to \/news-insights {2}\[link\/redirected\]/,
    );
  }, 60_000);

  it('stops the build at a redirect that would hide a page or lead nowhere, with the place of each', async () => {
    await fx.write('redirects.yaml', ['redirects:', '  - from: /legal', '    to: /news-insights', '  - from: /old', '    to: /new', ''].join('\n'));
    const { code, stdout } = await build();
    expect(code).toBe(1);
    const file = path.relative(process.cwd(), fx.file('redirects.yaml'));
    expect(stdout).toContain(`${file}:2:11  /legal is the address of a page (legal.yaml): a redirect would hide it  [redirects/from-page]`);
    expect(stdout).toContain(`${file}:5:9  no page has the address /new  [redirects/broken]`);
  }, 60_000);

  it('stops at an old address whose page would take the place of a page or land in the assets, before a page is written', async () => {
    const froms = ['/index.html', '/legal/index.html', '/Legal', '/assets', '/assets/x'];
    await fx.write('redirects.yaml', ['redirects:', ...froms.flatMap((from) => [`  - from: ${from}`, '    to: /news-insights']), ''].join('\n'));
    const out = path.join(fx.dir, 'fresh');
    const { code, stdout } = await runCli('build', '--content', fx.content, '--out', out);
    expect(code).toBe(1);
    const file = path.relative(process.cwd(), fx.file('redirects.yaml'));
    froms.forEach((from, i) => expect(stdout).toContain(`${file}:${2 + 2 * i}:11  ${from} `));
    expect(stdout.match(/\[redirects\/from-page\]/g)).toHaveLength(froms.length);
    expect(stdout).not.toContain('ENOTDIR');
    // Stopped at the plan: no output at all.
    expect(existsSync(out)).toBe(false);
  }, 60_000);

  it('says a redirect leads to a page with errors of its own, not to a draft', async () => {
    await fx.write('redirects.yaml', 'redirects:\n  - from: /blog\n    to: /news-insights\n');
    await fx.edit('pages/news-insights.yaml', (t) => `${t}headline-typo: Latest news\n`);
    const { code, stdout } = await build();
    expect(code).toBe(1);
    expect(stdout).toContain(
      '/news-insights is news-insights.yaml, which this build does not publish until its errors are fixed: the redirect would lead nowhere  [redirects/broken]',
    );
  }, 60_000);
});

import { mkdir, realpath, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compareSites } from '../../src/diff/compare.ts';
import { diffJson, diffMarkdown, diffText } from '../../src/diff/diffFormats.ts';
import { DiffInputError, manifestOfFolder, manifestText, PAGE_MANIFEST_VERSION, parseManifest, type PageManifest } from '../../src/diff/pageManifest.ts';
import { REDIRECTS_FILE, type RedirectRecord } from '../../src/hosting/redirects.ts';
import { smallBuiltSite } from '../helpers/builtSite.ts';

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

const site = (redirects?: RedirectRecord): PageManifest => ({
  format: 'sitegen-pages',
  version: PAGE_MANIFEST_VERSION,
  pages: { '/': 'a' },
  files: {},
  assets: {},
  ...(redirects && { redirects }),
});

describe('the page manifest of a site with redirects', () => {
  it('lists each redirect by its old address with where it leads, and not as a page', async () => {
    const dir = await smallBuiltSite();
    dirs.push(dir);
    await mkdir(path.join(dir, 'pricing'));
    await writeFile(path.join(dir, 'pricing/index.html'), '<!DOCTYPE html><title>Moved</title>');
    await writeFile(path.join(dir, REDIRECTS_FILE), JSON.stringify({ '/pricing': { location: '/about', status: 302 } }));
    const manifest = await manifestOfFolder(dir);
    expect(Object.keys(manifest.pages)).toEqual(['/', '/404.html', '/about']);
    expect(manifest.redirects).toEqual({ '/pricing': { location: '/about', status: 302 } });
    // Written and read back as publish stores it beside the site.
    expect(parseManifest(manifestText(manifest), 'pages.json')).toEqual(manifest);
  });

  it('refuses a folder whose record of redirects is damaged, with a line that says what to do', async () => {
    const dir = await smallBuiltSite();
    dirs.push(dir);
    await writeFile(path.join(dir, REDIRECTS_FILE), '{"/pricing": ');
    const record = path.join(await realpath(dir), REDIRECTS_FILE);
    await expect(manifestOfFolder(dir)).rejects.toThrow(new DiffInputError(`${record} is damaged: build the site again`));
  });

  it('reads a manifest written before sitegen had redirects, and says nothing of redirects for a site without any', async () => {
    const older = parseManifest(manifestText(site()), 'live.json');
    expect(older.redirects).toBeUndefined();
    const dir = await smallBuiltSite();
    dirs.push(dir);
    expect(await manifestOfFolder(dir)).not.toHaveProperty('redirects');
  });
});

describe('sitegen diff and redirects', () => {
  const before = site({
    '/old-blog': { location: '/news-insights', status: 301 },
    '/pricing': { location: '/contact', status: 302 },
    '/team': { location: '/about', status: 302 },
  });
  const after = site({
    '/old-blog': { location: '/news-insights', status: 301 },
    '/pricing': { location: '/pricing-preview', status: 302 },
    '/partners': { location: 'https://partners.touchline.example/', status: 301 },
  });
  const diff = compareSites(before, after);

  it('lists added, changed and removed redirects, one line each: from → to, with the status and what a changed one was', () => {
    expect(diff.redirects).toEqual({
      added: [{ from: '/partners', location: 'https://partners.touchline.example/', status: 301 }],
      changed: [{ from: '/pricing', location: '/pricing-preview', status: 302, was: { location: '/contact', status: 302 } }],
      removed: [{ from: '/team', location: '/about', status: 302 }],
    });
    expect(diffText(diff)).toBe(
      [
        'redirects: 1 added, 1 changed, 1 removed',
        '  + /partners → https://partners.touchline.example/ (301)',
        '  ~ /pricing → /pricing-preview (302; was → /contact (302))',
        '  - /team → /about (302)',
        '',
      ].join('\n'),
    );
    expect(JSON.parse(diffJson(diff)).redirects).toEqual(diff.redirects);
  });

  it('markdown: the heading counts them, and a list per kind holds each as code', () => {
    expect(diffMarkdown(diff)).toBe(
      [
        '### 3 redirects changed',
        '',
        '**Added redirects (1)**',
        '',
        '- `/partners → https://partners.touchline.example/ (301)`',
        '',
        '**Changed redirects (1)**',
        '',
        '- `/pricing → /pricing-preview (302; was → /contact (302))`',
        '',
        '**Removed redirects (1)**',
        '',
        '- `/team → /about (302)`',
        '',
      ].join('\n'),
    );
  });

  it('says nothing of redirects that did not change, nor against a manifest that predates them when there are none', () => {
    expect(compareSites(after, after)).not.toHaveProperty('redirects');
    expect(diffText(compareSites(site(), site()))).toBe('no page, other file or asset changed\n');
    expect(compareSites(site(), after).redirects?.added.map((r) => r.from)).toEqual(['/old-blog', '/partners', '/pricing']);
  });
});

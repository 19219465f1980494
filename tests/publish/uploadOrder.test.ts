import { describe, expect, it } from 'vitest';
import { linkedKeys, uploadSteps } from '../../src/publish/uploadOrder.ts';
import type { SiteFile } from '../../src/publish/siteObjects.ts';
import { seededRandom } from '../helpers/project.ts';

const page = (route: string): SiteFile => ({
  file: route ? `${route}/index.html` : 'index.html',
  keys: route ? [`${route}/index.html`, route] : ['index.html'],
  size: 1,
  etags: ['e'],
  contentType: 'text/html; charset=utf-8',
  cacheControl: 'no-cache',
  phase: 'pages',
});
const other = (file: string, phase: 'assets' | 'lists'): SiteFile => ({ ...page(''), file, keys: [file], phase });
const names = (steps: SiteFile[][]) => steps.map((step) => step.map((f) => f.file));

describe('linkedKeys', () => {
  it('reads the keys of href and src values inside the site, as the website endpoint resolves them', () => {
    const html =
      '<a href="/">h</a><a href="/articles/a#x">a</a><a href="/legal/?q=1">l</a><img src="/images/a%20b.svg"><a href="//cdn.example/x">c</a><a href="https://x.example/y">x</a><a href="mailto:a@b">m</a><a href="#top">t</a><a data-href="/no">n</a>';
    expect(linkedKeys(html)).toEqual(['index.html', 'articles/a', 'legal/index.html', 'images/a b.svg']);
  });
});

describe('uploadSteps', () => {
  it('puts assets first, then new pages after the new pages they link to, then changed pages, then lists of pages', () => {
    const [home, blog, a, b, legal] = [page(''), page('blog'), page('a'), page('b'), page('legal')];
    const css = other('assets/site-1.css', 'assets');
    const sitemap = other('sitemap.xml', 'lists');
    const uploads = [sitemap, home, blog, a, b, legal, css];
    const links = new Map([
      [blog, ['a', 'b', 'blog', 'index.html']],
      [a, ['b', 'index.html']],
      [b, ['index.html']],
    ]);
    expect(names(uploadSteps(uploads, new Set([blog, a, b, sitemap]), links))).toEqual([
      ['assets/site-1.css'],
      ['b/index.html'],
      ['a/index.html'],
      ['blog/index.html'],
      ['index.html', 'legal/index.html'],
      ['sitemap.xml'],
    ]);
  });

  it('sends new pages that link to each other in a cycle up in one step, after what they link to and before what links to them', () => {
    const [x, y, z, w] = [page('x'), page('y'), page('z'), page('w')];
    const links = new Map([
      [x, ['y', 'z']],
      [y, ['x']],
      [w, ['x']],
    ]);
    expect(names(uploadSteps([w, x, y, z], new Set([w, x, y, z]), links))).toEqual([['z/index.html'], ['x/index.html', 'y/index.html'], ['w/index.html']]);
  });

  it('never puts a page before a new page it links to outside its cycle (seeded random link graphs)', () => {
    const random = seededRandom(25);
    for (let round = 0; round < 200; round++) {
      const pages = Array.from({ length: 2 + Math.floor(random() * 12) }, (_, i) => page(`p${i}`));
      const added = new Set(pages.filter(() => random() < 0.6));
      const links = new Map(pages.map((p) => [p, pages.filter(() => random() < 0.2).map((q) => q.keys[1]!)]));
      const steps = uploadSteps(pages, added, links);
      expect(steps.flat().sort((a, b) => (a.file < b.file ? -1 : 1))).toEqual(pages.slice().sort((a, b) => (a.file < b.file ? -1 : 1)));
      const stepOf = new Map(steps.flatMap((step, i) => step.map((p) => [p, i] as const)));
      // Which pages reach which through links to new pages (a changed page waits for them all): a cycle is two pages that reach each other.
      const reach = new Map(
        pages.map((p) => [
          p,
          new Set(
            links
              .get(p)!
              .map((key) => pages.find((q) => q.keys[1] === key)!)
              .filter((q) => added.has(q)),
          ),
        ]),
      );
      for (const k of pages) for (const i of pages) if (reach.get(i)!.has(k)) for (const j of reach.get(k)!) reach.get(i)!.add(j);
      for (const from of pages) {
        for (const to of reach.get(from)!) {
          if (!added.has(to) || !links.get(from)!.includes(to.keys[1]!) || from === to) continue;
          const cycle = reach.get(to)!.has(from);
          expect(cycle ? stepOf.get(to)! <= stepOf.get(from)! : stepOf.get(to)! < stepOf.get(from)!, `round ${round}: ${from.file} → ${to.file}`).toBe(true);
          if (cycle && added.has(from)) expect(stepOf.get(to)).toBe(stepOf.get(from));
        }
      }
    }
  });
});

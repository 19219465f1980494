import { htmlText, markdownCode, markdownText, markdownUrl, shown } from '../escape.ts';
import { formatBytes, plural } from '../text.ts';
import type { PageReview, Review, WidthReview } from './review.ts';

export interface ReviewFormatOptions {
  /** Where the review's folder is served (`https://previews.example/pr-42/sitegen-review`): the comment's images load from there. */
  imagesUrl?: string;
  /** A page that loads more than this share more bytes than before is flagged (0.1 is 10 %). */
  weightGrowth: number;
}

/** The comment shows this many pages in full (before, after and difference); the rest are listed with their share changed. */
export const SHOWN_IN_FULL = 5;

/** `12.4%`, or `< 0.1%` for a change too small to round to a tenth: never 0 for a page that changed. */
export function percent(share: number): string {
  if (share > 0 && share < 0.001) return '< 0.1%';
  return `${(share * 100).toFixed(1)}%`;
}

const widthsOf = (page: PageReview) => Object.entries(page.widths) as Array<[string, WidthReview]>;

/** Whether any width's pixels changed (an added or removed page always counts). */
export const pixelsChanged = (page: PageReview): boolean =>
  page.change === 'added' || page.change === 'removed' || widthsOf(page).some(([, width]) => (width.pixels ?? 0) > 0);

/** `12.4% changed at 390 px, 8.1% at 1280 px`, or what happened to a page on one side only. */
function shareLine(page: PageReview): string {
  if (page.change === 'added') return 'added';
  if (page.change === 'removed') return 'removed';
  return `${widthsOf(page)
    .map(([width, review], i) => `${percent(review.share ?? 0)}${i ? '' : ' changed'} at ${width} px`)
    .join(', ')}`;
}

/** What happened to a captured page: its share changed, or why its pixels are the same. */
const pageLine = (page: PageReview): string => (pixelsChanged(page) ? shareLine(page) : page.change === 'same' ? 'the same pixels' : 'changed in markup only');

interface Flag {
  route: string;
  text: string;
}

/** What a reviewer must not miss: a page that got heavier than the allowed share, and violations the old page did not have. */
export function flagsOf(review: Review, weightGrowth: number): Flag[] {
  const flags: Flag[] = [];
  for (const page of review.pages) {
    const widest = page.widths[`${Math.max(...review.widths)}` as keyof PageReview['widths']];
    const { before, after } = widest.bytes;
    if (before && after && after > before * (1 + weightGrowth))
      flags.push({ route: page.route, text: `loads ${percent(after / before - 1)} more (${formatBytes(before)} → ${formatBytes(after)})` });
    for (const [width, review] of widthsOf(page))
      for (const violation of review.newViolations)
        flags.push({
          route: page.route,
          text: `new accessibility violation at ${width} px: ${violation.id} (${violation.impact}), ${plural(violation.targets.length, 'element')}`,
        });
  }
  return flags;
}

const SITE_WIDE = (siteWide: NonNullable<Review['siteWide']>) =>
  `${siteWide.changed} of ${siteWide.pages} pages changed by their layout alone (a template, the stylesheet or an asset): a sample of them is captured`;

/** Said once above the pages shown in full. */
const LEGEND =
  'Each page shows where it changed, before and after, at each width. In the difference, blue is darker after the change, red is lighter, and orange frames mark where.';

const MASKED_LINE = (width: WidthReview) => [...new Set(width.masked.map((region) => region.reason))];

/** For a terminal: a line per captured page, the flags, and where the review is. */
export function reviewText(review: Review, options: ReviewFormatOptions & { page: string }): string {
  const asked = review.pages.filter((page) => page.change === 'same').length;
  const captured = review.pages.length - asked;
  const listed = captured + review.left.length;
  const also = asked ? ` and ${plural(asked, 'page')} asked for` : '';
  const lines = [
    listed || asked
      ? `reviewed ${captured} of ${plural(listed, 'page')} the change alters${also}, at ${review.widths.join(' and ')} px, in ${(review.took / 1000).toFixed(1)} s`
      : 'no page changed: nothing to review',
  ];
  if (review.siteWide) lines.push(SITE_WIDE(review.siteWide));
  const mark = { added: '+', changed: '~', removed: '-', same: '=' } as const;
  for (const page of review.pages) lines.push(`  ${mark[page.change]} ${shown(page.route)}  ${pageLine(page)}`);
  for (const page of review.left) lines.push(`  ${mark[page.change]} ${shown(page.route)}  not captured`);
  for (const flag of flagsOf(review, options.weightGrowth)) lines.push(`  ! ${shown(flag.route)}: ${flag.text}`);
  if (listed || asked) lines.push(`the review: ${options.page}`);
  return `${lines.join('\n')}\n`;
}

const imageUrl = (base: string, name: string) => markdownUrl(`${base.replace(/\/+$/, '')}/${name}`);

/** One row of a page's table: its width, then before, after and difference (the region that changed, or the whole page on one side only). */
function imageRow(page: PageReview, width: string, review: WidthReview, base: string): string {
  const images = review.focus?.images ?? review.images;
  // A `|` ends a table's cell even inside HTML: written as a reference, it stays text of the image's attributes.
  const cell = (name: string | undefined, what: string) => {
    if (!name) return '—';
    const image = `<img src="${htmlText(imageUrl(base, name))}" width="${width === '390' ? 150 : 260}" alt="${htmlText(`${page.route} ${what} at ${width} px`)}">`;
    return image.replace(/\|/g, '&#124;');
  };
  return `| ${width} px | ${cell(images.before, 'before')} | ${cell(images.after, 'after')} | ${cell(images.difference, 'difference')} |`;
}

/**
 * For the pull request's comment: the flags first, then the first pages whose pixels changed in
 * full (a `<details>` each, its summary the share changed; the changed region before, after and
 * the difference, at each width), then the other changed pages with their share, the pages changed
 * in markup only, and those not captured. Images load from `imagesUrl`; without it, the comment
 * says where the review is.
 */
export function reviewMarkdown(review: Review, options: ReviewFormatOptions): string {
  const lines: string[] = [];
  const listed = review.pages.length + review.left.length;
  if (!listed) return '### Visual review\n\nNo page changed.\n';
  lines.push(`### Visual review: ${plural(review.pages.length, 'page')} captured at ${review.widths.join(' and ')} px`);
  if (review.siteWide) lines.push('', `${SITE_WIDE(review.siteWide)}.`);
  const flags = flagsOf(review, options.weightGrowth);
  if (flags.length) lines.push('', '> [!WARNING]', ...flags.map((flag) => `> - ${markdownCode(flag.route)} ${markdownText(flag.text)}`));
  const moved = review.pages.filter(pixelsChanged);
  const still = review.pages.filter((page) => !pixelsChanged(page) && page.change === 'changed');
  const same = review.pages.filter((page) => !pixelsChanged(page) && page.change === 'same');
  const base = options.imagesUrl;
  if (base && moved.length) lines.push('', LEGEND);
  for (const page of moved.slice(0, base ? SHOWN_IN_FULL : 0)) {
    lines.push(
      '',
      `<details><summary><code>${htmlText(page.route)}</code>: ${htmlText(shareLine(page))}</summary>`,
      '',
      '| | Before | After | Difference |',
      '| --- | --- | --- | --- |',
    );
    for (const [width, widthReview] of widthsOf(page)) lines.push(imageRow(page, width, widthReview, base!));
    const masked = [...new Set(widthsOf(page).flatMap(([, width]) => MASKED_LINE(width)))];
    if (masked.length) lines.push('', `Masked in both: ${masked.map(markdownText).join('; ')}.`);
    lines.push('', '</details>');
  }
  const rest = moved.slice(base ? SHOWN_IN_FULL : 0);
  const list = (title: string, items: string[]) => (items.length ? ['', `**${title} (${items.length})**`, '', ...items] : []);
  lines.push(
    ...list(
      base ? 'Also changed' : 'Changed',
      rest.map((page) => `- ${markdownCode(page.route)}: ${shareLine(page)}`),
    ),
  );
  lines.push(
    ...list(
      'Changed in markup only, the same pixels at every width',
      still.map((page) => `- ${markdownCode(page.route)}`),
    ),
  );
  lines.push(
    ...list(
      'Asked for, the same pixels',
      same.map((page) => `- ${markdownCode(page.route)}`),
    ),
  );
  lines.push(
    ...list(
      'Not captured',
      review.left.map((page) => `- ${markdownCode(page.route)} (${page.change})`),
    ),
  );
  if (base) lines.push('', `Every capture in full: ${markdownUrl(`${base.replace(/\/+$/, '')}/index.html`)}`);
  return `${lines.join('\n')}\n`;
}

const HTML_STYLE = `
body{font:16px/1.5 system-ui,sans-serif;margin:0;color:#1b1f24;background:#fff}
header,main{max-width:1400px;margin:0 auto;padding:1rem 1.5rem}
h1{font-size:1.6rem;margin:.5rem 0}h2{font-size:1.25rem;margin:2rem 0 .5rem;border-top:1px solid #d0d7de;padding-top:1.5rem}
.flags{background:#fff8c5;border:1px solid #d4a72c;padding:.75rem 1rem;border-radius:6px}
.row{display:grid;grid-template-columns:repeat(3,minmax(0,1fr));gap:1rem;align-items:start}.row.wide{grid-template-columns:minmax(0,1fr)}
figure{margin:0}figcaption{font-weight:600;margin-bottom:.25rem}details{margin:1rem 0}summary{cursor:pointer;color:#0550ae;font-weight:600}
img{max-width:100%;height:auto;border:1px solid #d0d7de}
code{background:#f6f8fa;padding:0 .25rem;border-radius:4px}
a{color:#0550ae}a:focus-visible{outline:3px solid #0550ae;outline-offset:2px}
@media (max-width:700px){.row{grid-template-columns:1fr}}`;

/** The review as a page of its own (the folder's index.html): every captured page, whole, at every width, before, after and difference. */
export function reviewHtml(review: Review, options: ReviewFormatOptions): string {
  const flags = flagsOf(review, options.weightGrowth);
  // Served (--images-url), the page may be opened at its folder's address without the closing slash: relative names would then miss.
  const address = (name: string) => (options.imagesUrl ? `${options.imagesUrl.replace(/\/+$/, '')}/${name}` : name);
  const figure = (name: string | undefined, what: string, page: PageReview, width: string) =>
    name
      ? `<figure><figcaption>${what}</figcaption><a href="${htmlText(address(name))}"><img src="${htmlText(address(name))}" alt="${htmlText(`${page.route}, ${what.toLowerCase()}, at ${width} px`)}" loading="lazy"></a></figure>`
      : `<figure><figcaption>${what}</figcaption><p>None: the page is ${page.change}.</p></figure>`;
  const sections = review.pages.map((page, i) => {
    const widths = widthsOf(page).map(([width, widthReview]) => {
      const masked = MASKED_LINE(widthReview);
      const row = (images: WidthReview['images']) =>
        `<div class="row${Number(width) > 700 ? ' wide' : ''}">${figure(images.before, 'Before', page, width)}${figure(images.after, 'After', page, width)}${figure(images.difference, 'Difference', page, width)}</div>`;
      // A laptop's capture one under the other, a phone's side by side; where it changed first; the whole page folded below it, as long pages are scrolled to find one digit otherwise.
      return [
        `<h3>${width} px${widthReview.share === undefined ? '' : `: ${percent(widthReview.share)} changed`}</h3>`,
        ...(masked.length ? [`<p>Masked in both: ${masked.map(htmlText).join('; ')}.</p>`] : []),
        ...(widthReview.focus
          ? [
              `<p>From ${widthReview.focus.y} px down the page, ${widthReview.focus.height} px tall:</p>`,
              row(widthReview.focus.images),
              `<details><summary>The whole page at ${width} px</summary>${row(widthReview.images)}</details>`,
            ]
          : [row(widthReview.images)]),
      ].join('\n');
    });
    return `<section aria-labelledby="page-${i}"><h2 id="page-${i}"><code>${htmlText(page.route)}</code>: ${htmlText(pageLine(page))}</h2>\n${widths.join('\n')}</section>`;
  });
  const left = review.left.length
    ? `<h2>Not captured</h2><ul>${review.left.map((page) => `<li><code>${htmlText(page.route)}</code> (${page.change})</li>`).join('')}</ul>`
    : '';
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>Visual review: ${plural(review.pages.length, 'page')}</title><style>${HTML_STYLE}</style></head>
<body>
<header><h1>Visual review: ${plural(review.pages.length, 'page')} at ${review.widths.join(' and ')} px</h1>
<p>Before: <code>${htmlText(review.before)}</code>. After: <code>${htmlText(review.after)}</code>. In the differences, blue pixels are darker after the change and red ones lighter, orange frames mark where they are, and the rest of the page is faded.</p>
${review.siteWide ? `<p>${htmlText(SITE_WIDE(review.siteWide))}.</p>` : ''}
${flags.length ? `<div class="flags" role="note"><ul>${flags.map((flag) => `<li><code>${htmlText(flag.route)}</code> ${htmlText(flag.text)}</li>`).join('')}</ul></div>` : ''}
</header>
<main>
${sections.join('\n')}
${left}
</main>
</body>
</html>
`;
}

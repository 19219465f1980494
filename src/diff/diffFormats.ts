import { markdownCode, markdownUrl, shown, urlPath } from '../escape.ts';
import { describeMode, releaseMark, type UnreleasedPages } from '../hosting/buildMode.ts';
import { plural } from '../text.ts';
import { groupSize, type GroupChanges, type RedirectChanges, type RedirectLine, type SiteDiff } from './compare.ts';
import { dataFolder, FILE_KINDS, type FileKind } from './fileKinds.ts';

export interface DiffFormatOptions {
  /** Where the new site is previewed (`https://preview.example.com/previews/pr-42`): added and changed routes link there. */
  previewUrl?: string;
}

/** A markdown list longer than this ends with "and N more": a PR comment has a size limit, and a reader scrolls past a hundred. */
export const MARKDOWN_LIST_LIMIT = 100;

/** A markdown list longer than this is folded in a `<details>`: the comment opens on what a reviewer reads first. */
export const MARKDOWN_FOLD_OVER = 10;

/** Assets of a kind are listed up to this many; more are one line of counts (a new stylesheet shows its name, 130 search files do not). */
export const ASSETS_LISTED = 3;

const CHANGES = ['added', 'changed', 'removed'] as const;
const MARKS = { added: '+', changed: '~', removed: '-' } as const;

/**
 * One block of the diff: the paths of some kinds, listed one by one (and linked into the preview
 * unless they are assets), or only counted. `unpublished` is the block of pages the new side left out.
 */
interface Section {
  kind: FileKind;
  /** Fixed words (`pages`, `data files in`), then for a template's data files their folder. */
  name: string;
  folder?: string;
  changes: GroupChanges;
  listed: boolean;
  linked: boolean;
  /** Pages: drafts and scheduled ones are marked. */
  marked: boolean;
  unpublished?: boolean;
}

/** The names of the blocks, by kind; a template's data files are named by their folder. */
const SECTION_NAMES: Record<Exclude<FileKind, 'data'>, string> = {
  page: 'pages',
  redirect: 'redirects',
  'site-file': 'other files',
  public: 'other files',
  stylesheet: 'stylesheet',
  script: 'scripts',
  image: 'processed images',
  props: 'island props',
  asset: 'other assets',
};

function sectionOf(kind: FileKind, sitePath: string): Pick<Section, 'kind' | 'name' | 'folder' | 'listed'> {
  if (kind === 'data') return { kind, name: 'data files in', folder: dataFolder(sitePath), listed: false };
  return { kind, name: SECTION_NAMES[kind], listed: kind !== 'props' };
}

/** The blocks in reading order: pages, the pages only a preview shows, redirects, other files, then each kind of asset. */
function sections(diff: SiteDiff): Section[] {
  const blocks = new Map<string, Section>();
  const add = (group: 'pages' | 'files' | 'assets') => {
    for (const change of CHANGES) {
      for (const sitePath of diff[group][change]) {
        const named = sectionOf(diff.kinds[group][sitePath] ?? 'asset', sitePath);
        const key = `${named.name} ${named.folder ?? ''}`;
        const block = blocks.get(key) ?? { ...named, changes: { added: [], changed: [], removed: [] }, linked: group !== 'assets', marked: group === 'pages' };
        blocks.set(key, block);
        block.changes[change].push(sitePath);
      }
    }
  };
  add('pages');
  if (diff.unpublished.length)
    blocks.set('unpublished', {
      kind: 'page',
      name: 'unpublished',
      changes: { added: diff.unpublished, changed: [], removed: [] },
      listed: true,
      linked: true,
      marked: true,
      unpublished: true,
    });
  add('files');
  add('assets');
  for (const block of blocks.values()) if (!block.linked && allPaths(block.changes).length > ASSETS_LISTED) block.listed = false;
  // In the order of their kinds, the pages a plain build left out right after the pages.
  const rank = (block: Section) => FILE_KINDS.indexOf(block.kind) + (block.unpublished ? 0.5 : 0);
  return [...blocks.values()].sort((a, b) => rank(a) - rank(b));
}

const allPaths = (changes: GroupChanges) => [...changes.added, ...changes.changed, ...changes.removed];

/** The blocks shown before the redirects (pages, and the pages only a preview shows), and those after them. */
function aroundRedirects(blocks: Section[]): [Section[], Section[]] {
  const after = blocks.findIndex((block) => FILE_KINDS.indexOf(block.kind) > FILE_KINDS.indexOf('redirect'));
  return after < 0 ? [blocks, []] : [blocks.slice(0, after), blocks.slice(after)];
}

/** A redirect as one line: `/pricing → /pricing-preview (302)`, and where a changed one led before. */
function redirectLine({ from, location, status, was }: RedirectLine): string {
  return `${from} → ${location} (${status}${was ? `; was → ${was.location} (${was.status})` : ''})`;
}

/** `4 added, 126 changed`: the kinds of change there are. */
function counts(changes: GroupChanges | RedirectChanges): string {
  return CHANGES.filter((change) => changes[change].length)
    .map((change) => `${changes[change].length} ${change}`)
    .join(', ');
}

/** The mark of `route` when it is a draft or a scheduled page. */
function markOf(unreleased: UnreleasedPages, route: string): string | undefined {
  const release = unreleased[route];
  return release && releaseMark(release);
}

const UNPUBLISHED_TEXT = 'not published by merging (drafts and scheduled pages, shown by a --drafts preview)';
/** Said once under the lists when a page is marked. */
const LEGEND = {
  text: '(draft): published once its `draft: true` is removed; (scheduled for DATE): published by the first build on or after that day',
  markdown: '*(draft)*: published once its `draft: true` is removed; *(scheduled for DATE)*: published by the first build on or after that day.',
};

/** The address of a path in the preview: the path percent-encoded part by part, so a name can add no query, fragment or second line. */
function previewLink(previewUrl: string, sitePath: string): string {
  return `${previewUrl.replace(/\/+$/, '')}${urlPath(sitePath)}`;
}

const hasMarks = (diff: SiteDiff) => Object.keys(diff.unreleased).length > 0;

/**
 * For a terminal or a CI log: a line of counts per block, then, for pages and other files and a few
 * assets, one line per path (`+` added, `~` changed, `-` removed; a control character shown as its
 * escape), drafts and scheduled pages marked. Assets have no address to link to.
 */
export function diffText(diff: SiteDiff, options: DiffFormatOptions = {}): string {
  const lines: string[] = [];
  const [first, rest] = aroundRedirects(sections(diff));
  const redirects = diff.redirects;
  for (const block of [...first, ...(redirects ? ['redirects' as const] : []), ...rest]) {
    if (block === 'redirects') {
      lines.push(
        `redirects: ${counts(redirects!)}`,
        ...CHANGES.flatMap((change) => redirects![change].map((line) => `  ${MARKS[change]} ${shown(redirectLine(line))}`)),
      );
      continue;
    }
    lines.push(
      block.unpublished
        ? `${UNPUBLISHED_TEXT}: ${plural(diff.unpublished.length, 'page')}`
        : `${block.name}${block.folder === undefined ? '' : ` ${shown(block.folder)}`}: ${counts(block.changes)}`,
    );
    if (!block.listed) continue;
    for (const change of CHANGES) {
      for (const sitePath of block.changes[change]) {
        const mark = block.marked && markOf(diff.unreleased, sitePath);
        const link = options.previewUrl && block.linked && change !== 'removed' ? `  ${shown(previewLink(options.previewUrl, sitePath))}` : '';
        lines.push(`  ${block.unpublished ? ' ' : MARKS[change]} ${shown(sitePath)}${mark ? `  (${mark})` : ''}${link}`);
      }
    }
  }
  if (hasMarks(diff)) lines.push(LEGEND.text);
  const modes = diff.modes
    ? [shown(`note: the two sides were built differently: the old one is ${describeMode(diff.modes.before)}, the new one ${describeMode(diff.modes.after)}`)]
    : [];
  return `${[...modes, ...(lines.length ? lines : ['no page, other file or asset changed'])].join('\n')}\n`;
}

/** For tools: every path, `{ pages: { added, changed, removed }, files: { … }, assets: { … }, redirects?: { … }, kinds: { path: kind }, unreleased, unpublished }`. */
export function diffJson(diff: SiteDiff): string {
  return `${JSON.stringify(diff, null, 2)}\n`;
}

function markdownHeading(diff: SiteDiff): string {
  const parts = CHANGES.filter((change) => diff.pages[change].length).map((change) => `${plural(diff.pages[change].length, 'page')} ${change}`);
  if (diff.unpublished.length) parts.push(`${plural(diff.unpublished.length, 'page')} not published`);
  if (diff.redirects) parts.push(`${plural(groupSize(diff.redirects), 'redirect')} changed`);
  const files = allPaths(diff.files).length;
  if (files) parts.push(`${plural(files, 'other file')} changed`);
  const assets = allPaths(diff.assets).length;
  if (assets) parts.push(`${plural(assets, 'asset')} changed`);
  return `### ${parts.length ? parts.join(', ') : 'No page, other file or asset changed'}`;
}

/** A titled list, folded in a `<details>` when long; its title holds only counts and fixed words. */
function markdownList(title: string, items: string[]): string[] {
  if (!items.length) return [];
  const shownItems = items.slice(0, MARKDOWN_LIST_LIMIT);
  if (items.length > MARKDOWN_LIST_LIMIT) shownItems.push(`- … and ${items.length - MARKDOWN_LIST_LIMIT} more`);
  if (items.length > MARKDOWN_FOLD_OVER) return ['', `<details><summary>${title} (${items.length})</summary>`, '', ...shownItems, '', '</details>'];
  return ['', `**${title} (${items.length})**`, '', ...shownItems];
}

const capital = (text: string) => `${text[0]!.toUpperCase()}${text.slice(1)}`;

/**
 * For a pull-request comment: a heading with the counts, then a list per block and kind of change,
 * pages and other files linked into the preview (removed paths are not: they are gone from it),
 * drafts and scheduled pages marked, long lists folded; assets are one line per kind, with their
 * names when there are few. Each path is a code span that holds it exactly, so a file name can
 * open no link, markup or HTML.
 */
export function diffMarkdown(diff: SiteDiff, options: DiffFormatOptions = {}): string {
  const modes = diff.modes
    ? [
        `> **Built differently:** the old site is ${markdownCode(describeMode(diff.modes.before))}, the new one ${markdownCode(describeMode(diff.modes.after))}: some changes come from that.`,
        '',
      ]
    : [];
  const lines = [...modes, markdownHeading(diff)];
  const item = (sitePath: string, linked: boolean, marked: boolean) => {
    const mark = marked && markOf(diff.unreleased, sitePath);
    const code = markdownCode(sitePath);
    return `- ${linked && options.previewUrl ? `[${code}](${markdownUrl(previewLink(options.previewUrl, sitePath))})` : code}${mark ? ` *(${mark})*` : ''}`;
  };
  const counted: string[] = [];
  const [first, rest] = aroundRedirects(sections(diff));
  const redirects = diff.redirects;
  for (const block of [...first, ...(redirects ? ['redirects' as const] : []), ...rest]) {
    if (block === 'redirects')
      for (const change of CHANGES)
        lines.push(
          ...markdownList(
            `${capital(change)} redirects`,
            redirects![change].map((line) => `- ${markdownCode(redirectLine(line))}`),
          ),
        );
    else if (block.unpublished)
      lines.push(
        ...markdownList(
          'Not published by merging: drafts and scheduled pages, in the preview',
          diff.unpublished.map((route) => item(route, true, true)),
        ),
      );
    else if (block.listed && block.linked)
      for (const change of CHANGES)
        lines.push(
          ...markdownList(
            `${capital(change)} ${block.name}`,
            block.changes[change].map((sitePath) => item(sitePath, change !== 'removed', block.marked)),
          ),
        );
    // An asset's name without its hash is no address: assets are named, never linked.
    else
      counted.push(
        `- ${block.name}${block.folder === undefined ? '' : ` ${markdownCode(block.folder)}`}: ${counts(block.changes)}${block.listed ? `: ${allPaths(block.changes).map(markdownCode).join(', ')}` : ''}`,
      );
  }
  if (counted.length) lines.push('', '**Assets**', '', ...counted);
  if (hasMarks(diff)) lines.push('', LEGEND.markdown);
  return `${lines.join('\n')}\n`;
}

export const DIFF_FORMATS = {
  text: diffText,
  json: (diff: SiteDiff) => diffJson(diff),
  markdown: diffMarkdown,
} satisfies Record<string, (diff: SiteDiff, options: DiffFormatOptions) => string>;

export type DiffFormatName = keyof typeof DIFF_FORMATS;

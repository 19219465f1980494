import { markdownCode, markdownUrl, shown, urlPath } from '../escape.ts';
import { describeMode } from '../hosting/buildMode.ts';
import { plural } from '../text.ts';
import { groupSize, type GroupChanges, type RedirectChanges, type RedirectLine, type SiteDiff } from './compare.ts';

export interface DiffFormatOptions {
  /** Where the new site is previewed (`https://preview.example.com/previews/pr-42`): added and changed routes link there. */
  previewUrl?: string;
}

/** A markdown list longer than this ends with "and N more": a PR comment has a size limit, and a reader scrolls past a hundred. */
export const MARKDOWN_LIST_LIMIT = 100;

const KINDS = ['added', 'changed', 'removed'] as const;
const MARKS = { added: '+', changed: '~', removed: '-' } as const;

/** The address of a path in the preview: the path percent-encoded part by part, so a name can add no query, fragment or second line. */
function previewLink(previewUrl: string, sitePath: string): string {
  return `${previewUrl.replace(/\/+$/, '')}${urlPath(sitePath)}`;
}

function counts(group: GroupChanges): string {
  return KINDS.map((kind) => `${group[kind].length} ${kind}`).join(', ');
}

function textGroup(name: string, group: GroupChanges, options: DiffFormatOptions): string[] {
  if (!groupSize(group)) return [];
  const lines = [`${name}: ${counts(group)}`];
  for (const kind of KINDS) {
    for (const sitePath of group[kind]) {
      const link = options.previewUrl && kind !== 'removed' ? `  ${shown(previewLink(options.previewUrl, sitePath))}` : '';
      lines.push(`  ${MARKS[kind]} ${shown(sitePath)}${link}`);
    }
  }
  return lines;
}

/** A redirect as one line: `/pricing → /pricing-preview (302)`, and where a changed one led before. */
function redirectLine({ from, location, status, was }: RedirectLine): string {
  return `${from} → ${location} (${status}${was ? `; was → ${was.location} (${was.status})` : ''})`;
}

function textRedirects(group: RedirectChanges | undefined): string[] {
  if (!group) return [];
  return [`redirects: ${KINDS.map((kind) => `${group[kind].length} ${kind}`).join(', ')}`, ...KINDS.flatMap((kind) => group[kind].map((line) => `  ${MARKS[kind]} ${shown(redirectLine(line))}`))];
}

/** For a terminal or a CI log: a count line per group, then one line per path (`+` added, `~` changed, `-` removed; a control character shown as its escape). Assets have no address to link to. */
export function diffText(diff: SiteDiff, options: DiffFormatOptions = {}): string {
  const lines = [...textGroup('pages', diff.pages, options), ...textRedirects(diff.redirects), ...textGroup('other files', diff.files, options), ...textGroup('assets', diff.assets, {})];
  const modes = diff.modes ? [shown(`note: the two sides were built differently: the old one is ${describeMode(diff.modes.before)}, the new one ${describeMode(diff.modes.after)}`)] : [];
  return `${[...modes, ...(lines.length ? lines : ['no page, other file or asset changed'])].join('\n')}\n`;
}

/** For tools: the lists themselves, `{ pages: { added, changed, removed }, files: { … } }`. */
export function diffJson(diff: SiteDiff): string {
  return `${JSON.stringify(diff, null, 2)}\n`;
}

function markdownHeading(diff: SiteDiff): string {
  const parts = KINDS.filter((kind) => diff.pages[kind].length).map((kind) => `${plural(diff.pages[kind].length, 'page')} ${kind}`);
  if (diff.redirects) parts.push(`${plural(groupSize(diff.redirects), 'redirect')} changed`);
  const files = groupSize(diff.files);
  if (files) parts.push(`${plural(files, 'other file')} changed`);
  const assets = groupSize(diff.assets);
  if (assets) parts.push(`${plural(assets, 'asset')} changed`);
  return `### ${parts.length ? parts.join(', ') : 'No page, other file or asset changed'}`;
}

function markdownList(title: string, paths: string[], linked: boolean, options: DiffFormatOptions): string[] {
  if (!paths.length) return [];
  const item = (sitePath: string) => (linked && options.previewUrl ? `- [${markdownCode(sitePath)}](${markdownUrl(previewLink(options.previewUrl, sitePath))})` : `- ${markdownCode(sitePath)}`);
  const items = paths.slice(0, MARKDOWN_LIST_LIMIT).map(item);
  if (paths.length > MARKDOWN_LIST_LIMIT) items.push(`- … and ${paths.length - MARKDOWN_LIST_LIMIT} more`);
  return ['', `**${title} (${paths.length})**`, '', ...items];
}

/**
 * For a pull-request comment: a heading with the counts, then a list per kind of change, linked
 * into the preview (removed paths are not: they are gone from it). Each path is a code span that
 * holds it exactly, so a file name can open no link, markup or HTML.
 */
export function diffMarkdown(diff: SiteDiff, options: DiffFormatOptions = {}): string {
  const modes = diff.modes ? [`> **Built differently:** the old site is ${markdownCode(describeMode(diff.modes.before))}, the new one ${markdownCode(describeMode(diff.modes.after))}: some changes come from that.`, ''] : [];
  const lines = [...modes, markdownHeading(diff)];
  for (const kind of KINDS) {
    const changes = diff.redirects?.[kind] ?? [];
    if (changes.length) lines.push('', `**${kind[0]!.toUpperCase()}${kind.slice(1)} redirects (${changes.length})**`, '', ...changes.map((line) => `- ${markdownCode(redirectLine(line))}`));
  }
  for (const [group, noun] of [['pages', 'pages'], ['files', 'other files'], ['assets', 'assets']] as const) {
    // An asset's name without its hash is no address: assets are listed, not linked.
    for (const kind of KINDS) lines.push(...markdownList(`${kind[0]!.toUpperCase()}${kind.slice(1)} ${noun}`, diff[group][kind], kind !== 'removed' && group !== 'assets', options));
  }
  return `${lines.join('\n')}\n`;
}

export const DIFF_FORMATS = {
  text: diffText,
  json: (diff: SiteDiff) => diffJson(diff),
  markdown: diffMarkdown,
} satisfies Record<string, (diff: SiteDiff, options: DiffFormatOptions) => string>;

export type DiffFormatName = keyof typeof DIFF_FORMATS;

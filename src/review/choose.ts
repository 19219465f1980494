import type { SiteDiff } from '../diff/compare.ts';

/** Why a page is where it is in a review: what changed in it, as its HTML tells. */
export type ReviewGroup =
  /** Added, removed, or its own text changed. */
  | 'own'
  /** Its text changed, and it links to another changed page: a list or a page that shows it. */
  | 'shows'
  /** Its text is the same: a template, the stylesheet or an asset changed how it looks. */
  | 'layout';

export interface ChosenPage {
  route: string;
  /** `same` for a page the diff does not list, captured because it was asked for (`--page`). */
  change: 'added' | 'changed' | 'removed' | 'same';
  group: ReviewGroup;
}

export interface Choice {
  /** The pages to capture, in the order a reviewer reads them. */
  pages: ChosenPage[];
  /** Pages the diff lists that are not captured: past the limit, or left out of a site-wide change's sample. */
  left: ChosenPage[];
  /** Set when a change alters most pages by their layout alone (a template, the stylesheet): only a sample is captured. */
  siteWide?: { changed: number; pages: number };
}

/** A review captures at most this many pages: past it, a change is read from the list. */
export const MAX_CAPTURED = 40;
/** A site-wide change is shown by this many pages. */
export const SAMPLE_SIZE = 5;

/** A page's HTML as a review reads it: the text and the links of its `<main>` (the header and footer are every page's). */
export interface PageText {
  text: string;
  links: Set<string>;
}

/** The text and the links of a page's `<main>` (or its `<body>`), read from its HTML without a parser: enough to tell whether it changed. */
export function pageText(html: string): PageText {
  const main = /<main\b[^>]*>([\s\S]*)<\/main>/i.exec(html)?.[1] ?? /<body\b[^>]*>([\s\S]*)<\/body>/i.exec(html)?.[1] ?? html;
  const links = new Set([...main.matchAll(/<a\b[^>]*\bhref="(\/[^"#?]*)/gi)].map((match) => match[1]!.replace(/\/+$/, '') || '/'));
  const text = main
    .replace(/<(script|style|template)\b[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return { text, links };
}

/** The folder a route is in (`/articles/value-banks` → `/articles`): pages made alike share one, a page at the top is its own. */
const family = (route: string) => (route.lastIndexOf('/') > 0 ? route.slice(0, route.lastIndexOf('/')) : route);

/**
 * Orders the pages a diff lists the way a reviewer reads them: pages whose own text changed (and
 * those added or removed) first, then the pages that only show them (a list linking to a changed
 * page), then the pages whose text is the same (their layout changed). When a change alters most
 * pages by their layout alone, a sample is captured: the home page, one page of each folder of
 * pages made alike (largest first), then the pages most linked to, with every page whose own text
 * changed before them. Pages `asked` for are captured too, after the others, whether or not the
 * change alters them and wherever the limit or the sample would leave them.
 */
export function choosePages(diff: SiteDiff, before: Map<string, PageText>, after: Map<string, PageText>, pageCount: number, asked: string[] = []): Choice {
  const changedText = (route: string) => before.get(route)?.text !== after.get(route)?.text;
  const moved = new Set([...diff.pages.added, ...diff.pages.removed, ...diff.pages.changed.filter(changedText)]);
  const groupOf = (route: string): ReviewGroup => {
    if (!diff.pages.changed.includes(route)) return 'own';
    if (!changedText(route)) return 'layout';
    const links = after.get(route)?.links ?? new Set();
    return [...moved].some((other) => other !== route && links.has(other)) ? 'shows' : 'own';
  };
  const all: ChosenPage[] = (['added', 'changed', 'removed'] as const).flatMap((change) =>
    diff.pages[change].map((route) => ({ route, change, group: change === 'changed' ? groupOf(route) : 'own' })),
  );
  const rank = { own: 0, shows: 1, layout: 2 } as const;
  const ordered = all.sort((a, b) => rank[a.group] - rank[b.group] || a.route.localeCompare(b.route));
  const layout = ordered.filter((page) => page.group === 'layout');
  const siteWide = layout.length > SAMPLE_SIZE && layout.length * 2 >= pageCount;
  const chosen = (siteWide ? [...ordered.filter((page) => page.group !== 'layout'), ...sampleOf(layout, after)] : ordered).slice(0, MAX_CAPTURED);
  // A page asked for is captured even when the limit or the sample left it out, with the change the diff gives it.
  const wanted = new Set(asked);
  const listed = new Set(all.map((page) => page.route));
  const pages = [
    ...chosen,
    ...ordered.filter((page) => wanted.has(page.route) && !chosen.includes(page)),
    ...[...wanted].filter((route) => !listed.has(route)).map((route): ChosenPage => ({ route, change: 'same', group: 'layout' })),
  ];
  const left = ordered.filter((page) => !pages.includes(page));
  return siteWide ? { pages, left, siteWide: { changed: layout.length, pages: pageCount } } : { pages, left };
}

/** The home page, one page of each folder of pages made alike (largest first), then the pages most linked to by the others. */
function sampleOf(layout: ChosenPage[], after: Map<string, PageText>): ChosenPage[] {
  const families = new Map<string, ChosenPage[]>();
  for (const page of layout) families.set(family(page.route), [...(families.get(family(page.route)) ?? []), page]);
  const inbound = new Map<string, number>();
  for (const text of after.values()) for (const link of text.links) inbound.set(link, (inbound.get(link) ?? 0) + 1);
  const home = layout.filter((page) => page.route === '/');
  const shared = [...families.values()].filter((pages) => pages.length > 1).sort((a, b) => b.length - a.length || a[0]!.route.localeCompare(b[0]!.route));
  const linked = layout
    .filter((page) => page.route !== '/' && families.get(family(page.route))!.length === 1)
    .sort((a, b) => (inbound.get(b.route) ?? 0) - (inbound.get(a.route) ?? 0) || a.route.localeCompare(b.route));
  return [...new Set([...home, ...shared.map((pages) => pages[0]!), ...linked])].slice(0, SAMPLE_SIZE);
}

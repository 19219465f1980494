import { readWebAddress } from '../routes/webAddress.ts';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import { diagnostic, FILE_START, siteDiagnostic, warning, type Diagnostic } from '../diagnostics.ts';
import type { RuleId } from '../rules.ts';
import { createImageSizer } from '../load/imageSizes.ts';
import type { AnalysedMarkdown } from '../markdown/analysed.ts';
import type { Release, SourceRef } from '../model.ts';
import { resolveSitePath } from '../routes/sitePath.ts';
import { referencesIn, type ReferenceKind } from '../schemas/references.ts';
import { closest, didYouMean } from '../suggestion.ts';
import type { YamlSource } from '../yaml/yamlSource.ts';
import { liveFrom, type Entry, type FailingEntry } from './entries.ts';
import { tooLarge } from './imageLimits.ts';
import type { KeptLinkChecks } from './keptLinkChecks.ts';
import type { ContentModel, SchemaSource } from './validateContent.ts';
import { readTreeSync } from '../fileTree.ts';

/** A link or image of a source file, with the place it is written. */
export interface Reference {
  file: string;
  ref: SourceRef;
  kind: ReferenceKind;
}

/**
 * Checks that every internal link resolves to a route or a file and that every referenced image
 * exists in public/. `routes` maps every route of the site to its file; `routeOf` gives a file's
 * own route (a link to `#fragment` points into it); `redirected` maps each old address of
 * content/redirects.yaml to where it leads; `lastBuild` gives the pages of the last build. A
 * broken link or missing image names the closest route or file when one is close enough to be
 * what was meant; a broken link to a page of the last build says how to keep its address working.
 */
export function checkReferences(
  model: ContentModel,
  routes: ReadonlyMap<string, string>,
  routeOf: (file: string) => string | undefined,
  publicDir: string,
  redirected: ReadonlyMap<string, string> = new Map(),
  kept?: KeptLinkChecks,
  lastBuild: () => ReadonlySet<string> = () => new Set(),
): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const fileExists = memo((urlPath: string) => {
    const file = path.join(publicDir, urlPath);
    return existsSync(file) && statSync(file).isFile();
  });
  const sizeOf = createImageSizer(publicDir);
  let published: string[] | undefined;
  // Listed only once a path is missing: most checks find nothing to suggest for.
  const publicPaths = () => (published ??= listPublic(publicDir));
  let linkTargets: string[] | undefined;
  // A link's candidates, made once for every broken link of the run.
  const suggest = (target: string) => didYouMean(target, (linkTargets ??= [...routes.keys(), ...publicPaths()]));
  let added: string[] | undefined;
  // A page of the last build that no page answers now was renamed or removed: a new page with a path like its own is likely its new one.
  const formerPage = (target: string): Moved | undefined => {
    const last = lastBuild();
    if (!last.has(target)) return undefined;
    return { to: closest(target, (added ??= [...routes.keys()].filter((route) => !last.has(route)))) };
  };
  // Drafts, scheduled entries and files with errors of their own are checked too: an editor sees
  // their problems, and those of the links to them, in one run and before they go live.
  const entries = [...model.entries, ...model.withheld, ...model.failing];
  const anchors = new Map<string, Set<string>>();
  for (const { doc } of entries) anchors.set(routeOf(doc.facts.file)!, new Set(doc.facts.headings.map((h) => h.id)));
  const unreleased = new Map(entries.filter((e) => e.release.status !== 'published').map((e) => [routeOf(e.doc.facts.file)!, e]));

  const checkLink = (file: string, ref: SourceRef, ownRoute: string | undefined, live = '', into = diagnostics) => {
    // A link that would be broken while the page holding it is live: a production build refuses it; --drafts warns.
    const unpublished = (target: string) => {
      const entry = unreleased.get(target);
      return entry && liveFrom(entry.release) > live ? unpublishedMessage(ref.url, entry) : undefined;
    };
    const problem = linkProblem(ref.url, ownRoute, { routes, anchors, fileExists, unpublished, redirected, suggest, formerPage });
    // A link to an old address still reaches the page, through the redirect: a warning.
    const mild = problem?.rule === 'link/redirected' || (problem?.rule === 'link/unpublished' && model.drafts);
    if (problem) into.push({ ...(mild ? warning : diagnostic)(file, ref, problem.rule, problem.message), ...(problem.hint && { hint: problem.hint }) });
  };
  const checkAsset = (file: string, ref: SourceRef, into = diagnostics) => {
    const report = (rule: RuleId, message: string) => into.push(diagnostic(file, ref, rule, message));
    // Absolute URLs (an embedded video's source) are the schemas' business, not public/'s.
    if (ref.url.startsWith('https://')) return;
    if (!ref.url.startsWith('/') || ref.url.startsWith('//'))
      return report('asset/relative', `image "${ref.url}" must be a root-relative path into public/, such as /images/photo.svg`);
    const resolved = resolveSitePath(ref.url.split(/[?#]/)[0]!);
    if ('problem' in resolved) return report('asset/outside-site', `image "${ref.url}" ${resolved.problem}`);
    if (!fileExists(resolved.path))
      return report('asset/missing', `missing image "${ref.url}": no such file in public/${didYouMean(resolved.path, publicPaths())}`);
    const image = sizeOf(resolved.path);
    if (!image)
      return report(
        'asset/undecodable',
        `image "${ref.url}" cannot be read as an image (damaged, empty, or an SVG without width, height or viewBox): replace the file`,
      );
    // An unsafe SVG is reported at its own file by checkPublic: public/ publishes it, named or not.
    const large = image.format && tooLarge(path.join(publicDir, resolved.path), image);
    if (large) report('image/too-large', `image "${ref.url}" is too large to publish: ${large}`);
  };

  // A markdown file's links and images; kept, when nothing they are checked against changed, for as long as its analysis is.
  const checkDoc = (doc: AnalysedMarkdown, release: Release): Diagnostic[] => {
    const { file, links, images } = doc.facts;
    const found: Diagnostic[] = [];
    for (const ref of links) checkLink(file, ref, routeOf(file), liveFrom(release), found);
    for (const ref of images) checkAsset(file, ref, found);
    return found;
  };
  const checkSource = (source: SchemaSource): Diagnostic[] => {
    const found: Diagnostic[] = [];
    for (const { file, ref, kind } of yamlReferences(source)) {
      if (kind === 'link') checkLink(file, ref, routeOf(file), '', found);
      else checkAsset(file, ref, found);
    }
    return found;
  };
  kept?.checkingAgainst(linkTargetsKey(routes, anchors, unreleased, redirected, model.drafts));
  for (const { doc, release } of entries)
    diagnostics.push(...(kept ? kept.of(doc, [routeOf(doc.facts.file), liveFrom(release)], () => checkDoc(doc, release)) : checkDoc(doc, release)));
  for (const source of [...model.dataSources, ...model.pages, ...model.failingPages])
    diagnostics.push(...(kept ? kept.of(source.source, [routeOf(source.source.file), source.schema], () => checkSource(source)) : checkSource(source)));
  return diagnostics;
}

/** Everything a markdown file's links are checked against besides public/, as one string: when it is the same, so is every result. */
function linkTargetsKey(
  routes: ReadonlyMap<string, string>,
  anchors: Map<string, Set<string>>,
  unreleased: Map<string, Entry | FailingEntry>,
  redirected: ReadonlyMap<string, string>,
  drafts: boolean,
): string {
  return JSON.stringify([
    [...routes.keys()],
    [...anchors].map(([route, ids]) => [route, [...ids]]),
    [...unreleased].map(([route, e]) => [route, e.release, e.doc.facts.file]),
    [...redirected],
    drafts,
  ]);
}

/** The paths on the site of public/'s files (dotfiles are never published). */
function listPublic(publicDir: string): string[] {
  if (!existsSync(publicDir)) return [];
  return readTreeSync(publicDir)
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(publicDir, path.join(entry.parentPath, entry.name)).split(path.sep))
    .filter((parts) => !parts.some((part) => part.startsWith('.')))
    .map((parts) => `/${parts.join('/')}`);
}

/**
 * Every image the content names, with the file and place naming it: markdown images and
 * directives, and the fields of frontmatter and YAML files typed `assetPath`. Drafts and
 * scheduled entries are included: their problems show before they go live.
 */
export function imageReferences(model: ContentModel): { file: string; ref: SourceRef }[] {
  const refs: { file: string; ref: SourceRef }[] = [];
  for (const { doc } of [...model.entries, ...model.withheld]) for (const ref of doc.facts.images) refs.push({ file: doc.facts.file, ref });
  for (const source of [...model.dataSources, ...model.pages]) refs.push(...yamlReferences(source, 'asset'));
  return refs;
}

/**
 * Two entries of a collection with the same title (for collections that ask) cannot be told apart
 * in lists and search results. It is a warning: a series may repeat a title on purpose for a while.
 */
export function checkDistinctTitles(model: ContentModel): Diagnostic[] {
  const byTitle = new Map<string, Entry[]>();
  for (const entry of model.entries) {
    const title = entry.collection.distinctTitles?.(entry.summary);
    if (title === undefined) continue;
    const key = `${entry.collection.name}\0${title.trim().toLowerCase().replace(/\s+/g, ' ')}`;
    byTitle.set(key, [...(byTitle.get(key) ?? []), entry]);
  }
  return [...byTitle.values()]
    .filter((same) => same.length > 1)
    .flatMap((same) =>
      same.map((entry) => {
        const { facts } = entry.doc;
        const others = same.filter((e) => e !== entry).map((e) => path.basename(e.doc.facts.file));
        const title = entry.collection.distinctTitles!(entry.summary);
        return warning(
          facts.file,
          facts.fieldsAt.title ?? FILE_START,
          `${entry.collection.name}/duplicate-title`,
          `the title "${title}" is also the title of ${others.join(', ')}: readers cannot tell them apart in lists`,
        );
      }),
    );
}

/**
 * Each collection's own checks of its entries (a site rule such as an article's length), each
 * problem at the frontmatter key it names, or at the file's start.
 */
export function checkEntries(model: ContentModel): Diagnostic[] {
  const byCollection = new Map<Entry['collection'], Entry[]>();
  for (const entry of model.entries) if (entry.collection.check) byCollection.set(entry.collection, [...(byCollection.get(entry.collection) ?? []), entry]);
  return [...byCollection].flatMap(([collection, entries]) => {
    const entryOf = new Map(entries.map((entry) => [{ ...entry.summary, words: entry.doc.facts.words }, entry]));
    return collection.check!([...entryOf.keys()], model.data).map((problem) => {
      const { facts } = entryOf.get(problem.entry as never)!.doc;
      const at = (problem.field !== undefined && facts.fieldsAt[problem.field]) || FILE_START;
      return siteDiagnostic(facts.file, at, `${collection.name}/${problem.rule}`, problem.message);
    });
  });
}

/** Says which file a link leads to, and why that is not published yet. */
function unpublishedMessage(url: string, { doc, release }: Pick<Entry, 'doc' | 'release'>): string {
  const file = path.join(path.basename(path.dirname(doc.facts.file)), path.basename(doc.facts.file));
  const when =
    release.status === 'scheduled'
      ? `is scheduled for ${release.date}: the link would be broken until then`
      : 'is a draft: it is not published, so the link would be broken';
  return `link "${url}" leads to ${file}, which ${when}`;
}

/** A page of the last build that no page answers now, and the new page most like it, if one is. */
interface Moved {
  to: string | undefined;
}

/**
 * What a link is checked against: the site's routes, their headings' ids, public/'s files,
 * unpublished entries, redirects, the closest route to suggest, and whether a path was a page
 * of the last build.
 */
interface LinkTargets {
  routes: ReadonlyMap<string, string>;
  anchors: Map<string, Set<string>>;
  fileExists: (p: string) => boolean;
  unpublished: (target: string) => string | undefined;
  redirected: ReadonlyMap<string, string>;
  suggest: (target: string) => string;
  formerPage: (target: string) => Moved | undefined;
}

/** A link's problem; `hint`, when what to do depends on the link more than the rule's hint says. */
function linkProblem(
  url: string,
  ownRoute: string | undefined,
  { routes, anchors, fileExists, unpublished, redirected, suggest, formerPage }: LinkTargets,
): { rule: RuleId; message: string; hint?: string } | undefined {
  if (/^https:/i.test(url)) {
    const read = readWebAddress(url);
    // A page's markdown link carries [ and ] percent-encoded, and no browser reads that host again.
    if ('href' in read && read.href.startsWith('https://['))
      return { rule: 'link/unread', message: `link "${url}" names an IPv6 address, which a page's link cannot carry as written: link to the site's name` };
    if ('href' in read) return undefined;
    return { rule: read.fault === 'host' ? 'link/no-host' : 'link/unread', message: `link "${url}" ${read.problem}` };
  }
  if (/^(mailto:|tel:)/i.test(url)) return undefined;
  if (/^http:/i.test(url)) return { rule: 'link/insecure', message: `link "${url}" must use https://` };
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1];
  if (scheme) return { rule: 'link/scheme', message: `link "${url}": only https:, mailto:, tel: and paths of the site are allowed, not ${scheme}:` };
  if (url.startsWith('//')) return { rule: 'link/relative', message: `link "${url}" leads to another host: write it as an https:// URL` };
  if (!url.startsWith('/') && !url.startsWith('#'))
    return { rule: 'link/relative', message: `link "${url}" must be root-relative (start with /) or an https:// URL` };
  const [beforeHash, fragment] = url.split('#', 2) as [string, string | undefined];
  const resolved = resolveSitePath(beforeHash.split('?')[0] || ownRoute || '');
  if ('problem' in resolved) return { rule: 'link/outside-site', message: `link "${url}" ${resolved.problem}` };
  const target = resolved.path;
  if (target !== '/' && target.endsWith('/')) {
    const page = target.slice(0, -1);
    return { rule: 'link/trailing-slash', message: `link "${url}" must not end with a slash: pages answer at ${page}${routes.has(page) ? '' : suggest(page)}` };
  }
  const withheld = unpublished(target);
  if (withheld) return { rule: 'link/unpublished', message: withheld };
  const moved = redirected.get(target);
  if (moved !== undefined)
    return { rule: 'link/redirected', message: `link "${url}" leads to ${target}, an old address redirected to ${moved}: link to ${moved}` };
  if (!routes.has(target) && !fileExists(target))
    return (
      brokenLink(url, target, formerPage(target)) ?? {
        rule: 'link/broken',
        message: `broken link "${url}": no page or file has the path ${target}${suggest(target)}`,
      }
    );
  const ids = anchors.get(target);
  if (fragment && ids && !ids.has(fragment))
    return { rule: 'link/fragment', message: `broken link "${url}": ${target} has no heading with the id "${fragment}"${didYouMean(fragment, ids)}` };
  return undefined;
}

/** A broken link to a page of the last build: it was renamed or removed since, and a redirect keeps its old address working. */
function brokenLink(url: string, target: string, moved: Moved | undefined): { rule: RuleId; message: string; hint: string } | undefined {
  if (!moved) return undefined;
  const to = moved.to ?? '/its-new-address';
  return {
    rule: 'link/broken',
    message: `broken link "${url}": ${target} was a page of the last build, and no page has that path now${moved.to ? `; was it renamed to ${moved.to}?` : ''}`,
    hint: `link to the page's new address; if it was renamed, keep its old address working with a redirect: add "- { from: ${target}, to: ${to} }" under redirects: in content/redirects.yaml (see docs/editors/redirects.md)`,
  };
}

/** Each YAML file's references by the schema it was walked with: a source kept between builds (KeptDocuments, watch) is walked once. */
const referencesFound = new WeakMap<YamlSource, Map<z.ZodType, Reference[]>>();

/**
 * One YAML file's links and images (or those of one kind): the strings of the fields its schema
 * types `href` or `assetPath`, whatever they are called, with their places in the file.
 */
export function yamlReferences({ source, schema }: SchemaSource, kind?: ReferenceKind): Reference[] {
  const bySchema = referencesFound.get(source) ?? new Map<z.ZodType, Reference[]>();
  referencesFound.set(source, bySchema);
  let found = bySchema.get(schema);
  if (!found)
    bySchema.set(
      schema,
      (found = referencesIn(schema, source.data).map(({ kind, url, path }) => ({ file: source.file, ref: { url, ...source.locate(path) }, kind }))),
    );
  return kind ? found.filter((reference) => reference.kind === kind) : found;
}

function memo<T>(fn: (key: string) => T): (key: string) => T {
  const cache = new Map<string, T>();
  return (key) => {
    if (!cache.has(key)) cache.set(key, fn(key));
    return cache.get(key)!;
  };
}

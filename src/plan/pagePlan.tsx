import { contentHash } from '../hash.ts';
import type { AnalysedMarkdown, PreRendered } from '../markdown/analysed.ts';
import type { Collection, Collections, PageTemplate, Release, Site, SiteDefinition } from '../model.ts';
import { outputPathForRoute } from '../routes/outputPath.ts';
import type { Entry } from '../validate/entries.ts';
import type { ContentModel, YamlPage } from '../validate/validateContent.ts';
import type { KeptPlan } from './keptPlan.ts';
import type { EntryPage, PageJob, SitePlan } from './plannedPages.ts';
import { pageRoute, subRoute } from './routes.ts';

/** Each collection's summaries in its own order, by its folder (collections without entries are empty). */
export function makeCollections(entries: Entry[], definition: Pick<SiteDefinition, 'collections'>): Collections {
  const collections: Record<string, object[]> = {};
  for (const c of definition.collections) collections[c.folder] = [];
  for (const { collection, summary } of entries) collections[collection.folder]!.push(summary);
  for (const c of definition.collections) collections[c.folder]!.sort((a, b) => c.order(a, b));
  return collections;
}

/** How a build shows entries: whether it is a preview (drafts shown, every page kept from search engines). */
export interface Showing {
  preview: boolean;
}

/** What an entry's template is given of the collections: the part its collection `shows`, or all of them. */
function shownCollections(collection: Collection, summary: object, collections: Collections): Collections {
  return collection.shows ? collection.shows(summary, collections) : collections;
}

/**
 * The page of one entry, with what its template is given besides its body: of `collections`
 * (all of them), the part its collection `shows`, which its inputs cover.
 */
export function entryPage(
  collection: Collection,
  doc: AnalysedMarkdown,
  summary: object,
  release: Release,
  site: Site,
  { preview }: Showing,
  collections: Collections,
): EntryPage {
  const shown = shownCollections(collection, summary, collections);
  const route = collection.route(doc.facts.slug);
  const { head, lastmod } = collection.page({ ...summary, words: doc.facts.words }, site);
  const published = release.status === 'published';
  // An entry's page shows its release (a Draft or Scheduled notice) whatever its template puts in its summary.
  const own = published ? doc.hash : contentHash(`${doc.hash}\0${JSON.stringify(release)}`, 20);
  const inputs = collection.shows ? contentHash(`${own}\0${JSON.stringify(shown)}`, 20) : own;
  return {
    route,
    outputPath: outputPathForRoute(route),
    source: doc.facts.file,
    head: { ...head, route, ...((preview || !published) && { noindex: true }) },
    lastmod,
    inputs,
    madeBy: { collection: collection.name },
    ...(collection.shows && { showsPart: true as const }),
    entry: { collection: collection.name, file: doc.facts.file, hash: doc.hash, summary, headings: doc.facts.headings, ...(collection.shows && { shown }) },
  };
}

/**
 * The job that renders a planned entry page around its pre-rendered body, on the thread that has
 * the body; `collections` are all of them, for a template given more than a part.
 */
export function entryPageJob(page: EntryPage, collection: Collection, body: PreRendered, collections: Collections): PageJob {
  const { summary, headings, shown } = page.entry;
  const Template = collection.template;
  return {
    ...page,
    islands: body.islands,
    propsFiles: body.propsFiles,
    images: body.images,
    element: () => <Template entry={summary} body={{ html: body.html, headings }} collections={shown ?? collections} />,
  };
}

/** The pages that come from content/pages/*.yaml (one per file, or the template's variants of it), and the data files their templates publish. */
function yamlPageWork(
  model: ContentModel,
  definition: SiteDefinition,
  collections: Collections,
  kept?: KeptPlan,
): { jobs: PageJob[]; files: Map<string, string> } {
  // What YAML pages may show besides their own file (pricing): a change renders them again, not the entries.
  const shown = JSON.stringify(Object.entries(model.data).filter(([name]) => name !== 'site'));
  const jobs: PageJob[] = [];
  const files = new Map<string, string>();
  for (const page of model.pages) {
    // Hashed once per file: a template may make a thousand pages of one file (the blog's).
    const fileInputs = contentHash(`${JSON.stringify(page.source.data)}\0${shown}`, 20);
    const template = definition.pages[page.template]!;
    const made = kept
      ? kept.yamlPage(page.file, [fileInputs, model.drafts, template, collections], () => yamlPage(page, template, fileInputs, model.drafts, collections))
      : yamlPage(page, template, fileInputs, model.drafts, collections);
    jobs.push(...made.jobs);
    for (const [file, data] of made.files) files.set(file, data);
  }
  return { jobs, files };
}

/** One YAML page's pages and data files. */
function yamlPage(
  page: YamlPage,
  template: PageTemplate,
  fileInputs: string,
  drafts: boolean,
  collections: Collections,
): { jobs: PageJob[]; files: [string, string][] } {
  const Component = template.component;
  const own = pageRoute(page.name);
  const base = own ?? '/404';
  const context = { data: page.data, title: page.title, description: page.description, collections, route: base };
  const variants = template.pages?.(context) ?? [{ path: '', title: page.title, description: page.description, variant: undefined }];
  const jobs = variants.map(({ path, title, description, variant }): PageJob => {
    const route = subRoute(base, path);
    return {
      route,
      outputPath: own ? outputPathForRoute(route) : '404.html',
      source: page.file,
      // A build with drafts is a preview, for people: no page of it is for search engines (it may be served beside the live site).
      head: { route, title, description, noindex: !own || drafts, feed: template.feed },
      ...(!own && { notFound: true }),
      inputs: variant === undefined ? fileInputs : contentHash(`${fileInputs}\0${JSON.stringify(variant)}`, 20),
      madeBy: { template: page.template },
      element: () => <Component data={page.data} collections={collections} route={route} variant={variant} />,
    };
  });
  return { jobs, files: [...(template.files?.(context) ?? [])] };
}

/**
 * The page plan: validated content in, every page of the site out, with the routes links may
 * point at, the sitemap and the feed. The renderer, the link checker, the sitemap, the feed
 * and the page store all read this one list.
 */
export function planSite(model: ContentModel, definition: SiteDefinition, kept?: KeptPlan): SitePlan {
  const collections = kept ? kept.collections(model.entries, () => makeCollections(model.entries, definition)) : makeCollections(model.entries, definition);
  const { jobs: yamlPages, files } = yamlPageWork(model, definition, collections, kept);
  const showing = JSON.stringify([model.site, model.drafts]);
  const plan = (e: Entry) => entryPage(e.collection, e.doc, e.summary, e.release, model.site, { preview: model.drafts }, collections);
  const entryPages = model.entries.map((e) => (kept ? kept.entryPage(e, showing, collections, plan) : plan(e)));
  const all = [...yamlPages, ...entryPages];
  // Drafts and scheduled entries shown with --drafts are pages links may reach, but no search engine or feed reader is told of them.
  const feed = model.entries.flatMap((entry) => {
    const { collection, summary, release } = entry;
    if (!collection.feed || release.status !== 'published') return [];
    const item = () => collection.feed!(summary);
    return [kept ? kept.feedItem(entry, item) : item()];
  });
  return {
    yamlPages,
    entryPages,
    files,
    routes: new Map(all.filter((p) => !p.notFound).map((p) => [p.route, p.source])),
    sitemap: all.filter((p) => !p.head.noindex).map(({ route, lastmod }) => ({ route, lastmod })),
    feed,
    collections,
    collectionsKey: kept ? kept.hashOf(collections) : contentHash(JSON.stringify(collections), 20),
  };
}

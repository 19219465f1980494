/**
 * Every store that lives from one build to the next, in one list, with what each kind of change
 * does to it. Stores of a builder live as long as it does (watch's worker keeps them from edit
 * to edit); stores of the cache live in .sitegen-cache/ (the compiled code in
 * node_modules/.cache/), from process to process (and from CI job to CI job). A builder told of a
 * change (`Builder.changed`, from watch) clears the stores this list says it drops; every other
 * store finds what changed by what it is keyed by, and keeps the rest; each store forgets on its
 * own what the site no longer has (`forgets`). tests/pipeline/betweenBuilds.test.ts makes each
 * change and checks what each store lost; tests/pipeline/boundedStores.test.ts adds and deletes
 * a thousand articles and checks that each store is back to its size.
 */

/**
 * What can change between two builds: what watch calls each file saved (`classifyChange`), asks
 * its worker to build, and tells the worker's builder (`Builder.changed`). `content`: a markdown
 * or YAML file of content/ other than the site's settings; `configuration`: the site's settings
 * (content/site.yaml: its name, address and menus, which every page shows); `template`: a file of
 * templates/ other than a stylesheet; `stylesheet`: templates/*.css; `public`: a file of public/;
 * `generator`: sitegen's own code or the locked dependencies (a new watch worker, and a new
 * version of the cache).
 */
export const CHANGES = ['content', 'configuration', 'template', 'stylesheet', 'public', 'generator'] as const;
export type Change = (typeof CHANGES)[number];

/**
 * What a change does to a store: `kept`, every entry stays; `dropped`, every entry goes (made
 * again when next needed); `changed`, only the entries made from what changed go.
 */
export type Effect = 'kept' | 'dropped' | 'changed';

/**
 * When a store forgets what the site no longer has, whatever changed: `each build`, as the build
 * lists and reads the content (even one that stops on an error); `each complete build`, once the
 * build has made its whole site (one stopped by an error in the content forgets nothing: it did
 * not reach every entry it would keep); `when replaced`, it holds one entry (one version's), which
 * the next replaces.
 */
export type Forgetting = 'each build' | 'each complete build' | 'when replaced';

export interface Store {
  lives: 'builder' | 'cache';
  /** What it holds. */
  holds: string;
  /** What an entry is found by again: an entry whose key changed is not found, and is made again. */
  keyedBy: string;
  on: Readonly<Record<Change, Effect>>;
  /**
   * What it drops of itself, and when, so that it holds what the site has and no more: a deleted
   * or renamed file leaves nothing behind (tests/pipeline/boundedStores.test.ts).
   */
  forgets: { when: Forgetting; what: string };
}

/** A store's effects: those named, and `kept` for every other change. */
const effects = (on: Partial<Record<Change, Effect>>): Record<Change, Effect> =>
  Object.fromEntries(CHANGES.map((change) => [change, on[change] ?? 'kept'])) as Record<Change, Effect>;

export const STORES = {
  'markdown reads': {
    lives: 'builder',
    holds: "each markdown file's text and front matter as read",
    keyedBy: 'the file, until watch says it changed (a builder not told of changes: its stat)',
    forgets: { when: 'each build', what: 'the files the content no longer lists (deleted or renamed)' },
    on: effects({ content: 'changed', generator: 'dropped' }),
  },
  'yaml sources': {
    lives: 'builder',
    holds: 'each YAML file of content/ parsed, and what is made from it by identity (its validation, its pages as planned, its link checks)',
    keyedBy: "the file's text",
    forgets: { when: 'each build', what: 'the YAML files the content no longer has' },
    on: effects({ content: 'changed', configuration: 'changed', generator: 'dropped' }),
  },
  analyses: {
    lives: 'builder',
    holds:
      "each markdown file's analysis (facts, pre-rendered body), and what is made from it by identity (its entry and summary, its page as planned, its link checks)",
    keyedBy: 'the file and the hash of its text, made by the same shared code',
    forgets: { when: 'each build', what: 'the analyses of the files the content no longer lists' },
    on: effects({ content: 'changed', public: 'dropped', template: 'changed', generator: 'changed' }),
  },
  'public files': {
    lives: 'builder',
    holds: 'public/ as walked and checked, and the link checks made against it',
    keyedBy: 'nothing: dropped when watch says public/ changed',
    forgets: { when: 'when replaced', what: 'public/ as walked before: it holds one walk' },
    on: effects({ public: 'dropped', generator: 'dropped' }),
  },
  'image sizes': {
    lives: 'builder',
    holds: "each image of public/'s size and the hash naming its variants",
    keyedBy: 'the URL: dropped when watch says public/ changed',
    forgets: { when: 'when replaced', what: 'the sizes of public/ before it changed: it holds one measure of public/' },
    on: effects({ public: 'dropped', generator: 'dropped' }),
  },
  'site assets': {
    lives: 'builder',
    holds: 'the stylesheet and the island bundles',
    keyedBy: 'nothing: the stylesheet is compiled again on a stylesheet change, both on a template change',
    forgets: { when: 'when replaced', what: 'the assets compiled before: it holds one stylesheet and one set of bundles' },
    on: effects({ stylesheet: 'changed', template: 'dropped', generator: 'dropped' }),
  },
  'site definition': {
    lives: 'builder',
    holds: "the templates as loaded (the site definition, its island names, each page template's schema) and the code that renders each page (its code keys)",
    keyedBy: 'nothing: loaded again when watch says a template changed',
    forgets: { when: 'when replaced', what: 'the templates loaded before: it holds one definition' },
    on: effects({ template: 'dropped', generator: 'dropped' }),
  },
  'pages in memory': {
    lives: 'builder',
    holds: 'each page rendered on the builder thread, with its bytes',
    keyedBy: "the page's key: its inputs, the code that renders it, and what every page sees",
    forgets: { when: 'each complete build', what: 'the pages at output paths the site no longer has' },
    on: effects({ content: 'changed', configuration: 'dropped', template: 'changed', public: 'changed', generator: 'changed' }),
  },
  'last version': {
    lives: 'builder',
    holds: 'the version of the output the builder wrote last and its files, to link what did not change',
    keyedBy: 'the version still being the one shown; dropped when public/ changed',
    forgets: { when: 'when replaced', what: 'the version written before: it holds one' },
    on: effects({ public: 'dropped' }),
  },
  'cached analyses': {
    lives: 'cache',
    holds: "each markdown file's facts and pre-rendered body (analyses/VERSION/)",
    keyedBy: "the file and the hash of its text, under the cache's version",
    forgets: {
      when: 'each complete build',
      what: "the entries of the files the build did not list, with their bodies under every base; other versions' folders",
    },
    on: effects({ content: 'changed', public: 'dropped', template: 'dropped', stylesheet: 'dropped', generator: 'dropped' }),
  },
  'cached assets': {
    lives: 'cache',
    holds: 'the stylesheet and the island bundles (assets/VERSION.json)',
    keyedBy: "the cache's version",
    forgets: { when: 'when replaced', what: "other versions' assets, when this version's are written" },
    on: effects({ public: 'dropped', template: 'dropped', stylesheet: 'dropped', generator: 'dropped' }),
  },
  'page index': {
    lives: 'cache',
    holds: 'each rendered page as a blob, what it names, and which of them each output folder shows (pages/)',
    keyedBy: "each page's output path and key, under the cache's version",
    forgets: {
      when: 'each complete build',
      what: 'the pages at paths no output folder it records still shows, and those no build used for three builds (PAGE_CACHE_BUILDS); an output folder no build wrote for as long; the blobs and props files no page names',
    },
    on: effects({ content: 'changed', configuration: 'dropped', public: 'dropped', template: 'dropped', stylesheet: 'dropped', generator: 'dropped' }),
  },
  'processed images': {
    lives: 'cache',
    holds: 'each image variant and social card (images/)',
    keyedBy: "its published name, which hashes the source's bytes and how it is processed",
    forgets: {
      when: 'each complete build',
      what: 'the variants and cards no page of the page index names (a photo replaced or no longer shown): what the site shows stays, however long ago it was made',
    },
    on: effects({ public: 'changed' }),
  },
  'public hashes': {
    lives: 'cache',
    holds: "each public/ file's hash (public-files.json), part of the cache's version",
    keyedBy: "the file's stamp",
    forgets: { when: 'each complete build', what: 'the files public/ no longer has: it is written whole' },
    on: effects({ public: 'changed' }),
  },
  'compiled code': {
    lives: 'cache',
    holds: 'the generator and the templates compiled, a folder for each version of their sources (node_modules/.cache/sitegen/: code/, and watch/ for watch)',
    keyedBy: 'the hash of the sources and the locked dependencies',
    forgets: { when: 'when replaced', what: 'all but the newest three versions, when one is compiled (a running watch may still start workers from one)' },
    on: effects({ template: 'dropped', stylesheet: 'dropped', generator: 'dropped' }),
  },
} as const satisfies Record<string, Store>;

export type StoreName = keyof typeof STORES;
/** The stores a builder keeps (`Builder.stores`). */
export type BuilderStore = { [Name in StoreName]: (typeof STORES)[Name]['lives'] extends 'builder' ? Name : never }[StoreName];

/** The stores of `lives` that `change` drops or changes. */
export function touchedBy(change: Change, lives: Store['lives']): { dropped: StoreName[]; changed: StoreName[] } {
  const stores = (Object.entries(STORES) as [StoreName, Store][]).filter(([, store]) => store.lives === lives);
  return {
    dropped: stores.filter(([, store]) => store.on[change] === 'dropped').map(([name]) => name),
    changed: stores.filter(([, store]) => store.on[change] === 'changed').map(([name]) => name),
  };
}

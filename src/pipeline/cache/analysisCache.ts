import path from 'node:path';
import { z } from 'zod';
import type { MarkdownFacts } from '../../markdown/facts.ts';
import { contentHash } from '../../hash.ts';
import { readCacheFile, writeCacheFile, type CacheLog } from './cacheFile.ts';
import type { AnalysedMarkdown } from '../../markdown/analysed.ts';

const place = { line: z.number(), column: z.number(), endLine: z.number().optional(), endColumn: z.number().optional() };
const sourceRef = z.object({ url: z.string(), ...place });
const factsSchema = z.object({
  collection: z.string(),
  slug: z.string(),
  file: z.string(),
  // Frontmatter as validated when the entry was written; the checksum vouches for it since.
  meta: z.custom<MarkdownFacts['meta']>((v) => typeof v === 'object' && v !== null && !Array.isArray(v)).optional(),
  words: z.number(),
  links: z.array(sourceRef),
  images: z.array(sourceRef),
  imageSources: z.record(
    z.string(),
    z.object({
      src: z.string(),
      width: z.number(),
      height: z.number(),
      hash: z.string().optional(),
      format: z.enum(['jpeg', 'png', 'webp', 'avif', 'gif']).optional(),
    }),
  ),
  headings: z.array(z.object({ depth: z.number(), text: z.string(), id: z.string() })),
  fieldsAt: z.record(z.string(), z.object(place)),
  diagnostics: z.array(
    z.object({ file: z.string(), ...place, message: z.string(), rule: z.string(), hint: z.string(), severity: z.enum(['error', 'warning']) }),
  ),
});
const bodySchema = z.object({
  html: z.string(),
  islands: z.array(z.string()),
  propsFiles: z.array(z.tuple([z.string(), z.string()])),
  images: z.array(z.string()),
});

const ENTRIES = { kind: 'markdown analyses', schema: z.record(z.string(), z.object({ hash: z.string(), facts: factsSchema })) };
const BODIES = { kind: 'pre-rendered markdown bodies', schema: z.record(z.string(), bodySchema) };

type Stored = z.infer<typeof ENTRIES.schema>[string];
type Body = z.infer<typeof bodySchema>;
type Bodies = Record<string, Body>;

/**
 * Markdown analyses kept on disk between builds. An entry is used only when the file's text
 * hashes the same and the cache was written by the same generator code, templates, dependencies
 * and public/ files (the version), so it can never return a stale analysis. A damaged file is
 * dropped (the files it covered are analysed again), never an error.
 */
export class AnalysisCache {
  private readonly added = new Map<string, AnalysedMarkdown>();
  private bodies?: Promise<Bodies>;

  private constructor(
    /** The folder holding the cache (the project's root): entries name files relative to it, so a cache restored into a clone at another path (CI) still serves. */
    private readonly anchor: string,
    private readonly cacheDir: string,
    private readonly version: string,
    private readonly entries: Map<string, Stored>,
    private readonly log: CacheLog,
    private readonly base: string,
  ) {}

  /** `base`: the path the site is published under. Bodies are rendered under it, so each base keeps its own; facts are shared. */
  static async load(cacheDir: string, version: string, log: CacheLog, base = ''): Promise<AnalysisCache> {
    const anchor = path.dirname(path.resolve(cacheDir));
    const stored = Object.entries((await readCacheFile(cacheDir, `analyses/${version}.json`, ENTRIES, version, log)) ?? {});
    // An entry whose facts name another file than its key was not written by this cache: dropped.
    const own = stored.filter(([file, entry]) => entry.facts.file === file);
    if (own.length < stored.length) log(`cache: dropped ${stored.length - own.length} analyses that name another file than their own`);
    const resolve = (file: string) => path.resolve(anchor, file);
    const entries = own.map(([file, entry]): [string, Stored] => [resolve(file), { ...entry, facts: withFiles(entry.facts, resolve) }]);
    return new AnalysisCache(anchor, cacheDir, version, new Map(entries), log, base);
  }

  /** Whether the cache has an analysis of `file`, of any version of its text. */
  has(file: string): boolean {
    return this.entries.has(file);
  }

  /** The cached analysis of `file` if its text still hashes to `hash`; its body is read on demand. */
  get(file: string, hash: string): AnalysedMarkdown | undefined {
    const stored = this.entries.get(file);
    return stored?.hash === hash ? { hash, facts: stored.facts as MarkdownFacts, body: undefined } : undefined;
  }

  /** The pre-rendered body of a cached analysis, or undefined when the cache lost it (the file is analysed again). */
  async body(doc: AnalysedMarkdown): Promise<Body | undefined> {
    return doc.body ?? (await this.loadBodies())[doc.hash];
  }

  /** Pre-rendered bodies live in one file, read only when a cached page has to be rendered again. */
  private loadBodies(): Promise<Bodies> {
    this.bodies ??= readCacheFile(this.cacheDir, this.bodiesFile(), BODIES, this.version, this.log).then((bodies) => bodies ?? {});
    return this.bodies;
  }

  private bodiesFile(): string {
    return this.base ? `analyses/${this.version}-bodies-${contentHash(this.base, 12)}.json` : `analyses/${this.version}-bodies.json`;
  }

  set(file: string, doc: AnalysedMarkdown): void {
    if (!doc.body) return;
    this.entries.set(file, { hash: doc.hash, facts: doc.facts });
    this.added.set(file, doc);
  }

  /**
   * Writes the bodies, then the entries. Each file is replaced atomically; a build killed
   * between the two leaves entries whose bodies are missing, which the next build analyses again.
   */
  async save(): Promise<void> {
    if (!this.added.size) return;
    const known = await this.loadBodies();
    const bodies: Bodies = {};
    // Only the bodies of the current entries are kept: older texts' bodies would pile up.
    for (const { hash } of this.entries.values()) if (known[hash]) bodies[hash] = known[hash];
    for (const doc of this.added.values()) bodies[doc.hash] = doc.body!;
    await writeCacheFile(this.cacheDir, this.bodiesFile(), BODIES, this.version, bodies, this.log);
    const relative = (file: string) => path.relative(this.anchor, file).split(path.sep).join('/');
    const entries = [...this.entries].map(([file, entry]) => [relative(file), { ...entry, facts: withFiles(entry.facts, relative) }]);
    await writeCacheFile(this.cacheDir, `analyses/${this.version}.json`, ENTRIES, this.version, Object.fromEntries(entries), this.log);
    this.added.clear();
  }
}

/** The facts with every file name they hold (their own, their problems') passed through `to`. */
function withFiles<F extends Stored['facts']>(facts: F, to: (file: string) => string): F {
  return { ...facts, file: to(facts.file), diagnostics: facts.diagnostics.map((d) => ({ ...d, file: to(d.file) })) };
}

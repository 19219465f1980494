import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { MarkdownFacts } from '../../markdown/facts.ts';
import { contentHash } from '../../hash.ts';
import { readCacheFile, removeAllBut, removeCacheFile, writeCacheFile, type CacheFileKind, type CacheLog } from './cacheFile.ts';
import type { AnalysedMarkdown } from '../../markdown/analysed.ts';
import { inPlaceOf } from '../../runtime/ownedPaths.mjs';

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

/** The cache is split in SHARDS files of analyses and as many of bodies, so that a build that analyses one file rewrites one of each, not all of them (21 MB at 4,000 articles). */
const SHARDS = 16;
const FOLDER = 'analyses';
const shardOf = (key: string) => (createHash('sha256').update(key).digest()[0]! % SHARDS).toString(16);
const shards = Array.from({ length: SHARDS }, (_, i) => i.toString(16));
/** A file of pre-rendered bodies, of any base: its shard. */
const BODIES_NAME = /^bodies-(?:[0-9A-Za-z]{12}-)?([0-9a-f])\.json$/;

/**
 * Markdown analyses kept on disk between builds. An entry is used only when the file's text
 * hashes the same and the cache was written by the same generator code, templates, dependencies
 * and public/ files (the version), so it can never return a stale analysis. A damaged file is
 * dropped (the files it covered are analysed again), never an error. Each version has its
 * folder, `analyses/<version>/`: analyses by file, in shards by the file's name, and the
 * pre-rendered bodies by the hash of their text, in shards by that hash. Saving removes the
 * folders of other versions, which can serve no build of this code.
 */
export class AnalysisCache {
  private readonly added = new Map<string, AnalysedMarkdown>();
  /** Hashes of texts whose entries this build replaced: their bodies go from their shards. */
  private readonly replaced = new Set<string>();
  private readonly bodies = new Map<string, Promise<Bodies>>();

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
    const read = await Promise.all(shards.map((shard) => readCacheFile(cacheDir, `${FOLDER}/${version}/facts-${shard}.json`, ENTRIES, version, log)));
    const resolve = (file: string) => path.resolve(anchor, file);
    const entries = new Map<string, Stored>();
    let foreign = 0;
    read.forEach((stored, i) => {
      for (const [file, entry] of Object.entries(stored ?? {})) {
        // An entry whose facts name another file than its key, or in another shard than its name's, was not written by this cache: dropped.
        if (entry.facts.file !== file || shardOf(file) !== shards[i]) foreign++;
        else entries.set(resolve(file), { ...entry, facts: withFiles(entry.facts, resolve) });
      }
    });
    if (foreign) log(`cache: dropped ${foreign} analyses that name another file than their own`);
    return new AnalysisCache(anchor, cacheDir, version, entries, log, base);
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
    return doc.body ?? (await this.loadBodies(shardOf(doc.hash)))[doc.hash];
  }

  /** Pre-rendered bodies are read only when a cached page has to be rendered again, a shard at a time. */
  private loadBodies(shard: string): Promise<Bodies> {
    let bodies = this.bodies.get(shard);
    if (!bodies) {
      bodies = readCacheFile(this.cacheDir, this.bodiesFile(shard), BODIES, this.version, this.log).then((found) => found ?? {});
      this.bodies.set(shard, bodies);
    }
    return bodies;
  }

  private bodiesFile(shard: string): string {
    return `${FOLDER}/${this.version}/bodies-${this.base ? `${contentHash(this.base, 12)}-` : ''}${shard}.json`;
  }

  set(file: string, doc: AnalysedMarkdown): void {
    if (!doc.body) return;
    const before = this.entries.get(file);
    if (before && before.hash !== doc.hash) this.replaced.add(before.hash);
    this.entries.set(file, { hash: doc.hash, facts: doc.facts });
    this.added.set(file, doc);
  }

  /**
   * Writes the shards this build changed: the bodies, then the analyses. `listed`: the markdown
   * files this build listed in `contentDir`; the entries of the other files there (deleted,
   * renamed, or of a folder no collection has) go, with their bodies under every base, so that
   * the cache holds the site it serves and no more. An entry of another content folder (a build
   * with --content) stays while its file exists. Each file is replaced atomically; a build killed
   * between the two leaves entries whose bodies are missing, which the next build analyses
   * again, or bodies no entry names, which the next save of their shard drops. Then removes the
   * folders of other versions.
   */
  async save(listed: Iterable<{ file: string }>, contentDir: string): Promise<void> {
    const keep = new Set([...listed].map(({ file }) => file));
    const inContent = (file: string) => !path.relative(contentDir, file).startsWith('..');
    const gone = [...this.entries.keys()].filter((file) => !keep.has(file) && (inContent(file) || !existsSync(file)));
    for (const file of gone) {
      this.replaced.add(this.entries.get(file)!.hash);
      this.entries.delete(file);
    }
    if (!this.added.size && !gone.length) return;
    const current = new Set([...this.entries.values()].map((entry) => entry.hash));
    const bodyShards = new Set([...[...this.added.values()].map((doc) => doc.hash), ...this.replaced].map(shardOf));
    const others = await this.otherBasesBodies(bodyShards);
    await Promise.all([
      ...[...bodyShards].map(async (shard) => {
        const bodies: Bodies = {};
        // Only the bodies of the current entries are kept: older texts' bodies would pile up.
        for (const [hash, body] of Object.entries(await this.loadBodies(shard))) if (current.has(hash)) bodies[hash] = body;
        for (const doc of this.added.values()) if (shardOf(doc.hash) === shard) bodies[doc.hash] = doc.body!;
        await this.writeShard(this.bodiesFile(shard), BODIES, bodies);
      }),
      // Another base's bodies of texts no entry has any more: no build can ask for them.
      ...others.map(async (name) => {
        const stored = await readCacheFile(this.cacheDir, name, BODIES, this.version, this.log);
        const kept = Object.entries(stored ?? {}).filter(([hash]) => current.has(hash));
        if (stored && kept.length < Object.keys(stored).length) await this.writeShard(name, BODIES, Object.fromEntries(kept));
      }),
    ]);
    const relative = (file: string) => path.relative(this.anchor, file).split(path.sep).join('/');
    // Only the shards holding a changed or removed entry are written; the others stay as they are on disk.
    const byShard = new Map([...this.added.keys(), ...gone].map((file): [string, Record<string, Stored>] => [shardOf(relative(file)), {}]));
    for (const [file, entry] of this.entries) {
      const name = relative(file);
      const shard = byShard.get(shardOf(name));
      if (shard) shard[name] = { ...entry, facts: withFiles(entry.facts, relative) };
    }
    await Promise.all([...byShard].map(([shard, stored]) => this.writeShard(`${FOLDER}/${this.version}/facts-${shard}.json`, ENTRIES, stored)));
    this.added.clear();
    this.replaced.clear();
    await removeAllBut(path.join(this.cacheDir, FOLDER), this.version);
  }

  /** Writes a shard, or removes it when it holds nothing: a site that shrank leaves no empty files. */
  private async writeShard<S extends z.ZodType>(name: string, kind: CacheFileKind<S>, data: z.input<S> & object): Promise<void> {
    if (Object.keys(data).length) await writeCacheFile(this.cacheDir, name, kind, this.version, data, this.log);
    else await removeCacheFile(this.cacheDir, name, this.log);
  }

  /** The files of bodies rendered under other bases, of these shards, as the version's folder holds them. */
  private async otherBasesBodies(shards: ReadonlySet<string>): Promise<string[]> {
    const folder = `${FOLDER}/${this.version}`;
    // Not through a link in place of a folder: readCacheFile would drop it, and what it lists is another folder's.
    if ([this.cacheDir, path.join(this.cacheDir, FOLDER), path.join(this.cacheDir, folder)].some((dir) => inPlaceOf(dir, 'folder'))) return [];
    const names = await readdir(path.join(this.cacheDir, folder)).catch(() => [] as string[]);
    const own = new Set([...shards].map((shard) => path.basename(this.bodiesFile(shard))));
    return names.filter((name) => !own.has(name) && shards.has(BODIES_NAME.exec(name)?.[1] ?? '')).map((name) => `${folder}/${name}`);
  }
}

/** The facts with every file name they hold (their own, their problems') passed through `to`. */
function withFiles<F extends Stored['facts']>(facts: F, to: (file: string) => string): F {
  return { ...facts, file: to(facts.file), diagnostics: facts.diagnostics.map((d) => ({ ...d, file: to(d.file) })) };
}

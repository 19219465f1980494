import { readdir, readFile, stat, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { contentHash } from '../bundle/hash.ts';
import type { AnalysedMarkdown } from './markdownWorkspace.tsx';

type Body = NonNullable<AnalysedMarkdown['body']>;
interface Stored {
  hash: string;
  facts: AnalysedMarkdown['facts'];
}
type Bodies = Record<string, Body>;

/**
 * Markdown analyses kept on disk between builds. An entry is used only when the file's text
 * hashes the same and the cache was written by the same generator code, templates, dependencies
 * and public/ files (the version), so it can never return a stale analysis.
 */
export class AnalysisCache {
  private readonly added = new Map<string, AnalysedMarkdown>();
  private bodies?: Promise<Bodies>;

  private constructor(
    private readonly dir: string,
    private readonly version: string,
    private readonly entries: Map<string, Stored>,
  ) {}

  static async load(cacheDir: string, version: string): Promise<AnalysisCache> {
    const dir = path.join(cacheDir, 'analyses');
    const entries = await readFile(path.join(dir, `${version}.json`), 'utf8').then(
      (text) => new Map(Object.entries(JSON.parse(text) as Record<string, Stored>)),
      () => new Map<string, Stored>(),
    );
    return new AnalysisCache(dir, version, entries);
  }

  /** Whether the cache has an analysis of `file`, of any version of its text. */
  has(file: string): boolean {
    return this.entries.has(file);
  }

  /** The cached analysis of `file` if its text still hashes to `hash`; its body is read on demand. */
  get(file: string, hash: string): AnalysedMarkdown | undefined {
    const stored = this.entries.get(file);
    return stored?.hash === hash ? { hash, facts: stored.facts, body: undefined } : undefined;
  }

  async body(doc: AnalysedMarkdown): Promise<Body> {
    if (doc.body) return doc.body;
    const body = (await this.loadBodies())[doc.hash];
    if (!body) throw new Error(`the analysis cache has no body for ${doc.facts.file}; delete .sitegen-cache/ and build again`);
    return body;
  }

  /** Pre-rendered bodies live in one file, read only when a cached page has to be rendered again. */
  private loadBodies(): Promise<Bodies> {
    this.bodies ??= readFile(this.bodiesFile(), 'utf8').then(
      (text) => JSON.parse(text) as Bodies,
      () => ({}),
    );
    return this.bodies;
  }

  private bodiesFile(): string {
    return path.join(this.dir, `${this.version}-bodies.json`);
  }

  set(file: string, doc: AnalysedMarkdown): void {
    if (!doc.body) return;
    this.entries.set(file, { hash: doc.hash, facts: doc.facts });
    this.added.set(file, doc);
  }

  async save(): Promise<void> {
    if (!this.added.size) return;
    const bodies = { ...(await this.loadBodies()) };
    for (const doc of this.added.values()) bodies[doc.hash] = doc.body!;
    await mkdir(this.dir, { recursive: true });
    await Promise.all([writeFile(this.bodiesFile(), JSON.stringify(bodies)), writeFile(path.join(this.dir, `${this.version}.json`), JSON.stringify(Object.fromEntries(this.entries)))]);
    this.added.clear();
  }
}

/**
 * A hash of everything besides content that shapes an analysis or a page: the generator's and
 * templates' source, the locked dependencies, and the names, sizes and times of public/ files
 * (image sizes end up in the HTML).
 */
export async function codeVersion(root: string, publicDir: string): Promise<string> {
  const parts: string[] = [];
  for (const dir of ['src', 'templates']) {
    const files = (await readdir(path.join(root, dir), { recursive: true })).filter((f) => /\.(tsx?|mjs|css)$/.test(f)).sort();
    for (const f of files) parts.push(f, await readFile(path.join(root, dir, f), 'utf8'));
  }
  parts.push(await readFile(path.join(root, 'package-lock.json'), 'utf8').catch(() => ''));
  const publicFiles = (await readdir(publicDir, { recursive: true }).catch(() => [] as string[])).sort();
  for (const f of publicFiles) {
    const info = await stat(path.join(publicDir, f));
    if (info.isFile()) parts.push(f, String(info.size), String(info.mtimeMs));
  }
  return contentHash(parts.join('\0'), 16);
}

import {
  constants,
  closeSync,
  copyFileSync,
  existsSync,
  fstatSync,
  linkSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  renameSync,
  rmdirSync,
  rmSync,
  statSync,
} from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { contentHash } from '../../hash.ts';
import { pidOfWorkingName, workingName } from '../../runtime/processes.ts';
import { inPlaceOf, what } from '../../runtime/ownedPaths.mjs';
import { readCacheFile, writeCacheFile, type CacheLog } from './cacheFile.ts';
import { removeUnnamedImages } from './imageCache.ts';
import { sha256 } from '../../hash.ts';
import type { PageRecord, StoredPage } from '../pageRecord.ts';

/** An output folder no build wrote for this many builds is forgotten, with the pages only it showed. */
export const PAGE_CACHE_BUILDS = 3;

const FOLDER = 'pages';
const BLOB_NAME = /^[0-9a-f]{64}$/;

const INDEX = {
  kind: 'page index',
  schema: z.object({
    /** How many builds have saved this index: each output folder says the last one that wrote it. */
    build: z.number().int().nonnegative(),
    /** By output path and key (`entryId`). */
    pages: z.record(
      z.string(),
      z.object({
        blob: z.string().regex(BLOB_NAME),
        islands: z.array(z.string()),
        images: z.array(z.string()),
        props: z.array(z.string()),
      }),
    ),
    /** The props files pages name, by path (a props file is named by its content), with their text. */
    props: z.record(z.string(), z.object({ text: z.string() })),
    /**
     * The last output written into each output folder (by a hash of its path): each page and props
     * file under the key it was written with (a props file's key is its path), its size and its
     * time as written; a folder no build wrote for PAGE_CACHE_BUILDS builds is forgotten.
     */
    outputs: z.record(
      z.string(),
      z.object({ used: z.number().int(), files: z.record(z.string(), z.object({ key: z.string(), size: z.number(), mtimeMs: z.number() })) }),
    ),
  }),
};
type Index = z.infer<typeof INDEX.schema>;

/** A page the cache holds under the key it was rendered with: its blob (the SHA-256 of its bytes), and the files it names. */
export type CachedPage = Pick<PageRecord, 'islands' | 'images' | 'props'> & { blob: string };

/** A page found unchanged in the last output. */
export type LinkedPage = StoredPage;

/** A page restored from the cache into a version, with the text of the props files it names. */
export type RestoredPage = StoredPage & { propsFiles: [string, string][] };

/** A page of a finished build, as the index records it. */
export type BuiltPage = Pick<PageRecord, 'outputPath' | 'key' | 'sha256' | 'islands' | 'images' | 'props'>;

const entryId = (outputPath: string, key: string) => `${outputPath}\n${key}`;
/** An output folder as the index names it. */
const outputId = (outDir: string) => contentHash(path.resolve(outDir), 12);

/**
 * The one record of rendered pages between builds, in .sitegen-cache/pages/: each page under
 * its output path and the key of what it was rendered from, with what it names (islands, images,
 * props files), and which of them each output folder shows as it was last written. A page of the
 * last output whose key is unchanged is linked from there (its file checked by its size and time
 * as written: a file changed since is never reused); a build with no earlier output (a CI job
 * that restored the cache) writes every unchanged page from its blob, and renders only the pages
 * whose key changed. Each page's bytes are a blob named by their SHA-256 (`pages/ab/abcd…`),
 * checked against that name whenever they are used: a truncated, damaged or missing blob, or
 * anything else in its place, is dropped and its page rendered again. A blob and the output
 * files with its bytes are one file under several names (hard links), as the versions of the
 * output already share their unchanged files: writing 137 MB twice at 4,000 articles cost
 * seconds. None of them is ever changed in place. The index is one cache file (checksummed,
 * replaced atomically, bound to the code's version). It holds the pages the output folders it
 * records show, and no more: a page no such folder shows (a deleted or renamed article's, a page
 * as it was before an edit) goes, with the blob and the processed images no kept page names; a
 * folder no build wrote for PAGE_CACHE_BUILDS builds is forgotten (a CI job's preview, built
 * beside the site under another base, keeps its pages while it is built).
 */
export class PageIndex {
  /** Folders found to be real folders this build (a link in place of one is removed, never followed). */
  private readonly folders = new Set<string>();
  private scratch = Buffer.allocUnsafe(64 * 1024);
  /** Props files of the last output found unchanged, checked once however many pages name them. */
  private readonly propsChecked = new Map<string, boolean>();

  private constructor(
    private readonly cacheDir: string,
    private readonly outDir: string,
    private readonly version: string,
    private readonly index: Index,
    private readonly log: CacheLog,
  ) {}

  /** The index bound to `version`; what it says of `outDir` is read only while that folder exists (a CI job has none). */
  static async load(cacheDir: string, outDir: string, version: string, log: CacheLog): Promise<PageIndex> {
    const index = (await readCacheFile(cacheDir, `${FOLDER}/index.json`, INDEX, version, log)) ?? { build: 0, pages: {}, props: {}, outputs: {} };
    if (!existsSync(outDir)) delete index.outputs[outputId(outDir)];
    return new PageIndex(cacheDir, outDir, version, index, log);
  }

  /** The page rendered under `key` at `outputPath`, if the index has it (its blob is checked on `restore`). */
  find(outputPath: string, key: string): CachedPage | undefined {
    return this.index.pages[entryId(outputPath, key)];
  }

  /**
   * The page at `outputPath` in the last output, if that is still exactly what `key` produced,
   * with every props file it names unchanged too; else undefined.
   */
  inOutput(outputPath: string, key: string): LinkedPage | undefined {
    const page = this.find(outputPath, key);
    const size = page && this.unchanged(outputPath, key);
    if (!page || size === undefined || !page.props.every((file) => this.propsUnchanged(file))) return undefined;
    return { bytes: size, sha256: page.blob, islands: page.islands, images: page.images, props: page.props };
  }

  /** Whether the last output has exactly these pages and props files. */
  sameOutput(files: Iterable<string>): boolean {
    const shown = this.index.outputs[outputId(this.outDir)]?.files ?? {};
    const list = [...files];
    return list.length === Object.keys(shown).length && list.every((file) => Object.hasOwn(shown, file));
  }

  /**
   * Puts a found page in place from its blob (`place`, given the blob's path), and gives the text
   * of the props files it names. Undefined when its blob or a props file is gone or damaged: the
   * entry is dropped and the page must be rendered.
   */
  restore(page: CachedPage, outputPath: string, key: string, place: (blob: string) => void): RestoredPage | undefined {
    const propsFiles = page.props.map((file): [string, string | undefined] => [file, this.index.props[file]?.text]);
    const bytes = this.checkBlob(page.blob);
    if (bytes === undefined || propsFiles.some(([, text]) => text === undefined)) {
      delete this.index.pages[entryId(outputPath, key)];
      if (bytes !== undefined) this.log(`cache: dropped ${outputPath} from the page cache: a props file it names is missing; it is rebuilt`);
      return undefined;
    }
    place(this.blobPath(page.blob));
    return { bytes, sha256: page.blob, islands: page.islands, images: page.images, props: page.props, propsFiles: propsFiles as [string, string][] };
  }

  /**
   * Records the pages of the build just written into `outDir`: a page the index lacks becomes a
   * blob (a hard link to its file there), and a props file the index lacks is kept with its text
   * (from `propsText`, else from the output); each page and props file is recorded as the output
   * now shows it. Then forgets the output folders no build wrote for PAGE_CACHE_BUILDS builds,
   * drops the pages and props files no recorded folder shows, writes the index, and removes the
   * blobs and processed images no kept page names. Blobs are not flushed one by one: their names
   * check them when used.
   */
  async save(pages: Iterable<BuiltPage>, propsText: (file: string) => string | undefined): Promise<{ added: number; dropped: number }> {
    const build = this.index.build + 1;
    const shown: Index['outputs'][string]['files'] = {};
    // Here, and in `unchanged`, one call at a time on this thread: thousands of stat()s through the
    // thread pool cost more in waiting than they take (at 5,380 pages, 0.28 s against 0.13 s).
    const record = (file: string, key: string) => {
      const { size, mtimeMs } = statSync(path.join(this.outDir, file));
      shown[file] = { key, size, mtimeMs };
    };
    let added = 0;
    for (const page of pages) {
      const id = entryId(page.outputPath, page.key);
      if (!this.index.pages[id]) {
        this.index.pages[id] = {
          blob: this.addBlob(path.join(this.outDir, page.outputPath), page.sha256),
          islands: page.islands,
          images: page.images,
          props: page.props,
        };
        added++;
      }
      record(page.outputPath, page.key);
      for (const file of page.props) {
        this.index.props[file] ??= { text: propsText(file) ?? readFileSync(path.join(this.outDir, file), 'utf8') };
        if (!shown[file]) record(file, file);
      }
    }
    this.index.outputs[outputId(this.outDir)] = { used: build, files: shown };
    const stale = build - PAGE_CACHE_BUILDS;
    for (const [id, entry] of Object.entries(this.index.outputs)) if (entry.used <= stale) delete this.index.outputs[id];
    // A page is kept while an output folder the index records shows it: a deleted or renamed article's page, or a page as it was before an edit, goes at once.
    const shownPages = new Set(
      Object.values(this.index.outputs).flatMap((output) => Object.entries(output.files).map(([file, { key }]) => entryId(file, key))),
    );
    const before = Object.keys(this.index.pages).length;
    for (const id of Object.keys(this.index.pages)) if (!shownPages.has(id)) delete this.index.pages[id];
    const kept = Object.values(this.index.pages);
    const namedProps = new Set(kept.flatMap((entry) => entry.props));
    for (const file of Object.keys(this.index.props)) if (!namedProps.has(file)) delete this.index.props[file];
    this.index.build = build;
    await writeCacheFile(this.cacheDir, `${FOLDER}/index.json`, INDEX, this.version, this.index, this.log);
    // Removed once the index no longer names them: a build killed before leaves files the next one removes.
    this.removeUnnamedBlobs();
    await removeUnnamedImages(this.cacheDir, new Set(kept.flatMap((entry) => entry.images)));
    return { added, dropped: before - kept.length };
  }

  /** The size of a file of the last output, if the index records it under `key` and it is as it was written. */
  private unchanged(file: string, key: string): number | undefined {
    const entry = this.index.outputs[outputId(this.outDir)]?.files[file];
    if (entry?.key !== key) return undefined;
    const info = statSync(path.join(this.outDir, file), { throwIfNoEntry: false });
    return info !== undefined && info.size === entry.size && info.mtimeMs === entry.mtimeMs ? info.size : undefined;
  }

  private propsUnchanged(file: string): boolean {
    if (!this.propsChecked.has(file)) this.propsChecked.set(file, this.unchanged(file, file) !== undefined);
    return this.propsChecked.get(file)!;
  }

  /**
   * The size of a blob if its bytes still hash to its name. A missing blob is undefined; a damaged
   * one, or anything but a file in its place (a link is never followed, a FIFO never waited on),
   * is logged, removed and undefined. Each blob is read into one buffer, kept for the next:
   * a new buffer for each made 137 MB of garbage at 4,000 articles.
   */
  private checkBlob(blob: string): number | undefined {
    const folder = this.folder(blob);
    if (!folder) return undefined;
    const file = path.join(folder, blob);
    let fd: number;
    try {
      fd = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      return code === 'ENOENT' ? undefined : this.drop(file, code === 'ELOOP' ? 'it is a link, not a file' : `it cannot be read (${code})`);
    }
    try {
      const info = fstatSync(fd);
      if (!info.isFile()) return this.drop(file, `it is ${what(info)}, not a file`);
      if (this.scratch.length < info.size) this.scratch = Buffer.allocUnsafe(info.size);
      let size = 0;
      for (let read = -1; read !== 0 && size < info.size; size += read) read = readSync(fd, this.scratch, size, info.size - size, null);
      return sha256(this.scratch.subarray(0, size)) === blob ? size : this.drop(file, 'it is truncated or damaged (its bytes do not match its name)');
    } finally {
      closeSync(fd);
    }
  }

  private drop(file: string, reason: string): undefined {
    this.log(`cache: dropped ${path.relative(process.cwd(), file) || file}: ${reason}; it is rebuilt`);
    rmSync(file, { force: true, recursive: true });
    return undefined;
  }

  /**
   * Adds a file of the output as a blob, unless one has its bytes: a second name for the same
   * file (a hard link), which costs no copy of its bytes; a copy where the cache is on another
   * file system. `blob`: its SHA-256, taken as the build put its bytes in place.
   */
  private addBlob(file: string, blob: string): string {
    const target = this.blobPath(blob, true);
    const info = lstatSync(target, { throwIfNoEntry: false });
    if (info?.isFile()) return blob;
    // A link would fail over a folder, and a rename replace a link or a FIFO without a word.
    if (info) this.drop(target, `it is ${what(info)}, not a file`);
    // Under a temporary name, then renamed: a build killed meanwhile leaves no blob under its name.
    const temporary = workingName(target);
    linkOrCopy(file, temporary);
    renameSync(temporary, target);
    return blob;
  }

  private blobPath(blob: string, make = false): string {
    return path.join(this.folder(blob, make) ?? path.join(this.cacheDir, FOLDER, blob.slice(0, 2)), blob);
  }

  /** The folder of a blob, if it is a real folder (`make`: made if missing); anything else in its place, the cache's `pages` or the cache's own is removed. */
  private folder(blob: string, make = false): string | undefined {
    const pages = path.join(this.cacheDir, FOLDER);
    const folder = path.join(pages, blob.slice(0, 2));
    for (const dir of [this.cacheDir, pages, folder]) {
      if (this.folders.has(dir)) continue;
      const found = inPlaceOf(dir, 'folder');
      // rm removes a link itself, never what it names.
      if (found) this.drop(dir, `it is ${found}, not a folder`);
      if (!lstatSync(dir, { throwIfNoEntry: false })) {
        if (!make) return undefined;
        mkdirSync(dir, { recursive: true });
      }
      this.folders.add(dir);
    }
    return folder;
  }

  /** Removes the blobs no entry names (of replaced pages, of dropped entries); files being written by a live build are not blobs. */
  private removeUnnamedBlobs(): void {
    const named = new Set(Object.values(this.index.pages).map((entry) => entry.blob));
    const pages = path.join(this.cacheDir, FOLDER);
    // Through a linked cache folder, the blobs to remove would be another folder's files.
    if (inPlaceOf(this.cacheDir, 'folder') || inPlaceOf(pages, 'folder') || !lstatSync(pages, { throwIfNoEntry: false })) return;
    for (const part of readdirSync(pages, { withFileTypes: true })) {
      if (!part.isDirectory()) continue;
      const folder = path.join(pages, part.name);
      const names = readdirSync(folder);
      const unnamed = names.filter((name) => (BLOB_NAME.test(name) ? !named.has(name) : pidOfWorkingName(name) === undefined));
      for (const name of unnamed) rmSync(path.join(folder, name), { force: true, recursive: true });
      // A folder left empty goes too (4 KB each, 256 of them): a site that shrank leaves no trace.
      if (unnamed.length === names.length) {
        this.folders.delete(folder);
        // Not recursive: a file another process put there since is left, with its folder.
        try {
          rmdirSync(folder);
        } catch {
          // Not empty after all: it stays.
        }
      }
    }
  }
}

/**
 * Gives `to` the file `from` as a hard link, or a copy of it where a link cannot be made
 * (another file system, too many links). Output files and blobs are never changed in place (each
 * is replaced by a rename), so sharing them is safe, and a blob's bytes are checked before use.
 */
export function linkOrCopy(from: string, to: string): void {
  try {
    linkSync(from, to);
  } catch {
    copyFileSync(from, to);
  }
}

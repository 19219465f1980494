import { constants, existsSync, linkSync, lstatSync, mkdirSync, readdirSync, readlinkSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir, open, readdir, rename, rm, rmdir, symlink, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { pidOfWorkingName, processAlive, workingName } from '../runtime/processes.ts';
import { OUTPUT_MARKER, STORE_MARKER } from '../config.ts';
import type { BuildMode, UnreleasedPages } from '../hosting/buildMode.ts';
import { ContentError, diagnostic, FILE_START } from '../diagnostics.ts';
import { fileStamp } from '../load/fileStamp.ts';
import type { PublicFile } from '../load/publicFiles.ts';
import { flushToDisk, syncFolder, writeFileDurably } from './durable.ts';
import { inPlaceOf, refuseLink } from '../runtime/ownedPaths.mjs';
import { atPath } from '../systemFault.ts';
import packageJson from '../../package.json' with { type: 'json' };

/**
 * The output folder, made crash-safe by versions. `dist` is a link to one complete version in
 * the store beside it (`.dist.sitegen/<id>/`). A build writes a new version there and, once
 * every file is written, renames a new link over `dist`: a rename is atomic, so at every instant
 * `dist` is the complete previous site or the complete new one, whatever kills the build.
 *
 *     dist -> .dist.sitegen/1763942400000-4242-9f3a1c
 *     .dist.sitegen/
 *       .sitegen-store              this folder is sitegen's
 *       .gitignore                  `*`: git never shows the store
 *       1763942400000-4242-9f3a1c/  a version: complete once it holds .sitegen-output
 *
 * The previous version is kept until the next build, so that a reader who resolved the old
 * link a moment before the switch can finish reading.
 */

// Only a marked (or empty) folder is ever replaced.
export { OUTPUT_MARKER, STORE_MARKER } from '../config.ts';
const VERSION_NAME = /^(\d{13})-(\d+)-[0-9a-f]+$/;

/** The marker's text: sitegen's, its version, and for an output how it was built and the pages it holds unreleased (publish and diff read them). */
function markerText(mode?: BuildMode, unreleased?: UnreleasedPages): string {
  const pages = unreleased && Object.keys(unreleased).length ? { unreleased } : {};
  return `${JSON.stringify({ generator: 'sitegen', version: packageJson.version, ...(mode && { mode }), ...pages })}\n`;
}

/** What is at the output path now. */
export type OutputState =
  | { kind: 'missing' }
  /** A link to a version in the store; `complete` unless the store lost it. */
  | { kind: 'version'; dir: string; complete: boolean }
  /** A real folder that sitegen may replace: empty, or marked by sitegen. */
  | { kind: 'folder'; empty: boolean }
  | { kind: 'foreign'; reason: string };

export class OutputStore {
  readonly store: string;

  constructor(readonly out: string) {
    this.store = path.join(path.dirname(out), `.${path.basename(out)}.sitegen`);
  }

  state(): OutputState {
    let info;
    try {
      info = lstatSync(this.out);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'missing' };
      throw error;
    }
    if (info.isSymbolicLink()) {
      const target = path.resolve(path.dirname(this.out), readlinkSync(this.out));
      if (path.dirname(target) === this.store) return { kind: 'version', dir: target, complete: existsSync(path.join(target, OUTPUT_MARKER)) };
      return { kind: 'foreign', reason: `it is a link to ${target}, which sitegen did not make: remove the link, or choose another --out` };
    }
    if (!info.isDirectory()) return { kind: 'foreign', reason: 'it is a file, not a folder: choose another --out' };
    const names = readdirSync(this.out);
    if (!names.length) return { kind: 'folder', empty: true };
    if (names.includes(OUTPUT_MARKER)) return { kind: 'folder', empty: false };
    return {
      kind: 'foreign',
      reason: `it is not empty and sitegen did not make it (it has no ${OUTPUT_MARKER} marker; outputs of sitegen before 1.1 have none and can be deleted): empty it, or choose another --out`,
    };
  }

  /** The folder whose files the output path shows now, if it is a complete sitegen output. */
  current(): string | undefined {
    const state = this.state();
    if (state.kind === 'version') return state.complete ? state.dir : undefined;
    return state.kind === 'folder' && !state.empty ? this.out : undefined;
  }

  /**
   * Undoes what killed builds left: versions never completed (their process is gone) and
   * temporary links are removed, complete versions older than the previous one too, and an
   * output path that lost its link is pointed at the newest complete version again.
   * Returns what it did, a line each.
   */
  async recover(): Promise<string[]> {
    const done: string[] = [];
    done.push(...(await removeLegacyLeftovers(this.out)));
    if (!existsSync(path.join(this.store, STORE_MARKER))) return done;
    const state = this.state();
    const current = state.kind === 'version' ? path.basename(state.dir) : undefined;
    const names = await readdir(this.store);
    const complete: string[] = [];
    let removed = 0;
    for (const name of names) {
      const temporary = pidOfWorkingName(name);
      if (temporary !== undefined) {
        if (!processAlive(temporary) || temporary === process.pid) await rm(path.join(this.store, name), { recursive: true, force: true });
        continue;
      }
      const match = VERSION_NAME.exec(name);
      if (!match) continue;
      // A link in the store is no version of sitegen's: removed (the link, never what it leads to), never shown or written through.
      if (inPlaceOf(path.join(this.store, name), 'folder')) {
        await rm(path.join(this.store, name), { force: true });
        continue;
      }
      if (existsSync(path.join(this.store, name, OUTPUT_MARKER))) complete.push(name);
      else if (name !== current && (!processAlive(Number(match[2])) || Number(match[2]) === process.pid)) {
        await rm(path.join(this.store, name), { recursive: true, force: true });
        removed++;
      }
    }
    if (removed)
      done.push(`output: removed ${removed} unfinished ${removed === 1 ? 'version' : 'versions'} of ${this.shown()} left by builds that were stopped`);
    complete.sort();
    if (state.kind === 'missing' || (state.kind === 'version' && !state.complete)) {
      const newest = complete.at(-1);
      if (newest) {
        await this.point(path.join(this.store, newest));
        done.push(`output: ${this.shown()} was missing; restored it from its last complete build`);
      }
    }
    const keep = this.state();
    await this.prune(keep.kind === 'version' ? path.basename(keep.dir) : undefined, complete);
    return done;
  }

  /** A new, empty version; `previous` is the version the output path shows now. */
  async open(): Promise<StagedVersion> {
    await mkdir(path.dirname(this.store), { recursive: true });
    // Not recursive here: Node's recursive mkdir never returns where the file system refuses a folder whose parent exists (--out /proc/site).
    await mkdir(this.store).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    });
    if (!existsSync(path.join(this.store, STORE_MARKER))) {
      await writeFile(path.join(this.store, '.gitignore'), '# sitegen keeps the versions of an output folder here\n*\n');
      await writeFile(path.join(this.store, STORE_MARKER), markerText());
    }
    const dir = path.join(this.store, `${String(Date.now()).padStart(13, '0')}-${process.pid}-${randomBytes(4).toString('hex')}`);
    await mkdir(dir);
    return new StagedVersion(this, dir, this.current());
  }

  /** Points the output path at `dir` with one atomic rename (a real folder there is moved into the store first); `durable`, on disk before it returns. */
  async point(dir: string, durable = true): Promise<void> {
    const link = workingName(path.join(this.store, '.link'));
    await symlink(path.relative(path.dirname(this.out), dir), link);
    const state = this.state();
    if (state.kind === 'folder' && state.empty) await rmdir(this.out);
    // A marked real folder becomes the oldest version, deleted with the old ones.
    else if (state.kind === 'folder') await rename(this.out, path.join(this.store, `${'0'.repeat(13)}-${process.pid}-0`));
    else if (state.kind === 'foreign') throw new Error(`${this.out}: ${state.reason}`);
    await rename(link, this.out);
    if (durable) await syncFolder(path.dirname(this.out));
  }

  /** Removes complete versions but the current one and the newest before it. */
  async prune(current: string | undefined, complete?: string[]): Promise<void> {
    const all =
      complete ?? (await readdir(this.store)).filter((name) => VERSION_NAME.test(name) && existsSync(path.join(this.store, name, OUTPUT_MARKER))).sort();
    const older = all.filter((name) => name !== current);
    await Promise.all(older.slice(0, -1).map((name) => removeVersion(path.join(this.store, name))));
  }

  private shown(): string {
    return path.relative(process.cwd(), this.out) || this.out;
  }
}

/**
 * Writes one file of a version being staged, into a folder that exists (see `createFolders`):
 * the one place output files are written, by the builder's thread and by worker threads alike.
 * Returns its size in bytes.
 */
export function writeStagedFile(dir: string, file: string, data: string | Uint8Array): number {
  const bytes = typeof data === 'string' ? Buffer.from(data) : data;
  try {
    writeFileSync(path.join(dir, file), bytes);
  } catch (error) {
    throw atPath(error, path.join(dir, file));
  }
  return bytes.byteLength;
}

/**
 * Brings the version shown up to date in place: watch's scratch preview, where a new version per
 * edit cost a folder for every page (at 1,000 articles, most of an edit's time). Each changed
 * file is replaced by one rename, so a reader gets the whole old file or the whole new one, never
 * part of one; files no longer made are removed. The version keeps its marker: the caller has
 * checked that it was built the same way. A stop midway leaves some files new and some old, and
 * a leftover `.tmp-` file at most, which watch's next start, building a fresh version, leaves behind.
 */
export function updateInPlace(dir: string, changed: Map<string, string | Uint8Array>, removed: string[]): void {
  refuseLink(dir, "watch's preview");
  createFolders(dir, [...changed.keys()]);
  for (const [file, data] of changed) {
    const target = path.join(dir, file);
    const temporary = workingName(target);
    try {
      writeFileSync(temporary, typeof data === 'string' ? Buffer.from(data) : data);
    } catch (error) {
      rmSync(temporary, { force: true });
      throw atPath(error, target);
    }
    renameSync(temporary, target);
  }
  for (const file of removed) rmSync(path.join(dir, file), { force: true });
}

/**
 * A version being written. Worker threads may write pages into `dir` while the build goes on;
 * nothing shows it until `commit`.
 */
export class StagedVersion {
  /** Shown by the output path: never discarded. */
  private committed = false;

  constructor(
    private readonly store: OutputStore,
    readonly dir: string,
    /** The version the output path showed when this one was opened. */
    readonly previous: string | undefined,
  ) {}

  /**
   * Adds public/'s files (as its walk lists them: checked, dotfiles left out), but those
   * `leaveOut` names: copied, or hard-linked from the previous version when the caller knows
   * public/ has not changed since it wrote that version.
   */
  async addPublic(files: PublicFile[], unchangedSincePrevious: boolean, leaveOut: (rel: string) => boolean = () => false): Promise<void> {
    await copyPublic(
      files.filter((f) => !leaveOut(f.rel)),
      this.dir,
      unchangedSincePrevious ? this.previous : undefined,
    );
  }

  /** Writes generated files; `unchanged` lists files to take over from the previous version as they are. */
  write(files: Map<string, string | Uint8Array>, unchanged: string[] = []): void {
    createFolders(this.dir, [...files.keys(), ...unchanged]);
    // One file after another: parallel creates in one folder contend for its lock and cost more system time.
    for (const [file, data] of files) writeStagedFile(this.dir, file, data);
    // Files that the previous version already has byte for byte are hard-linked, not rewritten.
    if (unchanged.length && !this.previous) throw new Error('no previous output to take unchanged files from');
    for (const file of unchanged) linkSync(path.join(this.previous!, file), path.join(this.dir, file));
  }

  /**
   * Marks the version complete (saying how it was built, and which pages are drafts or scheduled) and switches the output path to it. The files go to disk first,
   * then the marker, then the link: after a power cut the link never names a version whose
   * files the disk had not yet received. The versions it replaces are left to `retireOlder`.
   * Not `durable` (watch's output, built again whenever watch starts), nothing waits for the disk:
   * readers see the same switch, and a power cut may leave a version with files the disk never got.
   */
  async commit(mode: BuildMode, unreleased: UnreleasedPages, durable = true): Promise<void> {
    if (!durable) {
      await writeFile(path.join(this.dir, OUTPUT_MARKER), markerText(mode, unreleased));
      await this.store.point(this.dir, false);
    } else {
      await flushToDisk(this.dir);
      await writeFileDurably(path.join(this.dir, OUTPUT_MARKER), markerText(mode, unreleased));
      await syncFolder(this.dir);
      await this.store.point(this.dir);
    }
    this.committed = true;
  }

  /** Once this version is shown: removes the versions before it but the newest one. */
  retireOlder(): Promise<void> {
    return this.store.prune(path.basename(this.dir));
  }

  /** Removes the version, unless it was committed (the output shows it). */
  async discard(): Promise<void> {
    if (!this.committed) await rm(this.dir, { recursive: true, force: true });
  }
}

/**
 * Copies public/'s files into a version (a file at a time: faster than fs.cp's checks), or links
 * them from `linkFrom`, a version that holds them as they are. A file reached through a link is
 * copied from where the walk found it, so a link changed since then publishes nothing unchecked.
 */
async function copyPublic(files: PublicFile[], dir: string, linkFrom: string | undefined): Promise<void> {
  createFolders(
    dir,
    files.map((f) => f.rel),
  );
  for (const file of files) {
    // A linked file may have changed outside public/: it is always copied afresh.
    const reused = linkFrom !== undefined && !file.linked && linkedFrom(path.join(linkFrom, file.rel), path.join(dir, file.rel));
    if (!reused) await copyWalked(file, path.join(dir, file.rel));
  }
}

/**
 * Copies a file of public/ only if it is still the file its walk checked: opened without following
 * a link, its stamp the one it had then. A file swapped for a link to package.json, or for an
 * unchecked SVG, between the check and the copy stops the build instead of going out.
 */
async function copyWalked(file: PublicFile, target: string): Promise<void> {
  let handle;
  try {
    handle = await open(file.source, constants.O_RDONLY | constants.O_NOFOLLOW);
  } catch (error) {
    if (['ELOOP', 'ENOENT', 'ENOTDIR'].includes((error as NodeJS.ErrnoException).code ?? '')) throw changedDuringBuild(file);
    throw error;
  }
  try {
    if (fileStamp(await handle.stat({ bigint: true })) !== file.stamp) throw changedDuringBuild(file);
    await writeFile(target, handle.createReadStream({ autoClose: false })).catch((error: unknown) => {
      throw atPath(error, target);
    });
  } finally {
    await handle.close();
  }
}

const changedDuringBuild = (file: PublicFile) =>
  new ContentError([
    diagnostic(
      file.shown,
      FILE_START,
      'public/changed-during-build',
      'this file changed while the build ran, after it was checked: nothing of this build is published; build again',
    ),
  ]);

/** Hard-links a file on this thread (a thread-pool round trip per file cost watch's edits more than the links), saying whether it could. */
function linkedFrom(existing: string, created: string): boolean {
  try {
    linkSync(existing, created);
    return true;
  } catch {
    return false;
  }
}

/** Creates the folders of these files under `root`, each once and parents first (a recursive mkdir per file retries every parent). */
export function createFolders(root: string, files: readonly string[]): void {
  const folders = [...new Set(files.map((f) => path.dirname(f)).filter((d) => d !== '.'))];
  const all = new Set<string>();
  for (const folder of folders) for (let d = folder; d !== '.' && !all.has(d); d = path.dirname(d)) all.add(d);
  for (const folder of [...all].sort()) {
    const target = path.join(root, folder);
    if (!existsSync(target)) mkdirSync(target);
  }
}

/**
 * Renames a version to a working name of this process before removing it: one half removed
 * when a build is stopped is never taken for a version, and the next build removes the rest.
 */
async function removeVersion(dir: string): Promise<void> {
  const doomed = workingName(dir);
  await rename(dir, doomed);
  await rm(doomed, { recursive: true, force: true });
}

/** Earlier sitegens staged beside the output as `.dist.staging-<pid>` and `.dist.previous-<pid>`. */
async function removeLegacyLeftovers(out: string): Promise<string[]> {
  const pattern = new RegExp(`^\\.${path.basename(out).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.(staging|previous)-(\\d+)$`);
  const names = await readdir(path.dirname(out)).catch(() => [] as string[]);
  const dead = names.filter((name) => {
    const match = pattern.exec(name);
    return match !== null && !processAlive(Number(match[2]));
  });
  await Promise.all(dead.map((name) => rm(path.join(path.dirname(out), name), { recursive: true, force: true })));
  return dead.map((name) => `output: removed ${name}, left by an earlier build that was stopped`);
}

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sha256 } from '../hash.ts';
import type { RenderedDocument } from '../render/renderPage.tsx';
import { createFolders, writeStagedFile } from '../write/outputStore.ts';
import { linkOrCopy } from './cache/pageIndex.ts';
import type { PageBytes, PageRecord, RenderedPage } from './pageRecord.ts';

/**
 * Where the pages of a build go as they are made: a folder (the new version of the output, which
 * a worker thread writes into too) or memory (watch, which keeps them for its next build and
 * writes only what changed). Rendering hands every page to the sink it is given and gets back
 * its size and hash, wherever the bytes went.
 */
export interface PageSink {
  /**
   * Makes the folders of these pages, and what holds them, before any of them is put: in one go
   * (one folder after another costs less than a folder between two pages), by the thread that puts
   * them, side by side with the other threads making theirs.
   */
  prepare(outputPaths: readonly string[]): void;
  /** Makes what holds the folders of these pages, not their own: done once, before the threads prepare theirs in the same parents. */
  prepareParents(outputPaths: readonly string[]): void;
  /** Puts a rendered page's document in place. */
  put(outputPath: string, html: string): PageBytes;
  /** Puts a page from a file holding its bytes (a blob of the page cache, checked). */
  copy(outputPath: string, file: string): void;
  /** The documents it holds in memory, by output path, for the write phase to write (none for a folder: written already). */
  held(): ReadonlyMap<string, string>;
  /**
   * Puts the build's files that are known before its pages (the stylesheet, the bundles, the data
   * files) in place now, when it is a folder: written beside the pages other threads render, not
   * after them with the other cores idle, where each file created costs several times as much.
   * Returns the files it put, which the write phase leaves as they are.
   */
  putFiles(files: readonly (readonly [file: string, data: string | Uint8Array, ...rest: unknown[]])[]): string[];
}

/** Pages written into a folder: the version being staged, on the builder's thread and on worker threads alike. */
export class FolderSink implements PageSink {
  constructor(readonly dir: string) {}

  prepare(outputPaths: readonly string[]): void {
    createFolders(this.dir, outputPaths);
  }

  prepareParents(outputPaths: readonly string[]): void {
    createFolders(
      this.dir,
      outputPaths.map((file) => path.dirname(file)),
    );
  }

  put(outputPath: string, html: string): PageBytes {
    const bytes = Buffer.from(html);
    writeStagedFile(this.dir, outputPath, bytes);
    return { bytes: bytes.byteLength, sha256: sha256(bytes) };
  }

  copy(outputPath: string, file: string): void {
    linkOrCopy(file, path.join(this.dir, outputPath));
  }

  held(): ReadonlyMap<string, string> {
    return new Map();
  }

  putFiles(files: readonly (readonly [file: string, data: string | Uint8Array, ...rest: unknown[]])[]): string[] {
    createFolders(
      this.dir,
      files.map(([file]) => file),
    );
    for (const [file, data] of files) writeStagedFile(this.dir, file, data);
    return files.map(([file]) => file);
  }
}

/** Pages kept in memory, for the write phase to write and the next build (watch) to keep. */
export class MemorySink implements PageSink {
  private readonly documents = new Map<string, string>();

  prepare(): void {
    // Memory has no folders to make.
  }

  prepareParents(): void {
    // Nor these.
  }

  put(outputPath: string, html: string): PageBytes {
    this.documents.set(outputPath, html);
    const bytes = Buffer.from(html);
    return { bytes: bytes.byteLength, sha256: sha256(bytes) };
  }

  copy(outputPath: string, file: string): void {
    this.documents.set(outputPath, readFileSync(file, 'utf8'));
  }

  held(): ReadonlyMap<string, string> {
    return this.documents;
  }

  putFiles(): string[] {
    // The write phase writes them, with the documents held.
    return [];
  }
}

/** A page rendered into `doc` (since `started`), handed to `sink`: as rendering answers it. */
export function sinkPage(
  sink: PageSink,
  { route, outputPath }: Pick<PageRecord, 'route' | 'outputPath'>,
  doc: RenderedDocument,
  started: number,
): RenderedPage {
  const { islands, images, propsFiles } = doc;
  const bytes = sink.put(outputPath, doc.html);
  return { route, outputPath, ...bytes, islands, images, props: propsFiles.map(([file]) => file), propsFiles, ms: performance.now() - started };
}

import type { Paths } from '../config.ts';
import { outputMode, outputUnreleased, sameMode } from '../hosting/buildMode.ts';
import { RASTER_EXTENSION } from '../load/imageSizes.ts';
import type { PublicFile } from '../load/publicFiles.ts';
import { updateInPlace, type OutputStore, type StagedVersion } from '../write/outputStore.ts';
import { alreadyWritten, sameContent } from '../write/sameFiles.ts';
import type { BuildMode, UnreleasedPages } from '../hosting/buildMode.ts';
import type { RenderedOutput } from './renderedOutput.ts';

/** A new version of the output, open: its pages are written into it as they are rendered, then it is committed. */
export interface OpenVersion {
  staged: StagedVersion;
  /** The files this builder wrote into the version now shown, when it still is (watch): the same bytes are linked from it. */
  lastFiles: Map<string, string | Uint8Array> | undefined;
}

/** How a build was made: its output's marker says so, and lists its drafts and scheduled pages. */
export interface MadeAs {
  mode: BuildMode;
  unreleased: UnreleasedPages;
}

/** The version a builder wrote last and its generated files: the next build links the ones that did not change. */
export interface LastVersion {
  dir: string;
  files: Map<string, string | Uint8Array>;
}

/**
 * Write: a new version of the output with every file, unless the output already is this build's,
 * byte for byte. It keeps the version it wrote last, to link from it what did not change.
 */
export class WritePhase {
  last?: LastVersion;
  /** Set by a build that showed a new version: removes the versions it replaced. */
  private retireOlder?: () => Promise<void>;

  /**
   * `scratchOutput`: watch's preview, updated in place when it is still as this builder wrote it
   * (see BuilderOptions). `publicFiles`: what public/ publishes, copied into each new version.
   */
  constructor(
    private readonly paths: Paths,
    private readonly scratchOutput: boolean,
    private readonly publicFiles: () => PublicFile[],
  ) {}

  /** The removal of the versions the last new one replaced, taken to be done after the build's answer. */
  takeRetirement(): (() => Promise<void>) | undefined {
    const retire = this.retireOlder;
    this.retireOlder = undefined;
    return retire;
  }

  /**
   * Opens a new version of the output with public/ in it. When the output shows the version this
   * builder wrote last (watch), public/ is linked from it and `lastFiles` lists the files it wrote.
   */
  async open(store: OutputStore): Promise<OpenVersion> {
    const staged = await store.open();
    const last = this.last && this.last.dir === staged.previous ? this.last.files : undefined;
    try {
      // Raster images are published only as the pipeline makes them: never with their metadata, never at 4 MB.
      await staged.addPublic(this.publicFiles(), last !== undefined, (file) => RASTER_EXTENSION.test(file));
    } catch (error) {
      await staged.discard();
      throw error;
    }
    return { staged, lastFiles: last };
  }

  /**
   * Writes the build: nothing when the output already is this build's, byte for byte; watch's
   * scratch preview in place; else into `version` (opened by the builder for pages written as
   * they rendered, or here), committed. A version opened here and not committed is discarded.
   * Returns whether a new version was committed.
   */
  async write(output: RenderedOutput, version: OpenVersion | undefined, { mode, unreleased }: MadeAs, store: OutputStore): Promise<boolean> {
    const { files } = output;
    const outputs = output.recordedFiles();
    const linked = output.linkedFiles();
    const linkedSet = new Set(linked);
    // The same bytes made another way (a --drafts build of content with no draft) still get a version saying how they were made.
    const recorded = outputMode(this.paths.out);
    const sameUnreleased = JSON.stringify(outputUnreleased(this.paths.out)) === JSON.stringify(unreleased);
    const unchanged =
      !version &&
      recorded &&
      sameMode(recorded, mode) &&
      sameUnreleased &&
      output.sameOutput(outputs) &&
      linked.length === outputs.size &&
      (await alreadyWritten(this.paths.out, files));
    if (unchanged) return false;
    // Watch's scratch preview, still as this builder wrote it and built the same way (its marker still true): only what changed is written.
    const shown = this.scratchOutput && !version && recorded && sameMode(recorded, mode) && sameUnreleased ? this.last : undefined;
    if (shown && shown.dir === store.current()) {
      const changed = new Map([...files].filter(([file, data]) => !sameContent(shown.files.get(file), data)));
      updateInPlace(
        shown.dir,
        changed,
        [...shown.files.keys()].filter((file) => !files.has(file) && !linkedSet.has(file)),
      );
      this.last = { dir: shown.dir, files };
      return false;
    }
    const { staged, lastFiles } = version ?? (await this.open(store));
    try {
      // Files this builder wrote into the version now shown, byte for byte the same, are linked from it.
      const same = new Set([...files].filter(([file, data]) => sameContent(lastFiles?.get(file), data)).map(([file]) => file));
      // What the sink put into this version while the pages rendered is there already.
      const { inVersion } = output;
      staged.write(
        new Map([...files].filter(([file]) => !same.has(file) && !inVersion.has(file))),
        [...linked, ...same].filter((file) => !inVersion.has(file)),
      );
      await staged.commit(mode, unreleased, !this.scratchOutput);
    } catch (error) {
      // The builder discards the version it opened; this one is this phase's.
      if (!version) await staged.discard();
      throw error;
    }
    this.retireOlder = () => staged.retireOlder();
    this.last = { dir: staged.dir, files };
    return true;
  }
}

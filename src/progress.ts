/** What a build is doing: its phase and, where it counts, how far it is. */
export interface BuildProgress {
  phase: 'reading' | 'analysing' | 'validating' | 'rendering' | 'images' | 'writing';
  done?: number;
  total?: number;
}

/** One line for a phase, as a terminal shows it. */
export function progressText({ phase, done, total }: BuildProgress): string {
  switch (phase) {
    case 'reading':
      return 'reading content';
    case 'analysing':
      return `analysing ${total} markdown ${total === 1 ? 'file' : 'files'}`;
    case 'validating':
      return 'validating content';
    case 'rendering':
      return `rendering pages ${done ?? 0}/${total ?? 0}`;
    case 'images':
      return 'processing images';
    case 'writing':
      return 'writing the output';
  }
}

export interface ProgressReporter {
  update(progress: BuildProgress): void;
  /** Clears the terminal's line, before the summary or the errors are written. */
  done(): void;
}

export interface ProgressOptions {
  /** Say nothing (`--format json` and `github`: their output is read by programs). */
  quiet?: boolean;
  now?: () => number;
}

/** A line of progress, as a stream that is not a terminal gets it. */
export const PROGRESS_LINE =
  /^(reading content|analysing \d+ markdown files?|validating content|rendering pages \d+\/\d+|processing images|writing the output)$/;

/** How long a build runs before a stream that is not a terminal gets progress lines: a quick build prints only its summary. */
export const QUIET_MS = 1000;
/** How often the terminal's line changes within a phase. */
const REFRESH_MS = 100;

/**
 * Progress on stderr. On a terminal, one line that changes in place (cleared by `done`); elsewhere
 * (CI logs, pipes), one plain line for each phase that starts once the build has run a second.
 */
export function progressReporter(
  stream: Pick<NodeJS.WriteStream, 'isTTY' | 'write'> = process.stderr,
  { quiet = false, now = Date.now }: ProgressOptions = {},
): ProgressReporter {
  const started = now();
  let phase: BuildProgress['phase'] | undefined;
  let last = 0;
  let showing = false;
  return {
    update(progress: BuildProgress): void {
      if (quiet) return;
      const at = now();
      const changed = progress.phase !== phase;
      phase = progress.phase;
      if (stream.isTTY) {
        if (!changed && at - last < REFRESH_MS) return;
        last = at;
        showing = true;
        stream.write(`\r\x1b[K${progressText(progress)}`);
      } else if (changed && at - started >= QUIET_MS) stream.write(`${progressText(progress)}\n`);
    },
    done(): void {
      if (showing) stream.write('\r\x1b[K');
      showing = false;
    },
  };
}

import chokidar from 'chokidar';
import type { Paths } from '../config.ts';
import { describeCrash, type FormatName } from '../diagnosticFormats.ts';
import { check } from '../pipeline/builder.ts';
import { EXIT, reporter, reportFailure, unreleasedLines } from './report.ts';
import { stopRequest } from './stopRequest.ts';

export interface CheckOptions {
  drafts?: boolean;
  format: FormatName;
}

/** One check of all content: its problems in the format asked for; the exit code. */
export async function checkOnce(paths: Paths, options: CheckOptions): Promise<number> {
  const report = reporter(options.format, 'check');
  try {
    const result = await check(paths, { drafts: options.drafts });
    report.problems(result.warnings);
    report.line(`content is valid (${Math.round(result.ms)} ms)`);
    // Checked as a build with drafts shows them, nothing is held back.
    if (!options.drafts) for (const line of unreleasedLines(result.unreleased, { run: 'check' })) report.line(line);
    return EXIT.ok;
  } catch (error) {
    return reportFailure(error, report, 'check writes nothing');
  }
}

/**
 * The lines around each run of `check --watch`, on stderr: an editor's background problem matcher
 * (.vscode/tasks.json) forgets the last run's problems at the first and has the new ones at the second.
 */
export const WATCH_BEGINS = 'sitegen check: checking';
export const WATCH_ENDS = 'sitegen check: waiting for changes';

/**
 * `check --watch`: checks, then again after each change of the content or of public/ (which links
 * and images point into), one run at a time: changes during a run start one more run after it.
 * Templates and their schemas are read once, when it starts.
 */
export async function watchCheck(paths: Paths, options: CheckOptions): Promise<{ close(): Promise<void> }> {
  const log = (line: string) => void process.stderr.write(`${line}\n`);
  const run = async () => {
    log(WATCH_BEGINS);
    try {
      await checkOnce(paths, options);
    } catch (error) {
      // A fault in a template is said, and the next change checks again.
      log(describeCrash(error));
    }
    log(WATCH_ENDS);
  };
  let last = run();
  let queued = false;
  const schedule = () => {
    if (queued) return;
    queued = true;
    last = last.then(() => {
      queued = false;
      return run();
    });
  };
  const watcher = chokidar.watch([paths.content, paths.public], { ignoreInitial: true, awaitWriteFinish: { stabilityThreshold: 20, pollInterval: 10 } });
  watcher.on('all', schedule);
  await new Promise<void>((resolve) => watcher.once('ready', () => resolve()));
  return {
    async close() {
      await watcher.close();
      await last;
    },
  };
}

/** Waits for Ctrl+C (or the editor stopping its task, or going away), then stops watching. */
export async function checkWatchCommand(paths: Paths, options: CheckOptions): Promise<number> {
  const stopped = stopRequest();
  const watching = await watchCheck(paths, options);
  await stopped;
  await watching.close();
  return EXIT.ok;
}

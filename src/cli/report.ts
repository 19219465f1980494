import { ContentError, type Diagnostic } from '../diagnostics.ts';
import { appendFileSync, readlinkSync } from 'node:fs';
import { countLine, FORMATS, githubRoot, sourceLinksFromEnv, stepSummary, systemFaultLine, type FormatName } from '../diagnosticFormats.ts';
import { LinkRefused } from '../runtime/ownedPaths.mjs';
import { systemFault } from '../systemFault.ts';
import { shown } from '../escape.ts';
import { formatBytes, plural } from '../text.ts';
import { releaseMark, type UnreleasedPages } from '../hosting/buildMode.ts';
import type { BuildResult } from '../pipeline/buildOptions.ts';
import type { PortChoice } from '../serve/server.ts';
import { OutputRefused } from '../write/outputGuard.ts';
import { paintFor } from './colour.ts';

/** The exit codes, as docs/README.md lists them. */
export const EXIT = { ok: 0, content: 1, usage: 2, publish: 3, system: 4 } as const;

/** The one summary line of a build. */
export function summaryLine(result: BuildResult, out: string): string {
  const redirects = result.redirects ? `, ${plural(result.redirects, 'redirect')}` : '';
  return `built ${result.pages} pages${redirects} and ${result.assets} assets (${formatBytes(result.bytes)}) into ${shown(out)} in ${Math.round(result.ms)} ms`;
}

/** How many held-back pages the lines name; the rest are counted. */
const NAMED_PAGES = 5;

/** The drafts and scheduled pages as a list: the first few with their marks, the rest counted. */
function unreleasedList(unreleased: UnreleasedPages): string {
  const routes = Object.keys(unreleased);
  const named = routes.slice(0, NAMED_PAGES).map((route) => `${shown(route)} (${releaseMark(unreleased[route]!)})`);
  const rest = routes.length - named.length;
  return `${named.join(', ')}${rest ? ` and ${rest} more` : ''}`;
}

/**
 * What the summary of `build` (or `check`: `run`) goes on to say of the drafts and scheduled pages:
 * held back from a plain build, with how to publish them; shown, marked, in a build with drafts.
 * Nothing when there are none.
 */
export function unreleasedLines(unreleased: UnreleasedPages, { drafts = false, run = 'build' }: { drafts?: boolean; run?: 'build' | 'check' } = {}): string[] {
  const count = Object.keys(unreleased).length;
  if (!count) return [];
  const pages = plural(count, 'page');
  if (drafts) return [`${pages} shown marked, which a plain build holds back: ${unreleasedList(unreleased)}`];
  return [
    `${run === 'build' ? 'held back' : 'a build holds back'} ${pages}: ${unreleasedList(unreleased)}`,
    "  to publish: remove a draft's `draft: true`; a scheduled page is published by the first build on its day (docs/editors/drafts.md)",
  ];
}

export function verboseLines(result: BuildResult): string[] {
  const peak = Math.round(process.resourceUsage().maxRSS / 1024);
  const rest = result.rendered < result.pages ? ', the rest unchanged from the cache' : '';
  const rendered = `rendered ${result.rendered} of ${result.pages} pages${rest}; peak memory ${peak} MB`;
  const steps = `steps: ${result.steps.map((s) => `${s.step} ${Math.round(s.at)} ms`).join(' · ')}`;
  return [
    ...result.notes,
    rendered,
    steps,
    ...[...result.timings]
      .sort((a, b) => b.ms - a.ms)
      .map(
        (t) => `  ${t.ms.toFixed(1).padStart(7)} ms  ${formatBytes(t.bytes).padStart(9)}  ${t.route}${t.islands.length ? `  [${t.islands.join(', ')}]` : ''}`,
      ),
  ];
}

/** Where a run of `build` or `check` prints: its problems in the format asked for, its other lines where that format leaves room. */
export interface Reporter {
  /** The problems of the run: its warnings when it went well, every error and warning when content stopped it. */
  problems(list: readonly Diagnostic[]): void;
  /** The problems that stopped the run, then their counts as its summary line where the format's own text does not end with them. */
  failed(list: readonly Diagnostic[]): void;
  /** A line for the reader (the summary, timings). */
  line(text: string): void;
}

/**
 * The reporter of a run of `command`. Under GitHub Actions (`GITHUB_STEP_SUMMARY` set) the
 * problems are also appended to the job's summary page as a table, whatever the format.
 */
export function reporter(name: FormatName, command: string, env: NodeJS.ProcessEnv = process.env): Reporter {
  const format = FORMATS[name];
  const [problemsTo, linesTo] = [process.stdout, process.stderr];
  const problems = (list: readonly Diagnostic[]) => {
    const text = format.render(list, process.cwd(), paintFor(problemsTo));
    if (text) problemsTo.write(`${text}\n`);
    if (env.GITHUB_STEP_SUMMARY)
      appendFileSync(env.GITHUB_STEP_SUMMARY, `${stepSummary(`sitegen ${command}`, list, githubRoot(process.cwd(), env), sourceLinksFromEnv(env))}\n`);
  };
  return {
    problems,
    failed(list) {
      problems(list);
      // A run that went well ends with its summary on the lines' stream; one that failed says its counts there too.
      if (!format.counts) linesTo.write(`${countLine(list, paintFor(linesTo))}\n`);
    },
    line: (text) => void linesTo.write(`${text}\n`),
  };
}

/**
 * Prints a failure and returns the exit code: 1 for content errors, 2 for a refused output folder
 * or a link where sitegen writes, 4 for a refusal of the system (`kept` says what it left as it
 * was); rethrows anything else.
 */
export function reportFailure(error: unknown, report: Reporter, kept?: string): number {
  if (error instanceof ContentError) {
    report.failed(error.diagnostics);
    return EXIT.content;
  }
  if (error instanceof OutputRefused || error instanceof LinkRefused) {
    process.stderr.write(`sitegen: ${shown(error.message)}\n`);
    return EXIT.usage;
  }
  const fault = systemFault(error);
  if (fault) {
    process.stderr.write(`${systemFaultLine(fault, kept)}\n`);
    return EXIT.system;
  }
  throw error;
}

/** What a build stopped by the system left of its output `out` (named as the user gave it), which showed `before` (its link's target) when it started. */
export function keptOutput(out: string, named: string, before: string | undefined): string {
  const now = linkTarget(out);
  if (now !== before) return `the new site is in ${shown(named)}; only the cache was not saved`;
  return before === undefined ? `nothing was written to ${shown(named)}` : `the previous output in ${shown(named)} is unchanged`;
}

/** Where the output link `out` points now, or undefined when it is no link (or cannot be read). */
export function linkTarget(out: string): string | undefined {
  try {
    return readlinkSync(out);
  } catch {
    return undefined;
  }
}

/** The line that says where a preview server listens, and why not on the port asked for. */
export function listeningLine(what: string, choice: PortChoice, actual: number, path = ''): string {
  const moved = actual !== choice.port && choice.port !== 0 ? ` (port ${choice.port} is in use)` : '';
  return `${what} at http://localhost:${actual}${path}${moved}`;
}

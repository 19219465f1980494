import path from 'node:path';
import type { Paths } from '../config.ts';
import { shown } from '../escape.ts';
import { ASSETS_DIR, WATCH_STYLESHEET } from '../hosting/policy.ts';
import { plural } from '../text.ts';
import type { BuildOutcome } from './buildWorkerProtocol.ts';
import type { Job, SiteShown } from './watchLoop.ts';

/** How many changed files a line names; the rest are counted. */
const NAMED_FILES = 3;

/** The stylesheet as watch's pages name it (watch's is never named by its content). */
const STYLESHEET = `/${ASSETS_DIR}/${WATCH_STYLESHEET}`;

/**
 * The line that ends each build that succeeded, in any of its forms: pages rendered, other files
 * changed (every page reloaded), or nothing changed. For tests and tools that wait for a build.
 */
export const BUILT_LINE = /^(rebuilt \d+ of \d+ pages|.+, every page reloaded|no page or file changed) in \d+ ms/;

export interface BuildContext {
  /** What the build was asked to redo (no change at all: watch's first build). */
  job: Job;
  /** What the preview showed before the build. */
  site: SiteShown;
  /** Where the preview is served. */
  url: string;
  paths: Paths;
}

/**
 * What watch says when a build succeeds: the pages it rendered, or, when it rendered none, what it
 * changed instead (the stylesheet, a data file, a file of public/) or that nothing changed; then,
 * after a build that failed, that the problems are fixed and the site is served again.
 */
export function builtLines(outcome: Extract<BuildOutcome, { type: 'built' }>, { job, site, url, paths }: BuildContext): string[] {
  const ms = `in ${Math.round(outcome.ms)} ms`;
  const lines = [outcome.rendered || !job.changes.size ? `rebuilt ${outcome.rendered} of ${outcome.pages} pages ${ms}` : withoutPages(outcome, job, paths, ms)];
  if (site === 'stale' || site === 'broken') {
    const left = outcome.warnings.length ? `no errors left (${plural(outcome.warnings.length, 'warning')} above)` : 'no problems left';
    lines.push(`fixed: ${left}, the site is live ${site === 'stale' ? 'again ' : ''}at ${url}`);
  }
  return lines;
}

/** A build that rendered no page: the files it changed, each named, or that it changed none. */
function withoutPages({ pages, changed = [] }: Extract<BuildOutcome, { type: 'built' }>, job: Job, paths: Paths, ms: string): string {
  // A stylesheet edit compiles the stylesheet again, even when its bytes come out the same.
  const stylesheet = job.changes.has('stylesheet') || changed.includes(STYLESHEET.slice(1));
  const files = [
    ...changed.filter((file) => file !== STYLESHEET.slice(1)).map((file) => `/${file}`),
    ...job.publicChanged.map((file) => path.relative(paths.root, file).split(path.sep).join('/')),
  ].sort();
  const named = files.slice(0, NAMED_FILES).map(shown);
  const rest = files.length - named.length;
  const parts = [
    ...(stylesheet ? [`stylesheet rebuilt (${STYLESHEET})`] : []),
    ...(files.length ? [`${named.join(', ')}${rest ? ` and ${plural(rest, 'more file')}` : ''} updated`] : []),
  ];
  return parts.length ? `${parts.join(', ')}, every page reloaded ${ms}` : `no page or file changed ${ms} (${plural(pages, 'page')} as they were)`;
}

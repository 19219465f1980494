import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compiled } from './runtime/compiled.ts';

/** The marker in every output sitegen makes, and the one in the store of an output's versions: folders sitegen owns. */
export const OUTPUT_MARKER = '.sitegen-output';
export const STORE_MARKER = '.sitegen-store';

/** Where everything lives. The content folder can be swapped (--content) for another of the same shape. */
export interface Paths {
  root: string;
  content: string;
  templates: string;
  public: string;
  out: string;
  cache: string;
}

/** The project folder (compiled code runs from elsewhere, so it says where the project is). */
export const projectRoot = compiled()?.root ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Where `watch` builds (with drafts) and serves from: a folder of its own, so that `dist` (or any
 * `--out` of `build`) stays what the last `build` made and `publish` never ships a watch session.
 */
export const WATCH_OUT = path.join('.sitegen-watch', 'site');

export function resolvePaths(options: { content?: string; out?: string; root?: string } = {}): Paths {
  const root = options.root ?? projectRoot;
  const content = path.resolve(options.content ?? path.join(root, 'content'));
  return {
    root,
    content,
    templates: path.join(root, 'templates'),
    public: path.join(root, 'public'),
    out: path.resolve(options.out ?? path.join(root, 'dist')),
    cache: path.join(root, '.sitegen-cache'),
  };
}

/**
 * Below this many markdown files to analyse, a worker thread costs more than it saves: it loads
 * the whole generator and warms up its JIT on the parser again, while this thread, which works
 * from the first file, would be nearly done. Above it, workers share the files with this thread.
 */
const WORKER_THRESHOLD = 500;

/**
 * SITEGEN_WORKER_THRESHOLD overrides the threshold (a machine with more cores gains from worker
 * threads sooner); what is wrong with it, if it is set to something that is not a count.
 */
export function workerThresholdProblem(env = process.env): string | undefined {
  const value = env.SITEGEN_WORKER_THRESHOLD;
  if (value === undefined || value === '' || /^\d+$/.test(value)) return undefined;
  return `SITEGEN_WORKER_THRESHOLD must be a whole number of markdown files (it is ${JSON.stringify(value)})`;
}

export const thresholdFromEnvironment = (env = process.env): number =>
  env.SITEGEN_WORKER_THRESHOLD && !workerThresholdProblem(env) ? Number(env.SITEGEN_WORKER_THRESHOLD) : WORKER_THRESHOLD;

const LAST_EPOCH_SECOND = Date.UTC(9999, 11, 31, 23, 59, 59) / 1000;

/** What is wrong with SOURCE_DATE_EPOCH, if it is set to something that is not a time. */
export function sourceDateEpochProblem(env = process.env): string | undefined {
  const value = env.SOURCE_DATE_EPOCH;
  if (value === undefined || value === '') return undefined;
  if (!/^\d+$/.test(value)) return `SOURCE_DATE_EPOCH must be a whole number of seconds since 1970-01-01 (it is ${JSON.stringify(value)})`;
  // Content dates have four-digit years: a build after 9999 would find every one in its past, or none of them comparable.
  if (Number(value) > LAST_EPOCH_SECOND)
    return `SOURCE_DATE_EPOCH is past 9999-12-31T23:59:59Z, the last time a build can have (${LAST_EPOCH_SECOND}; it is ${value})`;
  return undefined;
}

/** When the build happens: SOURCE_DATE_EPOCH when set (reproducible builds and tests), else now. */
function buildTime(env = process.env): Date {
  const epoch = Number(env.SOURCE_DATE_EPOCH);
  return new Date(env.SOURCE_DATE_EPOCH && Number.isFinite(epoch) ? epoch * 1000 : Date.now());
}

/** The copyright year. */
export const buildYear = (env = process.env): number => buildTime(env).getUTCFullYear();

/** The build's day in UTC, YYYY-MM-DD: an entry scheduled for it is published. */
export const buildDay = (env = process.env): string => buildTime(env).toISOString().slice(0, 10);

// The live-reload channel of `sitegen watch`: the events the server sends (src/watch/liveReload.ts)
// and the browser's reading of them (overlay.ts). Each event is JSON with its name as `type`.
import type { Diagnostic } from '../diagnostics.ts';

/**
 * Why the last build failed: the content's problems (paths relative to the project, `docs` a path
 * in the repository; `blob` the repository's files on GitHub when it is known, e.g.
 * https://github.com/touchline/web/blob/HEAD, which a path is appended to), or a crash of a
 * template or of sitegen.
 */
export type BuildProblem = { kind: 'content'; diagnostics: Diagnostic[]; blob?: string } | { kind: 'crash'; message: string };

/** The events the server sends the browser, by name, with what each carries. */
export interface LiveEvents {
  /** The last change has errors: show them over the page (the page stays the last good build). */
  'build-error': { problem: BuildProblem };
  /** The errors are gone: take them off the page. */
  clear: Record<never, never>;
  /** A build succeeded: load the page again. */
  reload: Record<never, never>;
}

export type LiveEvent = { [Type in keyof LiveEvents]: { type: Type } & LiveEvents[Type] }[keyof LiveEvents];

type Fields = Record<string, unknown>;
const isObject = (value: unknown): value is Fields => typeof value === 'object' && value !== null;
const areStrings = (value: Fields, keys: string[]) => keys.every((key) => typeof value[key] === 'string');

/** A problem as the overlay shows it: its place, message, rule and hint, the lines around it when it has them, and where its rule is explained. */
function isDiagnostic(value: unknown): value is Diagnostic {
  if (!isObject(value) || !areStrings(value, ['file', 'message', 'rule', 'hint']) || typeof value.line !== 'number' || typeof value.column !== 'number')
    return false;
  const { severity, excerpt, docs } = value;
  return (
    (severity === 'error' || severity === 'warning') &&
    (docs === undefined || typeof docs === 'string') &&
    (excerpt === undefined || (isObject(excerpt) && typeof excerpt.line === 'number' && Array.isArray(excerpt.text)))
  );
}

function problemOf(value: unknown): BuildProblem | undefined {
  if (!isObject(value)) return undefined;
  if (value.kind === 'crash' && typeof value.message === 'string') return { kind: 'crash', message: value.message };
  const { blob } = value;
  if (value.kind === 'content' && Array.isArray(value.diagnostics) && value.diagnostics.every(isDiagnostic))
    return { kind: 'content', diagnostics: value.diagnostics, ...(typeof blob === 'string' && /^https:\/\//.test(blob) && { blob }) };
  return undefined;
}

/**
 * The event a message of the channel carries; undefined for one that is not JSON or not an event
 * this script knows (sent by a newer sitegen than the one that served the page), which it ignores.
 */
export function readLiveEvent(data: unknown): LiveEvent | undefined {
  let value: unknown;
  try {
    value = typeof data === 'string' ? JSON.parse(data) : undefined;
  } catch {
    return undefined;
  }
  if (!isObject(value)) return undefined;
  switch (value.type) {
    case 'build-error': {
      const problem = problemOf(value.problem);
      return problem && { type: 'build-error', problem };
    }
    case 'clear':
    case 'reload':
      return { type: value.type };
    default:
      return undefined;
  }
}

/** A `--prefix` as publish uses it (`previews/pr-42/`, or '' for the bucket root), or why it is none. */
export type ParsedPrefix = { prefix: string } | { problem: string };

/**
 * A segment is a plain name, as a part of `--base` is: a preview built with `--base /previews/pr-42`
 * is published with `--prefix previews/pr-42`, and no key of it needs escaping in a URL. No dot
 * first: publish keeps dot paths for itself, and servers hide them.
 */
const SEGMENT = /^[A-Za-z0-9_~-][A-Za-z0-9._~-]*$/;

/** S3 keys are at most 1,024 bytes: a prefix leaves most of them to the site's own paths. */
const MAX_LENGTH = 256;

const EXAMPLE = 'a prefix is a folder of keys below the bucket root, such as previews/pr-42/';

/**
 * Reads `--prefix` once, for publish and for `--delete-all`: relative key segments separated by
 * `/`, with at most one `/` at the end, normalised to exactly one. Left out (undefined), it is the
 * bucket root; written, it must name a folder, so an empty `$PREVIEW` can never mean the root.
 * Nothing is stripped or resolved: a value that is not already a plain prefix is refused.
 */
export function parsePrefix(value: string | undefined): ParsedPrefix {
  if (value === undefined) return { prefix: '' };
  if (value === '') return { problem: `is empty: leave --prefix out to publish at the bucket root; ${EXAMPLE}` };
  // eslint-disable-next-line no-control-regex -- control characters are what this looks for
  const control = /[\u0000-\u001f\u007f-\u009f]/.exec(value);
  if (control) return { problem: `holds the control character U+${control[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}; ${EXAMPLE}` };
  if (value.includes('\\')) return { problem: `holds a backslash: key segments are separated by /; ${EXAMPLE}` };
  if (value.startsWith('/')) return { problem: `starts with /: keys are relative to the bucket root, which is --prefix left out; ${EXAMPLE}` };
  if (value.length > MAX_LENGTH) return { problem: `is longer than ${MAX_LENGTH} characters` };
  const segments = value.replace(/\/$/, '').split('/');
  for (const segment of segments) {
    if (segment === '') return { problem: `has an empty segment (//); ${EXAMPLE}` };
    if (segment === '.' || segment === '..')
      return { problem: `the segment ${JSON.stringify(segment)} is not allowed: keys are names, never resolved as paths; ${EXAMPLE}` };
    if (!SEGMENT.test(segment)) return { problem: `the segment ${JSON.stringify(segment)} may hold only letters, digits, -, _, ~ and . (not first)` };
  }
  return { prefix: `${segments.join('/')}/` };
}

/** The one line a refused prefix prints, with its value escaped (a newline shows as \n). */
export function prefixProblemLine(value: string | undefined, problem: string): string {
  return `sitegen publish: --prefix ${JSON.stringify(value)}: ${problem}`;
}

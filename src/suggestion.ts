/**
 * "Did you mean …": the closest of a closed set of values (an enum's, the templates', the site's
 * routes, public/'s files) to a value that is not one of them, when it is close enough to be a
 * typo. Close means a few letters added, removed, changed or two neighbours swapped, counted
 * case-insensitively: one in a name of up to seven letters, a quarter of the longer name's
 * letters beyond, and never more than three.
 */

/** Longer input is not a typo of a name: it is left unsuggested, which keeps hostile input cheap. */
const MAX_LENGTH = 200;
const MAX_EDITS = 3;

/** The most edits that still read as a typo of a name of this length. */
const allowedEdits = (length: number) => Math.min(MAX_EDITS, Math.floor(Math.max(length, 4) / 4));

/**
 * The candidate `input` was most likely meant to be, or undefined when none is close. A candidate
 * that differs only in case wins; then the fewest edits ignoring case, then the fewest counting
 * case, then the first in code-point order, so the answer never depends on the candidates' order.
 */
export function closest(input: string, candidates: Iterable<string>): string | undefined {
  if (input.length > MAX_LENGTH) return undefined;
  const lower = input.toLowerCase();
  let best: { candidate: string; edits: number; exact: number } | undefined;
  for (const candidate of candidates) {
    if (candidate === input || candidate.length > MAX_LENGTH) continue;
    const limit = allowedEdits(Math.max(input.length, candidate.length));
    const edits = editDistance(lower, candidate.toLowerCase(), limit);
    // A candidate all of whose letters would change is no typo of it ("/a" is not "/").
    if (edits > limit || edits >= Math.min(input.length, candidate.length)) continue;
    const exact = editDistance(input, candidate, MAX_EDITS + 1);
    if (!best || edits < best.edits || (edits === best.edits && (exact < best.exact || (exact === best.exact && candidate < best.candidate))))
      best = { candidate, edits, exact };
  }
  return best?.candidate;
}

/** `; did you mean "x"?` to end a message with, or '' when nothing is close. */
export function didYouMean(input: string, candidates: Iterable<string>): string {
  const near = closest(input, candidates);
  return near === undefined ? '' : `; did you mean "${near}"?`;
}

/**
 * The edits (insertions, deletions, substitutions, swaps of neighbours) between `a` and `b`, or
 * `limit + 1` once it is sure to exceed `limit`: only the band of cells within `limit` of the
 * diagonal is computed, and a row with nothing within the limit stops it.
 */
export function editDistance(a: string, b: string, limit: number): number {
  const over = limit + 1;
  if (Math.abs(a.length - b.length) > limit) return over;
  const width = b.length + 1;
  let before = new Array<number>(width).fill(over);
  let previous = Array.from({ length: width }, (_, j) => (j <= limit ? j : over));
  for (let i = 1; i <= a.length; i++) {
    const row = new Array<number>(width).fill(over);
    if (i <= limit) row[0] = i;
    let least = row[0]!;
    for (let j = Math.max(1, i - limit); j <= Math.min(b.length, i + limit); j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2]! + 1);
      row[j] = Math.min(d, over);
      least = Math.min(least, row[j]!);
    }
    if (least > limit) return over;
    [before, previous] = [previous, row];
  }
  return Math.min(previous[b.length]!, over);
}

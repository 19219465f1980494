import { codeFrame } from './codeFrame.ts';
import type { Diagnostic } from './diagnostics.ts';

/**
 * What the terminal and watch's overlay show under a problem's line, each drawing it its own way
 * (the terminal dims it; the overlay makes the page a link): the code frame of its place, then,
 * under the first problem of its kind only, its hint and where its rule is explained (each said
 * once: rules of a kind share them). Repeated under each problem of a kind, they would bury the problems.
 */
export interface ProblemDetails {
  /** The frame's lines; none for a problem with a whole file. */
  frame: string[];
  hint?: string;
  docs?: string;
}

/**
 * The details of each problem of `list`, in its order. `docsOf` says where a problem's rule is
 * explained (a path in the repository for the terminal, a link for the browser).
 */
export function problemDetails(list: readonly Diagnostic[], docsOf: (d: Diagnostic) => string | undefined): ProblemDetails[] {
  const said = new Set<string>();
  const first = (key: string) => !said.has(key) && Boolean(said.add(key));
  return list.map((d) => {
    const docs = docsOf(d);
    return {
      frame: d.excerpt ? codeFrame(d.excerpt, d) : [],
      ...(first(`hint ${d.hint}`) && { hint: d.hint }),
      ...(docs !== undefined && first(`docs ${docs}`) && { docs }),
    };
  });
}

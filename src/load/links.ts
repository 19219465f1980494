import { readlinkSync, realpathSync } from 'node:fs';
import path from 'node:path';

/** The folders whose links must lead inside them: what public/ holds is published, and what content/ holds is the site's text. */
export type LinkedFolder = 'public' | 'content';

/** Each folder's rules for its links, written out so that the rule catalogue's test finds them. */
const LINK_RULES = {
  public: { dangling: 'public/dangling-link', outside: 'public/link-outside' },
  content: { dangling: 'content/dangling-link', outside: 'content/link-outside' },
} as const;

/** Why a link in a folder is not read as what it points at. */
export interface LinkProblem<F extends LinkedFolder = LinkedFolder> {
  rule: `${F}/dangling-link` | `${F}/link-outside`;
  message: string;
}

/** Whether `outer` is `inner` or a folder around it. */
export function holds(outer: string, inner: string): boolean {
  return inner === outer || inner.startsWith(outer.endsWith(path.sep) ? outer : outer + path.sep);
}

/**
 * Where a link in `folder` (whose real path is `start`) really leads, or why it may not be read:
 * it points at nothing, or out of the folder. A link in public/ to `../src` would publish the
 * generator; one in content/ to a file elsewhere on the machine would put that file on a page.
 * `project` is where the message names what it leads to from.
 */
export function followInside<F extends LinkedFolder>(link: string, start: string, project: string, folder: F): { real: string } | LinkProblem<F> {
  let real: string;
  try {
    real = realpathSync(link);
  } catch {
    return {
      rule: LINK_RULES[folder].dangling as LinkProblem<F>['rule'],
      message: `this link in ${folder}/ points at ${readlinkSync(link)}, which does not exist: fix the link or remove it`,
    };
  }
  if (holds(start, real)) return { real };
  const where = real === project ? 'the project folder itself' : holds(project, real) ? path.relative(project, real) : real;
  return {
    rule: LINK_RULES[folder].outside as LinkProblem<F>['rule'],
    message: `this link in ${folder}/ leads outside ${folder}/ (to ${where}), and would publish it: copy the file into ${folder}/ instead`,
  };
}

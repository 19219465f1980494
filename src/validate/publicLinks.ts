import { readdirSync, readlinkSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { diagnostic, FILE_START, type Diagnostic } from '../diagnostics.ts';

/**
 * Links in public/ are copied into the site as the files they point at, so each must lead to a
 * file that exists inside the project: a link to /etc/passwd would publish the machine's
 * password file, and a dangling one would publish nothing where a page expects a file.
 */
export function checkPublicLinks(publicDir: string, root: string): Diagnostic[] {
  const entries = (() => {
    try {
      return readdirSync(publicDir, { recursive: true, withFileTypes: true });
    } catch {
      return [];
    }
  })();
  const project = realpathSync(root);
  const diagnostics: Diagnostic[] = [];
  for (const entry of entries.filter((e) => e.isSymbolicLink())) {
    const link = path.join(entry.parentPath, entry.name);
    const target = readlinkSync(link);
    let real: string;
    try {
      real = realpathSync(link);
    } catch {
      diagnostics.push(diagnostic(link, FILE_START, 'public/dangling-link', `this link in public/ points at ${target}, which does not exist: fix the link or remove it`));
      continue;
    }
    if (!real.startsWith(project + path.sep)) {
      diagnostics.push(diagnostic(link, FILE_START, 'public/link-outside', `this link in public/ leads outside the project (to ${real}), and would publish that file: copy the file into public/ instead`));
    }
  }
  return diagnostics;
}

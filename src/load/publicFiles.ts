import { existsSync, readdirSync, readlinkSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { OUTPUT_MARKER, STORE_MARKER } from '../config.ts';
import { diagnostic, FILE_START, warning, type Diagnostic } from '../diagnostics.ts';

/** A file public/ publishes: its path on the site (relative to public/, with /) and the file its bytes come from. */
export interface PublicFile {
  rel: string;
  source: string;
  /** Reached through a link: its bytes may change without public/ changing. */
  linked: boolean;
}

/**
 * What public/ publishes, and why anything in it is left out. One walk decides it for `check`
 * and for the copy into the output, so that nothing is published that was not checked.
 *
 * A name starting with a dot is never published (a warning names it: `.env` or a `.git/` copied
 * in by mistake must not go out silently, nor be lost without a word). A link is published as
 * what it points at, so it must lead to a file or folder inside the project and not into what
 * the project keeps private: dotfiles and dot-folders (`.git/`, `.sitegen-cache/`, the output's
 * `.dist.sitegen/`), `node_modules/`, or any output of sitegen. A linked folder's contents are
 * held to the same rules, and a link back to a folder that holds it is refused (it never ends).
 */
export function publicFiles(publicDir: string, root: string): { files: PublicFile[]; diagnostics: Diagnostic[] } {
  const files: PublicFile[] = [];
  const diagnostics: Diagnostic[] = [];
  let start: string;
  try {
    start = realpathSync(publicDir);
  } catch {
    return { files, diagnostics };
  }
  const project = realpathSync(root);
  const walk = (dir: string, rel: string, linked: boolean, holders: string[]) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const at = rel ? `${rel}/${entry.name}` : entry.name;
      const shown = path.join(publicDir, at);
      if (entry.name.startsWith('.')) {
        diagnostics.push(
          warning(
            shown,
            FILE_START,
            'public/dotfile',
            `this ${entry.isDirectory() ? 'folder' : 'file'} is not published: names starting with a dot are never published`,
          ),
        );
        continue;
      }
      let real = path.join(dir, entry.name);
      if (entry.isSymbolicLink()) {
        const followed = followLink(real, project);
        if ('rule' in followed) {
          diagnostics.push(diagnostic(shown, FILE_START, followed.rule, followed.message));
          continue;
        }
        real = followed.real;
      } else if (linked) {
        // Inside a linked folder, a plain entry can still be private (a link to the project's root reaches node_modules/).
        const hidden = privatePart(real, project);
        if (hidden) {
          diagnostics.push(
            diagnostic(
              shown,
              FILE_START,
              'public/link-private',
              `this comes into public/ through a link, from ${path.relative(project, real)}, ${hidden}, and would be published: link to the files to publish, not to a folder around them`,
            ),
          );
          continue;
        }
      }
      const stat = statSync(real);
      if (stat.isDirectory()) {
        if (holders.includes(real)) {
          diagnostics.push(
            diagnostic(
              shown,
              FILE_START,
              'public/link-loop',
              `this link in public/ leads back to ${path.relative(project, real) || 'the project'}, a folder that holds it: it would publish that folder inside itself without end`,
            ),
          );
          continue;
        }
        walk(real, at, linked || entry.isSymbolicLink(), [...holders, real]);
      } else if (stat.isFile()) {
        files.push({ rel: at, source: real, linked: linked || entry.isSymbolicLink() });
      }
    }
  };
  walk(start, '', false, [start]);
  return { files, diagnostics };
}

/** Where a link in public/ really leads, or why it may not be published as what it points at. */
function followLink(
  link: string,
  project: string,
): { real: string } | { rule: 'public/dangling-link' | 'public/link-outside' | 'public/link-private'; message: string } {
  let real: string;
  try {
    real = realpathSync(link);
  } catch {
    return { rule: 'public/dangling-link', message: `this link in public/ points at ${readlinkSync(link)}, which does not exist: fix the link or remove it` };
  }
  if (real !== project && !real.startsWith(project + path.sep)) {
    return {
      rule: 'public/link-outside',
      message: `this link in public/ leads outside the project (to ${real}), and would publish that file: copy the file into public/ instead`,
    };
  }
  const hidden = privatePart(real, project);
  if (hidden)
    return {
      rule: 'public/link-private',
      message: `this link in public/ leads to ${path.relative(project, real)}, ${hidden}, and would publish it: copy the file into public/ instead`,
    };
  return { real };
}

/** Why a path inside the project is the project's own and never published, or undefined. */
function privatePart(real: string, project: string): string | undefined {
  if (real === project) return 'the project folder itself';
  const parts = path.relative(project, real).split(path.sep);
  for (const [i, part] of parts.entries()) {
    const last = i === parts.length - 1;
    if (part.startsWith('.')) return last ? 'a name starting with a dot' : `inside ${parts.slice(0, i + 1).join('/')}/, a folder whose name starts with a dot`;
    if (part === 'node_modules') return `inside ${parts.slice(0, i + 1).join('/')}/, the project's dependencies`;
    const folder = path.join(project, ...parts.slice(0, i + 1));
    if (existsSync(path.join(folder, OUTPUT_MARKER)) || existsSync(path.join(folder, STORE_MARKER)))
      return `inside ${parts.slice(0, i + 1).join('/')}/, an output of sitegen`;
  }
  return undefined;
}

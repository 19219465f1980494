import { existsSync, lstatSync, readdirSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { OUTPUT_MARKER, STORE_MARKER } from '../config.ts';
import { diagnostic, FILE_START, warning, type Diagnostic } from '../diagnostics.ts';
import { fileStamp } from './fileStamp.ts';
import { followInside, holds, type LinkProblem } from './links.ts';

/** A file public/ publishes: its path on the site (relative to public/, with /) and the file its bytes come from. */
export interface PublicFile {
  rel: string;
  source: string;
  /** The file as an editor names it, in public/ (a link's own path, not its target's). */
  shown: string;
  /** Its source's stamp when it was walked (`fileStamp`): the copy refuses a source that is no longer that file. */
  stamp: string;
  /** Reached through a link: its bytes may change without public/ changing. */
  linked: boolean;
}

/**
 * What public/ publishes, and why anything in it is left out. One walk decides it for `check`
 * and for the copy into the output, so that nothing is published that was not checked.
 *
 * A name starting with a dot is never published (a warning names it: `.env` or a `.git/` copied
 * in by mistake must not go out silently, nor be lost without a word). A link is published as
 * what it points at, so it must lead to a file or folder inside public/ itself: a link to
 * `../content` would publish drafts, one to `../src` the generator. Inside public/, what sitegen
 * keeps private stays private: dot-names, `node_modules/` and any output of sitegen. A linked
 * folder's contents are held to the same rules, and a link back to a folder that holds it is
 * refused (it never ends). public/ may itself be a link, but not to the project, a folder of
 * it, or a folder around it.
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
  if (lstatSync(publicDir).isSymbolicLink() && (holds(start, project) || holds(project, start))) {
    const where =
      start === project
        ? 'the project folder itself'
        : holds(start, project)
          ? `${start}, a folder around the project`
          : `${path.relative(project, start)}/, a folder of the project`;
    diagnostics.push(
      diagnostic(
        publicDir,
        FILE_START,
        'public/linked-folder',
        `public/ is a link to ${where}, and would publish everything in it: make public/ a folder of its own`,
      ),
    );
    return { files, diagnostics };
  }
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
        const followed = followLink(real, start, project);
        if ('rule' in followed) {
          diagnostics.push(diagnostic(shown, FILE_START, followed.rule, followed.message));
          continue;
        }
        real = followed.real;
      } else if (linked) {
        // Inside a linked folder, a plain entry can still be private (a link to a folder holding an output of sitegen).
        const hidden = privatePart(real, start);
        if (hidden) {
          diagnostics.push(
            diagnostic(
              shown,
              FILE_START,
              'public/link-private',
              `this comes into public/ through a link, from public/${path.relative(start, real)}, ${hidden}, and would be published: link to the files to publish, not to a folder around them`,
            ),
          );
          continue;
        }
      }
      const stat = statSync(real, { bigint: true });
      if (stat.isDirectory()) {
        if (holders.includes(real)) {
          diagnostics.push(
            diagnostic(
              shown,
              FILE_START,
              'public/link-loop',
              `this link in public/ leads back to ${real === start ? 'public/' : `public/${path.relative(start, real)}`}, a folder that holds it: it would publish that folder inside itself without end`,
            ),
          );
          continue;
        }
        walk(real, at, linked || entry.isSymbolicLink(), [...holders, real]);
      } else if (stat.isFile()) {
        files.push({ rel: at, source: real, shown, stamp: fileStamp(stat), linked: linked || entry.isSymbolicLink() });
      }
    }
  };
  walk(start, '', false, [start]);
  return { files, diagnostics };
}

/** Where a link in public/ really leads, or why it may not be published as what it points at. */
function followLink(
  link: string,
  start: string,
  project: string,
): { real: string } | { rule: LinkProblem<'public'>['rule'] | 'public/link-private'; message: string } {
  const followed = followInside(link, start, project, 'public');
  if ('rule' in followed) return followed;
  const hidden = privatePart(followed.real, start);
  if (hidden)
    return {
      rule: 'public/link-private',
      message: `this link in public/ leads to public/${path.relative(start, followed.real)}, ${hidden}, and would publish it: copy the file into public/ instead`,
    };
  return followed;
}

/** Why a path inside public/ is sitegen's own and never published, or undefined. */
function privatePart(real: string, start: string): string | undefined {
  const parts = path.relative(start, real).split(path.sep).filter(Boolean);
  for (const [i, part] of parts.entries()) {
    const last = i === parts.length - 1;
    if (part.startsWith('.'))
      return last ? 'a name starting with a dot' : `inside public/${parts.slice(0, i + 1).join('/')}/, a folder whose name starts with a dot`;
    if (part === 'node_modules') return `inside public/${parts.slice(0, i + 1).join('/')}/, a folder of dependencies`;
    const folder = path.join(start, ...parts.slice(0, i + 1));
    if (existsSync(path.join(folder, OUTPUT_MARKER)) || existsSync(path.join(folder, STORE_MARKER)))
      return `inside public/${parts.slice(0, i + 1).join('/')}/, an output of sitegen`;
  }
  return undefined;
}

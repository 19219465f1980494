/** A `--base` as the builder uses it ('' for the root of the host), or why it is none. */
export type ParsedBase = { base: string } | { problem: string };

/** Parts of a base are plain URL path characters: nothing a URL, an HTML attribute or CSS `url()` would have to escape. */
const PART = /^[A-Za-z0-9_~-][A-Za-z0-9._~-]*$/;

/**
 * Reads the path a site is published under (`--base /previews/pr-42`): it starts with `/`,
 * trailing slashes are dropped (`/previews/pr-42/` is `/previews/pr-42`, `/` is the root), and
 * each part is a plain name: no empty, `.` or `..` part, no part starting with a dot (servers
 * hide dot files) and no character that would need escaping.
 */
export function parseBase(value: string): ParsedBase {
  if (!value.startsWith('/')) return { problem: `must start with / (as in /previews/pr-42); it is ${JSON.stringify(value)}` };
  const trimmed = value.replace(/\/+$/, '');
  if (!trimmed) return { base: '' };
  const parts = trimmed.slice(1).split('/');
  const bad = parts.find((part) => !PART.test(part));
  if (bad === undefined) return { base: trimmed };
  if (bad === '') return { problem: `has an empty part (//): write it as /${parts.filter(Boolean).join('/')}` };
  if (bad === '.' || bad === '..') return { problem: `may not have a . or .. part` };
  return { problem: `part ${JSON.stringify(bad)} may hold only letters, digits, -, _, ~ and . (not first)` };
}

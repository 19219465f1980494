/** What a request asks for: a key of the site (its path without the first `/`, decoded) and the raw query. */
export type RequestTarget = { key: string; query: string } | { refused: 400 | 414; reason: string };

/** Longer targets are no page of any site. */
const MAX_TARGET = 4096;

/**
 * Reads a request target defensively: it never throws, whatever the client sent. Only an
 * origin-form path (`/…`) is a site path; it is percent-decoded once, and anything that cannot
 * name a file of a site (bad encoding, control characters, backslashes, `.` and `..` parts) is
 * refused with 400.
 */
export function parseTarget(raw: string | undefined): RequestTarget {
  if (!raw?.startsWith('/')) return { refused: 400, reason: 'the request target must be a path starting with /' };
  if (raw.length > MAX_TARGET) return { refused: 414, reason: 'the request target is too long' };
  const at = raw.indexOf('?');
  const rawPath = at < 0 ? raw : raw.slice(0, at);
  const query = at < 0 ? '' : raw.slice(at);
  let path: string;
  try {
    path = decodeURIComponent(rawPath);
  } catch {
    return { refused: 400, reason: 'the path is not valid percent-encoded UTF-8' };
  }
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(path)) return { refused: 400, reason: 'the path holds a control character or a backslash' };
  if (path.split('/').some((part) => part === '.' || part === '..')) return { refused: 400, reason: 'the path holds a . or .. part' };
  return { key: path.slice(1), query };
}

/** A same-site `Location`: exactly one leading `/`, every part percent-encoded. */
export function locationFor(key: string, query: string): string {
  // A query is kept only as plain printable ASCII, so that a header can always carry it.
  const safeQuery = /^\?[\x21-\x7e]*$/.test(query) ? query : '';
  return `/${key.split('/').map(encodeURIComponent).join('/')}${safeQuery}`;
}

/**
 * Where a key of the host lands when the site is served under `base` (`/previews/pr-42`): a key
 * of the site (the rest of the path), the site's root asked without its slash or the host's
 * root (both sent to `/previews/pr-42/`), or nothing of the site (`/about`, `/previews/pr-420/`).
 */
export function keyUnderBase(key: string, base: string): { key: string } | { root: string } | undefined {
  if (!base) return { key };
  const own = base.slice(1);
  if (key === own || key === '') return { root: `${own}/` };
  return key.startsWith(`${own}/`) ? { key: key.slice(own.length + 1) } : undefined;
}

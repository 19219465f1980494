/** A path of the site as a browser resolves it, or why it is none. */
export type SitePath = { path: string } | { problem: string };

/**
 * Resolves a root-relative URL path the way a browser does before it asks the server:
 * percent-decoded once, `.` and `..` parts applied. A path whose `..` would climb above the
 * site's root leaves the site: it must never be looked up on the build machine's disk.
 */
export function resolveSitePath(urlPath: string): SitePath {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return { problem: 'is not valid percent-encoding' };
  }
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\\]/.test(decoded)) return { problem: 'holds a backslash or a control character' };
  const parts: string[] = [];
  for (const part of decoded.split('/').slice(1)) {
    if (part === '..') {
      if (!parts.length) return { problem: 'leaves the site: its .. parts climb above the site’s root' };
      parts.pop();
    } else if (part !== '.') parts.push(part);
  }
  return { path: `/${parts.join('/')}` };
}

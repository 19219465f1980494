import { REDIRECTS_FILE, redirectRecordText, redirectStatus, type RedirectRecord } from '../hosting/redirects.ts';
import type { Site } from '../model.ts';
import { outputPathForRoute } from '../routes/outputPath.ts';
import { absoluteUrl, siteUrl } from '../routes/urls.ts';
import type { Redirect } from '../schemas/redirects.ts';

const attribute = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The page published at a redirect's old address, for hosts that do not answer with the redirect
 * itself (a CDN in front of the bucket's REST endpoint): it sends the browser on at once, tells
 * search engines where the page now is and to forget this one, and shows a link to anyone whose
 * browser does not follow the refresh. Its text says whether the move is for good, so making a
 * redirect permanent or temporary changes its bytes: publish uploads it again, with its header or without.
 */
export function redirectPage(site: Pick<Site, 'url' | 'name' | 'language'>, location: string, canonical: string, permanent: boolean): string {
  const link = `<a href="${attribute(location)}">${attribute(canonical)}</a>`;
  return `<!DOCTYPE html>
<html lang="${attribute(site.language)}">
<head>
<meta charset="utf-8" />
<title>Moved: ${attribute(site.name)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1" />
<meta name="robots" content="noindex" />
<link rel="canonical" href="${attribute(canonical)}" />
<meta http-equiv="refresh" content="0; url=${attribute(location)}" />
</head>
<body>
<main><p>${permanent ? `This page has moved to ${link}.` : `This page is at ${link} for now.`}</p></main>
</body>
</html>
`;
}

/**
 * The files a build writes for its redirects: a page at each old address, and the record that
 * `serve`, `publish` and `diff` read (where each leads, with which status). A target of the site
 * is under the build's base; `site.url` is the address the site is published at.
 */
export function redirectFiles(redirects: readonly Redirect[], site: Pick<Site, 'url' | 'name' | 'language'>, base: string): Map<string, string> {
  const files = new Map<string, string>();
  const record: RedirectRecord = {};
  for (const { from, to, permanent } of redirects) {
    // Another site's address goes out as the URL parser serialises it (the schema took it only if that is what was written).
    const external = to.startsWith('https://') && URL.canParse(to) ? new URL(to).href : undefined;
    const location = external ?? siteUrl(base, to);
    files.set(outputPathForRoute(from), redirectPage(site, location, external ?? absoluteUrl(site, to), permanent));
    record[from] = { location, status: redirectStatus(permanent) };
  }
  files.set(REDIRECTS_FILE, redirectRecordText(record));
  return files;
}

import type { PageHead, Site } from '../model.ts';

/** Search results cut titles near 60–70 characters, so the site name is added only where it fits. */
export const TITLE_LIMIT = 70;

export function documentTitle(site: Site, head: PageHead): string {
  if (head.route === '/') return `${site.name} — ${site.tagline.replace(/\.$/, '')}`;
  const full = `${head.title} | ${site.name}`;
  return full.length <= TITLE_LIMIT ? full : head.title;
}

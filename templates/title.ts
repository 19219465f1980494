import type { PageHead } from '../src/template-api.ts';
import type { TouchlineSite } from './schemas/site.ts';

/** Search results cut titles near 60–70 characters, so the site name is added only where it fits. */
export const TITLE_LIMIT = 70;

/** A page's `<title>`: the home page's is the name and tagline, another page's its own title and the name where that fits. */
export function documentTitle(site: TouchlineSite, head: PageHead): string {
  if (head.route === '/') return `${site.name} — ${site.tagline.replace(/\.$/, '')}`;
  const full = `${head.title} | ${site.name}`;
  return full.length <= TITLE_LIMIT ? full : head.title;
}

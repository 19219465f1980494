/**
 * Where a route's HTML is written. `/about` → `about/index.html`: a static server or a CDN
 * maps the clean URL onto the folder's index; object storage also gets a copy keyed `about`
 * at publish time, so the page answers at its exact path without a redirect.
 */
export function outputPathForRoute(route: string): string {
  if (!route.startsWith('/')) throw new Error(`route "${route}" must start with /`);
  if (route === '/') return 'index.html';
  const clean = route.replace(/^\/+|\/+$/g, '');
  if (clean.split('/').some((part) => part === '' || part === '.' || part === '..')) throw new Error(`route "${route}" is not a clean path`);
  return `${clean}/index.html`;
}

/** The inverse: which route a built HTML file serves, or undefined for files that are not pages. */
export function routeForOutputPath(file: string): string | undefined {
  if (file === 'index.html') return '/';
  const match = /^(.+)\/index\.html$/.exec(file);
  return match ? `/${match[1]}` : undefined;
}

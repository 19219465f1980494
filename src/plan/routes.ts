import path from 'node:path';
import { diagnostic, FILE_START, type Diagnostic } from '../diagnostics.ts';
import type { RawContent } from '../load/content.ts';
import type { SiteDefinition } from '../model.ts';

/** The route of content/pages/{name}.yaml: index is `/`, 404 is the not-found page (no route). */
export function pageRoute(name: string): string | undefined {
  if (name === '404') return undefined;
  return name === 'index' ? '/' : `/${name}`;
}

/** The route under a page's route of one of its further pages (`page/2`, `category/reports`). */
export function subRoute(route: string, sub: string): string {
  if (!sub) return route;
  return route === '/' ? `/${sub}` : `${route}/${sub}`;
}

/**
 * Every file's own route, by its name alone, with clashes reported. A file that fails its schema
 * still owns its route: links to it are not reported as broken on top of its own errors.
 */
export function fileRoutes(raw: RawContent, definition: Pick<SiteDefinition, 'collections'>): { routes: Map<string, string>; diagnostics: Diagnostic[] } {
  const routes = new Map<string, string>();
  const diagnostics: Diagnostic[] = [];
  const add = (route: string | undefined, file: string) => {
    if (!route) return;
    const existing = routes.get(route);
    if (existing) {
      diagnostics.push(diagnostic(file, FILE_START, 'content/duplicate-route', `duplicate slug: "${route}" is also produced by ${path.basename(existing)}`));
      diagnostics.push(diagnostic(existing, FILE_START, 'content/duplicate-route', `duplicate slug: "${route}" is also produced by ${path.basename(file)}`));
      return;
    }
    routes.set(route, file);
  };
  const byName = new Map(definition.collections.map((c) => [c.name, c]));
  for (const page of raw.pages) add(pageRoute(page.name), page.source.file);
  for (const m of raw.markdown) add(byName.get(m.collection)!.route(m.slug), m.file);
  return { routes, diagnostics };
}

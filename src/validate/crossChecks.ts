import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { diagnostic, FILE_START, warning, type Diagnostic } from '../diagnostics.ts';
import type { RawContent } from '../load/content.ts';
import { createImageSizer } from '../load/imageSizes.ts';
import type { YamlSource } from '../load/yamlSource.ts';
import { markdownRoute, pageRoute } from '../routes/routes.ts';
import { resolveSitePath } from '../routes/sitePath.ts';
import type { SourceRef } from '../markdown/parse.ts';
import type { RuleId } from '../rules.ts';
import type { ContentModel } from './validateContent.ts';

const LINK_KEYS = new Set(['href']);
const ASSET_KEYS = new Set(['src', 'image', 'thumbnail', 'poster', 'logo', 'photo', 'socialImage']);

/**
 * A map from every route to the file it comes from, with duplicates reported. Routes come from
 * file names, so a file that fails its schema still owns its route (links to it are not reported).
 */
export function collectRoutes(raw: RawContent, diagnostics: Diagnostic[]): Map<string, string> {
  const routes = new Map<string, string>();
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
  for (const page of raw.pages) add(pageRoute(page.name), page.source.file);
  for (const doc of raw.markdown) add(markdownRoute(doc.kind, doc.slug), doc.file);
  return routes;
}

/** Checks that every internal link resolves to a route or a file and that every referenced image exists in public/. */
export function checkReferences(model: ContentModel, routes: Map<string, string>, publicDir: string): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const fileExists = memo((urlPath: string) => {
    const file = path.join(publicDir, urlPath);
    return existsSync(file) && statSync(file).isFile();
  });
  const sizeOf = createImageSizer(publicDir);
  const anchors = new Map<string, Set<string>>();
  for (const doc of [...model.articles, ...model.legal]) anchors.set(doc.summary.href, new Set(doc.facts.headings.map((h) => h.id)));

  const checkLink = (file: string, ref: SourceRef, ownRoute: string | undefined) => {
    const problem = linkProblem(ref.url, ownRoute, routes, anchors, fileExists);
    if (problem) diagnostics.push(diagnostic(file, ref, problem.rule, problem.message));
  };
  const checkAsset = (file: string, ref: SourceRef) => {
    const report = (rule: RuleId, message: string) => diagnostics.push(diagnostic(file, ref, rule, message));
    // Absolute URLs (an embedded video's source) are the schemas' business, not public/'s.
    if (ref.url.startsWith('https://')) return;
    if (!ref.url.startsWith('/') || ref.url.startsWith('//')) return report('asset/relative', `image "${ref.url}" must be a root-relative path into public/, such as /images/photo.svg`);
    const resolved = resolveSitePath(ref.url.split(/[?#]/)[0]!);
    if ('problem' in resolved) return report('asset/outside-site', `image "${ref.url}" ${resolved.problem}`);
    if (!fileExists(resolved.path)) report('asset/missing', `missing image "${ref.url}": no such file in public/`);
    else if (!sizeOf(resolved.path)) report('asset/undecodable', `image "${ref.url}" cannot be read as an image (damaged, empty, or an SVG without width, height or viewBox): replace the file`);
  };

  for (const doc of [...model.articles, ...model.legal]) {
    for (const ref of doc.facts.links) checkLink(doc.facts.file, ref, doc.summary.href);
    for (const ref of doc.facts.images) checkAsset(doc.facts.file, ref);
  }
  const yamlSources: [YamlSource, string | undefined][] = [[model.siteSource, undefined], ...(model.pricing ? [[model.pricing.source, undefined] as [YamlSource, undefined]] : []), ...model.pages.map((p) => [p.source, p.route] as [YamlSource, string | undefined])];
  for (const [source, route] of yamlSources) {
    for (const ref of yamlRefs(source, LINK_KEYS)) checkLink(source.file, ref, route);
    for (const ref of yamlRefs(source, ASSET_KEYS)) checkAsset(source.file, ref);
  }
  return diagnostics;
}

/**
 * Two articles with the same title cannot be told apart in the blog, the related-articles lists
 * and search results. It is a warning: a series may repeat a title on purpose for a while.
 */
export function checkDuplicateTitles(model: ContentModel): Diagnostic[] {
  const byTitle = new Map<string, ContentModel['articles']>();
  for (const article of model.articles) {
    const key = article.summary.title.trim().toLowerCase().replace(/\s+/g, ' ');
    byTitle.set(key, [...(byTitle.get(key) ?? []), article]);
  }
  return [...byTitle.values()]
    .filter((same) => same.length > 1)
    .flatMap((same) =>
      same.map((article) => {
        const others = same.filter((a) => a !== article).map((a) => path.basename(a.facts.file));
        return warning(article.facts.file, article.facts.fieldsAt.title ?? FILE_START, 'article/duplicate-title', `the title "${article.summary.title}" is also the title of ${others.join(', ')}: readers cannot tell them apart in lists`);
      }),
    );
}

function linkProblem(
  url: string,
  ownRoute: string | undefined,
  routes: Map<string, string>,
  anchors: Map<string, Set<string>>,
  fileExists: (p: string) => boolean,
): { rule: RuleId; message: string } | undefined {
  if (/^(https:|mailto:|tel:)/i.test(url)) return undefined;
  if (/^http:/i.test(url)) return { rule: 'link/insecure', message: `link "${url}" must use https://` };
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1];
  if (scheme) return { rule: 'link/scheme', message: `link "${url}": only https:, mailto:, tel: and paths of the site are allowed, not ${scheme}:` };
  if (url.startsWith('//')) return { rule: 'link/relative', message: `link "${url}" leads to another host: write it as an https:// URL` };
  if (!url.startsWith('/') && !url.startsWith('#')) return { rule: 'link/relative', message: `link "${url}" must be root-relative (start with /) or an https:// URL` };
  const [beforeHash, fragment] = url.split('#', 2) as [string, string | undefined];
  const resolved = resolveSitePath(beforeHash.split('?')[0] || ownRoute || '');
  if ('problem' in resolved) return { rule: 'link/outside-site', message: `link "${url}" ${resolved.problem}` };
  const target = resolved.path;
  if (target !== '/' && target.endsWith('/')) return { rule: 'link/trailing-slash', message: `link "${url}" must not end with a slash: pages answer at ${target.slice(0, -1)}` };
  if (!routes.has(target) && !fileExists(target)) return { rule: 'link/broken', message: `broken link "${url}": no page or file has the path ${target}` };
  const ids = anchors.get(target);
  if (fragment && ids && !ids.has(fragment)) return { rule: 'link/fragment', message: `broken link "${url}": ${target} has no heading with the id "${fragment}"` };
  return undefined;
}

/** Finds string values under the given keys anywhere in a YAML file, with their positions. */
function yamlRefs(source: YamlSource, keys: Set<string>): SourceRef[] {
  const refs: SourceRef[] = [];
  const walk = (value: unknown, at: PropertyKey[]) => {
    if (Array.isArray(value)) value.forEach((v, i) => walk(v, [...at, i]));
    else if (value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) {
        if (keys.has(k) && typeof v === 'string') refs.push({ url: v, ...source.locate([...at, k]) });
        else walk(v, [...at, k]);
      }
    }
  };
  walk(source.data, []);
  return refs;
}

function memo<T>(fn: (key: string) => T): (key: string) => T {
  const cache = new Map<string, T>();
  return (key) => {
    if (!cache.has(key)) cache.set(key, fn(key));
    return cache.get(key)!;
  };
}

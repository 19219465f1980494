import { readFile } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { ContentError, type Diagnostic } from '../diagnostics.ts';
import { readContent } from '../load/content.ts';
import { createImageSizer } from '../load/imageSizes.ts';
import { parseMarkdown, type ParsedMarkdown } from '../markdown/parse.ts';
import { bundleIslands, type IslandBundle } from '../bundle/islands.ts';
import { contentHash } from '../bundle/hash.ts';
import { buildStylesheet, type BuiltStylesheet } from '../bundle/styles.ts';
import { loadIslandRegistry, type IslandRegistry } from '../islands/registry.ts';
import type { Paths } from '../config.ts';
import type { TemplateSet } from '../model.ts';
import { outputPathForRoute } from '../routes/outputPath.ts';
import { renderPage } from '../render/renderPage.tsx';
import { checkReferences, collectRoutes } from '../validate/crossChecks.ts';
import { pageRoute, validateContent, type ContentModel } from '../validate/validateContent.ts';
import { atomFeed, robotsTxt, sitemapXml } from '../write/siteFiles.ts';
import { writeSiteAtomically } from '../write/atomicWrite.ts';
import { loadTemplates } from './loadTemplates.ts';
import { collectionsOf, pageJobs } from './pageJobs.tsx';

export interface PageTiming {
  route: string;
  ms: number;
  bytes: number;
  islands: string[];
  cached: boolean;
}

export interface BuildResult {
  pages: number;
  /** Pages rendered in this build (the others came unchanged from the cache). */
  rendered: number;
  assets: number;
  bytes: number;
  ms: number;
  timings: PageTiming[];
  /** Every file the build generated, relative to the output folder (public/ is copied besides). */
  files: Map<string, string | Uint8Array>;
}

export interface BuildOptions {
  check?: boolean;
  onProgress?: (done: number, total: number) => void;
}

interface Assets {
  stylesheet: BuiltStylesheet;
  bundle: IslandBundle;
  registry: IslandRegistry;
}

/** The copyright year: SOURCE_DATE_EPOCH when set (reproducible builds), else the build's year. */
export function buildYear(env = process.env): number {
  const epoch = Number(env.SOURCE_DATE_EPOCH);
  return new Date(env.SOURCE_DATE_EPOCH && Number.isFinite(epoch) ? epoch * 1000 : Date.now()).getUTCFullYear();
}

/**
 * Builds the site, keeping what it can between builds: a markdown file whose text has not
 * changed is not parsed again, and a page whose inputs hash the same is not rendered again.
 * Templates, styles and islands are loaded once per builder (watch starts a new one when they change).
 */
export class Builder {
  private templates?: Promise<TemplateSet>;
  private assets?: Promise<Assets>;
  private parsed = new Map<string, { text: string; result: ParsedMarkdown }>();
  private rendered = new Map<string, { key: string; html: string; islands: string[] }>();
  private sizeOf;

  constructor(readonly paths: Paths) {
    this.sizeOf = createImageSizer(paths.public);
  }

  /** Forget image sizes and parsed markdown (after a change in public/). */
  publicChanged(): void {
    this.sizeOf = createImageSizer(this.paths.public);
    this.parsed.clear();
  }

  private parse = (file: string, text: string): ParsedMarkdown => {
    const hit = this.parsed.get(file);
    if (hit && hit.text === text) return hit.result;
    const result = parseMarkdown(file, text, this.sizeOf);
    this.parsed.set(file, { text, result });
    return result;
  };

  /** Loads and validates all content; throws ContentError listing every problem. */
  async loadModel(): Promise<{ model: ContentModel; templates: TemplateSet }> {
    this.templates ??= loadTemplates(this.paths.templates);
    const templates = await this.templates;
    const raw = await readContent(this.paths.content, this.parse);
    const { model, diagnostics } = validateContent(raw, templates);
    const all: Diagnostic[] = [...diagnostics];
    if (model) {
      const invalid = [
        ...raw.articles.map((a) => ({ route: `/articles/${a.slug}`, file: a.parsed.file })),
        ...raw.legal.map((l) => ({ route: `/${l.slug}`, file: l.parsed.file })),
        ...raw.pages.flatMap((p) => (pageRoute(p.name) ? [{ route: pageRoute(p.name)!, file: p.source.file }] : [])),
      ];
      const routes = collectRoutes(model, all, invalid);
      all.push(...checkReferences(model, routes, this.paths.public));
    }
    if (all.length || !model) throw new ContentError(all);
    return { model, templates };
  }

  private loadAssets(): Promise<Assets> {
    this.assets ??= (async () => {
      const registry = await loadIslandRegistry(this.paths.templates);
      const [stylesheet, bundle] = await Promise.all([buildStylesheet(this.paths.templates), bundleIslands(registry.files, this.paths.root)]);
      return { stylesheet, bundle, registry };
    })();
    return this.assets;
  }

  async build(options: BuildOptions = {}): Promise<BuildResult> {
    const started = performance.now();
    const assetsPromise = this.loadAssets();
    assetsPromise.catch(() => undefined);
    const { model, templates } = await this.loadModel();
    const { stylesheet, bundle, registry } = await assetsPromise;
    const files = new Map<string, string | Uint8Array>();
    if (options.check) return { pages: 0, rendered: 0, assets: 0, bytes: 0, ms: performance.now() - started, timings: [], files };

    const stylesheetUrl = `/assets/${stylesheet.fileName}`;
    files.set(stylesheetUrl.slice(1), stylesheet.css);
    for (const [file, data] of bundle.files) files.set(file, data);

    const collections = collectionsOf(model);
    const jobs = pageJobs(model, templates, collections);
    const year = buildYear();
    const siteText = await readFile(model.siteSource.file, 'utf8');
    // Everything a page can see besides its own file: when this changes, every page renders again.
    const sharedKey = contentHash(
      JSON.stringify([siteText, year, stylesheetUrl, bundle.loader, [...bundle.islands], collections.articles.map(({ words: _w, ...rest }) => rest), collections.legal]),
      20,
    );
    const sources = await sourceTexts(jobs.map((j) => j.source), this.parsed);
    const context = { site: model.site, year, stylesheet: stylesheetUrl, loader: bundle.loader, islands: { names: registry.names, urls: bundle.islands }, Layout: templates.Layout };

    const timings: PageTiming[] = [];
    let renderedCount = 0;
    for (const [index, job] of jobs.entries()) {
      const t0 = performance.now();
      const key = `${sharedKey}:${contentHash(sources.get(job.source) ?? '', 20)}`;
      let entry = this.rendered.get(job.route);
      const cached = entry?.key === key;
      if (!cached) {
        const page = renderPage(job, context);
        entry = { key, html: page.html, islands: page.islands };
        this.rendered.set(job.route, entry);
        renderedCount++;
      }
      files.set(job.outputPath || outputPathForRoute(job.route), entry!.html);
      timings.push({ route: job.route, ms: performance.now() - t0, bytes: Buffer.byteLength(entry!.html), islands: entry!.islands, cached });
      options.onProgress?.(index + 1, jobs.length);
    }
    const routes = new Set(jobs.map((j) => j.route));
    for (const route of this.rendered.keys()) if (!routes.has(route)) this.rendered.delete(route);

    const indexed = jobs.filter((j) => !j.head.noindex);
    files.set('sitemap.xml', sitemapXml(model.site, indexed.map((j) => ({ route: j.route, lastmod: j.lastmod }))));
    files.set('robots.txt', robotsTxt(model.site));
    const blog = model.pages.find((p) => p.template === 'blog-index');
    if (model.articles.length) files.set('feed.xml', atomFeed(model.site, collections.articles, blog?.route ?? '/'));

    await writeSiteAtomically(this.paths.out, files, this.paths.public);
    const bytes = [...files.values()].reduce((n, d) => n + (typeof d === 'string' ? Buffer.byteLength(d) : d.byteLength), 0);
    return { pages: jobs.length, rendered: renderedCount, assets: files.size - jobs.length, bytes, ms: performance.now() - started, timings, files };
  }
}

async function sourceTexts(files: string[], parsed: Map<string, { text: string }>): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  await Promise.all(files.map(async (f) => out.set(f, parsed.get(f)?.text ?? (await readFile(f, 'utf8')))));
  return out;
}

/** One build with a fresh builder (the CLI's `build` and `check`). */
export function build(paths: Paths, options: BuildOptions = {}): Promise<BuildResult> {
  return new Builder(paths).build(options);
}

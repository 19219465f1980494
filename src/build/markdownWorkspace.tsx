import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Paths } from '../config.ts';
import { diagnostic, FILE_START } from '../diagnostics.ts';
import { createImageSizer } from '../load/imageSizes.ts';
import type { MarkdownFile } from '../load/content.ts';
import { factsOf, type MarkdownFacts } from '../markdown/facts.ts';
import { parseMarkdown } from '../markdown/parse.ts';
import { toHast } from '../markdown/toHast.ts';
import type { ArticleSummary, LegalSummary, TemplateSet } from '../model.ts';
import { renderWithIslands, type IslandNames } from '../render/islands.tsx';
import { renderPage } from '../render/renderPage.tsx';
import { outputPathForRoute } from '../routes/outputPath.ts';
import type { Site } from '../schemas/site.ts';
import { makeCollections, markdownPageJob } from './pageJobs.tsx';

/** A markdown file after analysis: its facts, a hash of its text, and its body pre-rendered to HTML. */
export interface AnalysedMarkdown {
  facts: MarkdownFacts;
  hash: string;
  body: { html: string; islands: string[] } | undefined;
}

/** What rendering a page needs besides its own file: plain data, so it can be sent to a worker. */
export interface SharedRender {
  site: Site;
  year: number;
  stylesheet: string;
  loader: string;
  islandUrls: [string, string][];
  articles: ArticleSummary[];
  legal: LegalSummary[];
}

export interface RenderedPage {
  route: string;
  outputPath: string;
  /** The document; absent when a worker thread wrote it to the output itself. */
  html?: string;
  bytes: number;
  islands: string[];
  ms: number;
}

export type TemplateLoader = () => Promise<{ templates: TemplateSet; names: IslandNames }>;

/**
 * Parses, validates and pre-renders markdown files, then renders their pages. It runs in the
 * builder's thread or, for large sites, once per worker thread on a share of the files.
 */
export class MarkdownWorkspace {
  private done = new Map<string, AnalysedMarkdown>();
  private sizeOf;

  /** Analyses are kept: for the next build (watch), and on a worker for rendering the pages it analysed. */
  constructor(
    private readonly paths: Paths,
    private readonly load: TemplateLoader,
  ) {
    this.sizeOf = createImageSizer(paths.public);
  }

  /** Forget image sizes and analyses (after a change in public/). */
  publicChanged(): void {
    this.sizeOf = createImageSizer(this.paths.public);
    this.done.clear();
  }

  async analyse(files: MarkdownFile[]): Promise<AnalysedMarkdown[]> {
    const { templates, names } = await this.load();
    const { Markdown } = templates;
    return Promise.all(
      files.map(({ kind, slug, file, text, hash, encoding }) => {
        const hit = this.done.get(file);
        if (hit?.hash === hash) return hit;
        let result: AnalysedMarkdown;
        try {
          const parsed = parseMarkdown(file, text, this.sizeOf);
          if (encoding) parsed.diagnostics.unshift(encoding);
          const facts = factsOf(kind, slug, parsed);
          const body = facts.meta ? renderWithIslands(<Markdown tree={toHast(parsed.tree)} />, names, 'b') : undefined;
          result = { facts, hash, body };
        } catch (error) {
          // Structures nested too deep for any stack (the parser's, the renderer's): an error of this file, not a crash.
          if (!(error instanceof RangeError)) throw error;
          const problem = diagnostic(file, FILE_START, 'markdown/too-deep', `this file nests its structure too deeply to be read (${error.message}): flatten its lists or quotes`);
          const facts = factsOf(kind, slug, { file, frontmatter: undefined, tree: { type: 'root', children: [] }, links: [], images: [], headings: [], words: 0, diagnostics: [problem] });
          result = { facts, hash, body: undefined };
        }
        this.done.set(file, result);
        return result;
      }),
    );
  }

  /**
   * Renders the pages of analysed markdown files around their pre-rendered bodies. With
   * `writeTo` (a staging folder whose page folders exist), each page is written there at once
   * and not kept.
   */
  async render(docs: AnalysedMarkdown[], shared: SharedRender, writeTo?: string): Promise<RenderedPage[]> {
    const { templates, names } = await this.load();
    const collections = makeCollections(shared.articles, shared.legal);
    const context = { site: shared.site, year: shared.year, stylesheet: shared.stylesheet, loader: shared.loader, islandNames: names, islandUrls: new Map(shared.islandUrls), Layout: templates.Layout };
    return docs.map((doc) => {
      const started = performance.now();
      const known = this.done.get(doc.facts.file);
      const job = markdownPageJob({ ...doc, body: doc.body ?? (known?.hash === doc.hash ? known.body : undefined) }, templates, collections, shared.site);
      const page = renderPage(job, context);
      const outputPath = outputPathForRoute(job.route);
      const bytes = writeTo ? writePage(writeTo, outputPath, page.html) : Buffer.byteLength(page.html);
      return { route: job.route, outputPath, html: writeTo ? undefined : page.html, bytes, islands: page.islands, ms: performance.now() - started };
    });
  }
}

/** Writes one page into a staging folder whose folders exist already; returns its size in bytes. */
function writePage(dir: string, outputPath: string, html: string): number {
  const bytes = Buffer.from(html);
  writeFileSync(path.join(dir, outputPath), bytes);
  return bytes.byteLength;
}

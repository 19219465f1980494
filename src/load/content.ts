import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { diagnostic, type Diagnostic } from '../diagnostics.ts';
import type { ParsedMarkdown } from '../markdown/parse.ts';
import { parseYaml, type YamlSource } from './yamlSource.ts';

/** The content folder as files read and parsed, before validation. */
export interface RawContent {
  site: YamlSource | undefined;
  pages: { name: string; source: YamlSource }[];
  articles: { slug: string; parsed: ParsedMarkdown; text: string }[];
  legal: { slug: string; parsed: ParsedMarkdown; text: string }[];
  diagnostics: Diagnostic[];
}

export const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

async function listFiles(dir: string, ext: string): Promise<string[]> {
  const entries = await readdir(dir).catch((e: NodeJS.ErrnoException) => {
    if (e.code === 'ENOENT') return [] as string[];
    throw e;
  });
  return entries.filter((f) => f.endsWith(ext)).sort();
}

export async function readYamlFile(file: string): Promise<YamlSource> {
  return parseYaml(file, await readFile(file, 'utf8'));
}

/** Parses one markdown file; the builder passes a memoized version so unchanged files are not parsed again. */
export type MarkdownParser = (file: string, text: string) => ParsedMarkdown;

export async function readMarkdownDir(dir: string, parse: MarkdownParser, diagnostics: Diagnostic[]) {
  const names = await listFiles(dir, '.md');
  return Promise.all(
    names.map(async (name) => {
      const file = path.join(dir, name);
      const slug = name.slice(0, -3);
      if (!SLUG.test(slug)) diagnostics.push(diagnostic(file, 1, 1, 'content/slug', `file name "${name}" must be a lowercase slug such as my-article.md`));
      const text = await readFile(file, 'utf8');
      return { slug, text, parsed: parse(file, text) };
    }),
  );
}

export async function readContent(contentDir: string, parse: MarkdownParser): Promise<RawContent> {
  const diagnostics: Diagnostic[] = [];
  const siteFile = path.join(contentDir, 'site.yaml');
  const site = await readYamlFile(siteFile).catch(() => {
    diagnostics.push(diagnostic(siteFile, 1, 1, 'content/missing-file', 'content/site.yaml is missing: it holds the site settings'));
    return undefined;
  });
  const pagesDir = path.join(contentDir, 'pages');
  const pageNames = await listFiles(pagesDir, '.yaml');
  const pages = await Promise.all(
    pageNames.map(async (name) => {
      const file = path.join(pagesDir, name);
      const base = name.slice(0, -5);
      if (!SLUG.test(base) && base !== '404') diagnostics.push(diagnostic(file, 1, 1, 'content/slug', `file name "${name}" must be a lowercase slug such as about.yaml`));
      return { name: base, source: await readYamlFile(file) };
    }),
  );
  const articles = await readMarkdownDir(path.join(contentDir, 'articles'), parse, diagnostics);
  const legal = await readMarkdownDir(path.join(contentDir, 'legal'), parse, diagnostics);
  return { site, pages, articles, legal, diagnostics };
}

import { existsSync, readFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { contentHash } from '../bundle/hash.ts';
import { SLUG } from '../schemas/common.ts';
import { diagnostic, FILE_START, type Diagnostic } from '../diagnostics.ts';
import type { MarkdownKind } from '../markdown/facts.ts';
import { decodeContent } from './decode.ts';
import { parseYaml, type YamlSource } from './yamlSource.ts';

/** The content folder as read: YAML parsed with positions, markdown files listed (they are analysed separately). */
export interface RawContent {
  site: YamlSource | undefined;
  /** content/pricing.yaml, when the site has one. */
  pricing: YamlSource | undefined;
  pages: { name: string; source: YamlSource }[];
  markdown: { kind: MarkdownKind; slug: string; file: string }[];
  diagnostics: Diagnostic[];
}

const MARKDOWN_DIRS: [MarkdownKind, string][] = [
  ['article', 'articles'],
  ['legal', 'legal'],
];

async function listFiles(dir: string, ext: string): Promise<string[]> {
  const entries = await readdir(dir).catch((e: NodeJS.ErrnoException) => {
    if (e.code === 'ENOENT') return [] as string[];
    throw e;
  });
  return entries.filter((f) => f.endsWith(ext)).sort();
}

/** A markdown file as read: its text and the hash that keys every cache. */
export interface MarkdownFile {
  kind: MarkdownKind;
  slug: string;
  file: string;
  text: string;
  hash: string;
  /** Where the file stops being UTF-8, if it does. */
  encoding?: Diagnostic;
}

/** Reads the listed markdown files once each, synchronously: thousands of small files read faster without a thread-pool round trip each. */
export function readMarkdownFiles(list: RawContent['markdown']): MarkdownFile[] {
  return list.map((m) => {
    const { text, problem } = decodeContent(m.file, readFileSync(m.file));
    // A file whose bad bytes became U+FFFD must not share its analysis with one that holds U+FFFD itself.
    return { ...m, text, hash: contentHash(problem ? `${text}\0not UTF-8` : text, 20), ...(problem && { encoding: problem }) };
  });
}

export async function readYamlFile(file: string): Promise<YamlSource> {
  const { text, problem } = decodeContent(file, await readFile(file));
  const source = parseYaml(file, text);
  if (problem) source.errors.unshift(problem);
  return source;
}

type Diagnosed<T> = T & { diagnostics: Diagnostic[] };

function slugChecker(diagnostics: Diagnostic[]) {
  return (file: string, base: string, example: string) => {
    if (!SLUG.test(base)) diagnostics.push(diagnostic(file, FILE_START, 'content/slug', `file name "${path.basename(file)}" must be a lowercase slug such as ${example}`));
  };
}

/** Lists the markdown files (articles and legal documents) without reading them. */
export async function listMarkdown(contentDir: string): Promise<Diagnosed<Pick<RawContent, 'markdown'>>> {
  const diagnostics: Diagnostic[] = [];
  const checkSlug = slugChecker(diagnostics);
  const markdown: RawContent['markdown'] = [];
  for (const [kind, dirName] of MARKDOWN_DIRS) {
    const dir = path.join(contentDir, dirName);
    for (const name of await listFiles(dir, '.md')) {
      const file = path.join(dir, name);
      checkSlug(file, name.slice(0, -3), 'my-article.md');
      markdown.push({ kind, slug: name.slice(0, -3), file });
    }
  }
  return { markdown, diagnostics };
}

/** Reads and parses the YAML files: site settings, pricing and pages. */
export async function readYamlContent(contentDir: string): Promise<Diagnosed<Pick<RawContent, 'site' | 'pricing' | 'pages'>>> {
  const diagnostics: Diagnostic[] = [];
  const checkSlug = slugChecker(diagnostics);
  const siteFile = path.join(contentDir, 'site.yaml');
  const site = await readYamlFile(siteFile).catch(() => {
    diagnostics.push(diagnostic(siteFile, FILE_START, 'content/missing-file', 'content/site.yaml is missing: it holds the site settings'));
    return undefined;
  });
  const pricingFile = path.join(contentDir, 'pricing.yaml');
  const pricing = existsSync(pricingFile) ? await readYamlFile(pricingFile) : undefined;
  const pagesDir = path.join(contentDir, 'pages');
  const pages = await Promise.all(
    (await listFiles(pagesDir, '.yaml')).map(async (name) => {
      const file = path.join(pagesDir, name);
      const base = name.slice(0, -5);
      if (base !== '404') checkSlug(file, base, 'about.yaml');
      return { name: base, source: await readYamlFile(file) };
    }),
  );
  return { site, pricing, pages, diagnostics };
}

/** The YAML files parsed and the markdown files listed. */
export function withMarkdown(yaml: Awaited<ReturnType<typeof readYamlContent>>, list: Awaited<ReturnType<typeof listMarkdown>>): RawContent {
  return { ...yaml, markdown: list.markdown, diagnostics: [...yaml.diagnostics, ...list.diagnostics] };
}

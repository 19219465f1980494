import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

/**
 * The real site's content as its editors wrote it, read when a test runs: a test of the
 * generator on the real site picks its pages here and derives what it expects from their
 * files, so that an editor's pull request (an article added or renamed, a price or a date
 * changed) keeps it true. What the site itself must keep is a rule of the site
 * (templates/rules.ts), not a test.
 */
export const CONTENT = path.resolve(import.meta.dirname, '../../content');

export interface RealEntry {
  slug: string;
  /** The file from the project's root: `content/articles/SLUG.md`. */
  file: string;
  meta: Record<string, unknown>;
  body: string;
}

/** The frontmatter and body of each markdown file of a collection's folder, by file name. */
function entries(folder: string): RealEntry[] {
  return readdirSync(path.join(CONTENT, folder))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => {
      const text = readFileSync(path.join(CONTENT, folder, name), 'utf8');
      const [, front = '', body = ''] = /^---\n([\s\S]*?)\n---\n?([\s\S]*)$/.exec(text) ?? [];
      return { slug: name.slice(0, -'.md'.length), file: `content/${folder}/${name}`, meta: parse(front) as Record<string, unknown>, body };
    });
}

/** The day a build run now publishes up to (UTC), as `YYYY-MM-DD`. */
const today = () => new Date().toISOString().slice(0, 10);

/** The articles a build of today publishes (no draft, dated today or before), newest first as the site lists them. */
export function publishedArticles(): RealEntry[] {
  return entries('articles')
    .filter((a) => a.meta.draft !== true && String(a.meta.date) <= today())
    .sort((a, b) => String(b.meta.date).localeCompare(String(a.meta.date)) || a.slug.localeCompare(b.slug));
}

/** The first published article `test` accepts; throws, naming what is missing, when none does. */
export function anArticle(what: string, test: (article: RealEntry) => boolean = () => true): RealEntry {
  const found = publishedArticles().find(test);
  if (!found) throw new Error(`no published article of content/articles/ ${what}: the test needs one`);
  return found;
}

/** The legal documents (content/legal/*.md). */
export const legalDocuments = (): RealEntry[] => entries('legal');

/** A YAML file of the content, parsed: `pricing.yaml`, `pages/index.yaml`. */
export const contentYaml = <T = Record<string, unknown>>(rel: string): T => parse(readFileSync(path.join(CONTENT, rel), 'utf8')) as T;

/** A date of the content as the site writes it: `2022-05-01` → `May 1, 2022`. */
export const longDate = (date: string) =>
  new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));

/** A block of a page of content/pages/, and the page's route. */
export interface PageBlock<T> {
  route: string;
  block: T & { type: string };
}

/** The first block of each type `type` on every page that has one, pages by file name. */
export function pageBlocks<T = Record<string, unknown>>(type: string): PageBlock<T>[] {
  return readdirSync(path.join(CONTENT, 'pages'))
    .filter((name) => name.endsWith('.yaml'))
    .sort()
    .flatMap((name) => {
      const blocks = contentYaml<{ blocks?: (T & { type: string })[] }>(`pages/${name}`).blocks ?? [];
      const block = blocks.find((b) => b.type === type);
      const slug = name.slice(0, -'.yaml'.length);
      return block ? [{ route: slug === 'index' ? '/' : `/${slug}`, block }] : [];
    });
}

import { lstatSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { diagnostic, FILE_START, type Diagnostic } from '../diagnostics.ts';
import { contentHash } from '../hash.ts';
import { PAGES_FOLDER, type SiteDefinition } from '../model.ts';
import { SLUG } from '../schemas/common.ts';
import { parseYaml, type KeptDocuments, type YamlSource } from '../yaml/yamlSource.ts';
import { fileStamp, stampSettled } from './fileStamp.ts';
import { decodeContent } from './decode.ts';
import { followInside } from './links.ts';

/** A markdown file of a collection, listed but not read. */
export interface MarkdownListing {
  /** The name of its collection. */
  collection: string;
  slug: string;
  file: string;
}

/** The content folder as read: YAML parsed with positions, markdown files listed (they are analysed separately). */
export interface RawContent {
  /** The data files by name; an optional one the site does not have is undefined. */
  data: Record<string, YamlSource | undefined>;
  pages: { name: string; source: YamlSource }[];
  markdown: MarkdownListing[];
  diagnostics: Diagnostic[];
}

/**
 * Why `at`, a file or folder of the content folder, is not read: it, or a folder on its way, is a
 * link that leads out of the content folder or nowhere (as public/ keeps its links inside it).
 * Undefined when it may be read, or is not there.
 */
function linkProblem(at: string, contentDir: string): Diagnostic | undefined {
  if (!lstatSync(at, { throwIfNoEntry: false })) return undefined;
  const start = realpathSync(contentDir);
  const followed = followInside(at, start, path.dirname(start), 'content');
  return 'rule' in followed ? diagnostic(at, FILE_START, followed.rule, followed.message) : undefined;
}

/** The files of `dir` named `*ext`; a link among them (or `dir` itself) that leads out of the content folder is a problem, not a file. */
async function listFiles(dir: string, ext: string, contentDir: string, diagnostics: Diagnostic[]): Promise<string[]> {
  const outside = linkProblem(dir, contentDir);
  if (outside) {
    diagnostics.push(outside);
    return [];
  }
  const entries = await readdir(dir, { withFileTypes: true }).catch((e: NodeJS.ErrnoException) => {
    if (e.code === 'ENOENT') return [];
    throw e;
  });
  const listed = entries.filter((e) => e.name.endsWith(ext));
  // Only a link can lead elsewhere: the other files cost no look.
  const problems = listed.map((e) => (e.isSymbolicLink() ? linkProblem(path.join(dir, e.name), contentDir) : undefined));
  diagnostics.push(...problems.filter((problem) => problem !== undefined));
  return listed
    .filter((_, i) => !problems[i])
    .map((e) => e.name)
    .sort();
}

/** A markdown file as read: its text and the hash that keys every cache. */
export interface MarkdownFile extends MarkdownListing {
  text: string;
  hash: string;
  /** Where the file stops being UTF-8, if it does. */
  encoding?: Diagnostic;
}

/** Reads the listed markdown files once each, synchronously: thousands of small files read faster without a thread-pool round trip each. */
export function readMarkdownFiles(list: MarkdownListing[], kept?: KeptReads): MarkdownFile[] {
  kept?.forgetAllBut(new Set(list.map((m) => m.file)));
  return list.map((m) => kept?.read(m) ?? readMarkdownFile(m));
}

function readMarkdownFile(m: MarkdownListing): MarkdownFile {
  const { text, problem } = decodeContent(m.file, readFileSync(m.file));
  // A file whose bad bytes became U+FFFD must not share its analysis with one that holds U+FFFD itself.
  return { ...m, text, hash: contentHash(problem ? `${text}\0not UTF-8` : text, 20), ...(problem && { encoding: problem }) };
}

/**
 * The markdown files as a builder read them last (watch reads every file again after each edit:
 * at 1,000 articles, reading and hashing them took most of an edit's reading): a file whose
 * stamp (`fileStamp`) is unchanged is not read again, once it has settled (`stampSettled`).
 *
 * A builder told of every change (`toldOfChanges`: watch, whose watcher sees each save) trusts
 * what it read without a stat, until it is told the file changed: at 1,000 articles the stats
 * were a tenth of an edit's build.
 */
export class KeptReads {
  private readonly kept = new Map<string, { stamp: string; read: MarkdownFile }>();

  constructor(private readonly toldOfChanges = false) {}

  read(listing: MarkdownListing): MarkdownFile {
    const hit = this.kept.get(listing.file);
    if (this.toldOfChanges && hit?.read.collection === listing.collection) return hit.read;
    const readAt = Date.now();
    const stat = statSync(listing.file, { bigint: true });
    const stamp = fileStamp(stat);
    if (hit?.stamp === stamp && hit.read.collection === listing.collection) return hit.read;
    const read = readMarkdownFile(listing);
    // Told of every change, a file is read again when it is named, however recently it changed.
    if (this.toldOfChanges || stampSettled(stat, readAt)) this.kept.set(listing.file, { stamp, read });
    else this.kept.delete(listing.file);
    return read;
  }

  /** Each file as read, by file. */
  entries(): ReadonlyMap<string, MarkdownFile> {
    return new Map([...this.kept].map(([file, { read }]) => [file, read]));
  }

  /** The file changed (watch saw it): the next build reads it again. */
  changed(file: string): void {
    this.kept.delete(file);
  }

  /** Forgets the files a build no longer listed (deleted or renamed): a long watch keeps only what the site has. */
  forgetAllBut(files: ReadonlySet<string>): void {
    for (const file of this.kept.keys()) if (!files.has(file)) this.kept.delete(file);
  }
}

export async function readYamlFile(file: string, kept?: KeptDocuments): Promise<YamlSource> {
  const { text, problem } = decodeContent(file, await readFile(file));
  const source = parseYaml(file, text, 0, kept);
  // A kept source is the next build's too: the problem goes on a copy.
  return problem ? { ...source, errors: [problem, ...source.errors] } : source;
}

type Diagnosed<T> = T & { diagnostics: Diagnostic[] };

function slugChecker(diagnostics: Diagnostic[]) {
  return (file: string, base: string, example: string) => {
    if (!SLUG.test(base))
      diagnostics.push(diagnostic(file, FILE_START, 'content/slug', `file name "${path.basename(file)}" must be a lowercase slug such as ${example}`));
  };
}

/** Lists every collection's markdown files without reading them. */
export async function listMarkdown(contentDir: string, definition: Pick<SiteDefinition, 'collections'>): Promise<Diagnosed<Pick<RawContent, 'markdown'>>> {
  const diagnostics: Diagnostic[] = [];
  const checkSlug = slugChecker(diagnostics);
  const markdown: MarkdownListing[] = [];
  for (const { name, folder } of definition.collections) {
    const dir = path.join(contentDir, folder);
    for (const file of await listFiles(dir, '.md', contentDir, diagnostics)) {
      checkSlug(path.join(dir, file), file.slice(0, -3), 'my-entry.md');
      markdown.push({ collection: name, slug: file.slice(0, -3), file: path.join(dir, file) });
    }
  }
  return { markdown, diagnostics };
}

/** Reads and parses the YAML files: the data files and the pages (those `kept` parsed from the same text are not parsed again). */
export async function readYamlContent(
  contentDir: string,
  definition: Pick<SiteDefinition, 'data'>,
  kept?: KeptDocuments,
): Promise<Diagnosed<Pick<RawContent, 'data' | 'pages'>>> {
  const diagnostics: Diagnostic[] = [];
  const checkSlug = slugChecker(diagnostics);
  const data: RawContent['data'] = {};
  await Promise.all(
    Object.entries(definition.data).map(async ([name, { file, optional }]) => {
      const full = path.join(contentDir, file);
      const outside = linkProblem(full, contentDir);
      if (outside) return void diagnostics.push(outside);
      data[name] = await readYamlFile(full, kept).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
        if (!optional) diagnostics.push(diagnostic(full, FILE_START, 'content/missing-file', `content/${file} is missing: every site needs it`));
        return undefined;
      });
    }),
  );
  const pagesDir = path.join(contentDir, PAGES_FOLDER);
  const pages = await Promise.all(
    (await listFiles(pagesDir, '.yaml', contentDir, diagnostics)).map(async (name) => {
      const file = path.join(pagesDir, name);
      const base = name.slice(0, -5);
      if (base !== '404') checkSlug(file, base, 'about.yaml');
      return { name: base, source: await readYamlFile(file, kept) };
    }),
  );
  kept?.forgetAllBut(new Set([...Object.values(data).flatMap((source) => (source ? [source.file] : [])), ...pages.map((p) => p.source.file)]));
  return { data, pages, diagnostics };
}

/** The YAML files parsed and the markdown files listed. */
export function withMarkdown(yaml: Awaited<ReturnType<typeof readYamlContent>>, list: Awaited<ReturnType<typeof listMarkdown>>): RawContent {
  return { ...yaml, markdown: list.markdown, diagnostics: [...yaml.diagnostics, ...list.diagnostics] };
}

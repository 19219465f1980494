import type { Paths } from '../config.ts';
import { listMarkdown, readMarkdownFiles, readYamlContent, withMarkdown } from '../load/content.ts';
import { unreadFiles } from '../load/unreadFiles.ts';
import type { AnalysedMarkdown } from '../markdown/analysed.ts';
import type { SiteDefinition } from '../model.ts';
import type { BuildClock } from './buildClock.ts';
import type { AnalysisCache } from './cache/analysisCache.ts';
import type { KeptContent } from './keptContent.ts';
import type { MarkdownThreads } from './markdownThreads.ts';
import type { ReadContent } from './phases.ts';

/**
 * Read and analyse: the content folder's YAML parsed, its markdown files listed and read, and
 * each markdown file's analysis, from the cache when it has it, else made by `threads` (worker
 * threads are started as soon as the listing says how many files the cache lacks: loading their
 * code takes a while) while the YAML is read. The analyses made are put into the cache.
 */
export async function readContent(
  paths: Paths,
  definition: SiteDefinition,
  kept: KeptContent,
  cache: AnalysisCache | undefined,
  threads: MarkdownThreads,
  clock: BuildClock,
): Promise<{ read: ReadContent; analysed: AnalysedMarkdown[] }> {
  const list = await listMarkdown(paths.content, definition);
  threads.listed(new Set(list.markdown.map((m) => m.file)));
  threads.prepare(list.markdown.filter((m) => !cache?.has(m.file)).length);
  const sources = readMarkdownFiles(list.markdown, kept.markdown);
  const known = sources.map((m) => cache?.get(m.file, m.hash));
  const missing = sources.filter((_, i) => !known[i]);
  threads.prepare(missing.length);
  const analysing = threads.analyse(missing);
  analysing.catch(() => undefined);
  const [yaml, unread] = await Promise.all([readYamlContent(paths.content, definition, kept.yaml), unreadFiles(paths.content, definition)]);
  const raw = withMarkdown(yaml, list);
  raw.diagnostics.push(...unread);
  clock.mark('content read');
  if (missing.length) clock.progress('analysing', missing.length);
  const fresh = await analysing;
  for (const [i, doc] of fresh.entries()) cache?.set(missing[i]!.file, doc);
  clock.mark(`${missing.length} markdown files analysed`);
  return { read: { definition, raw, sources }, analysed: known.map((doc) => doc ?? fresh.shift()!) };
}

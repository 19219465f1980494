import type { MarkdownKind } from '../markdown/facts.ts';

/** The route of content/pages/{name}.yaml: index is `/`, 404 is the not-found page (no route). */
export function pageRoute(name: string): string | undefined {
  if (name === '404') return undefined;
  return name === 'index' ? '/' : `/${name}`;
}

/** The route of a markdown file: articles live under /articles, legal documents at the root. */
export function markdownRoute(kind: MarkdownKind, slug: string): string {
  return kind === 'article' ? `/articles/${slug}` : `/${slug}`;
}

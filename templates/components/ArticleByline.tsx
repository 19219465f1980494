import type { CardArticle } from '../islands/shared/blogSearch.ts';
import { formatDate } from './dates.ts';

/**
 * Author · date · reading time. Each part keeps to one line, and a separator starts the part
 * after it, so a narrow column breaks the byline only between parts, never after a "·".
 */
export function ArticleByline({
  article,
  className,
  authorClassName,
}: {
  article: Pick<CardArticle, 'author' | 'date' | 'readingMinutes'>;
  className: string;
  authorClassName?: string;
}) {
  return (
    <p className={className}>
      <span className={`whitespace-nowrap ${authorClassName ?? ''}`.trim()}>{article.author}</span>{' '}
      <span className="whitespace-nowrap">
        <span aria-hidden="true">·</span> <time dateTime={article.date}>{formatDate(article.date)}</time>
      </span>{' '}
      <span className="whitespace-nowrap">
        <span aria-hidden="true">·</span> {article.readingMinutes} min read
      </span>
    </p>
  );
}

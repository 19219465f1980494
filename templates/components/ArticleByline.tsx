import type { CardArticle } from '../islands/shared/blogSearch.ts';
import { formatDate } from './dates.ts';

/** Author · date · reading time, as shown on cards. */
export function ArticleByline({ article, className }: { article: CardArticle; className: string }) {
  return (
    <p className={className}>
      {article.author} · <time dateTime={article.date}>{formatDate(article.date)}</time> · {article.readingMinutes} min read
    </p>
  );
}

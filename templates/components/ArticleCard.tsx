import { useSiteUrl } from '../../src/islands/base.ts';
import { Picture } from '../../src/islands/images.tsx';
import { imageSlots } from './imageSlots.ts';
import type { CardArticle } from '../islands/shared/blogSearch.ts';
import { ArticleByline } from './ArticleByline.tsx';
import { ReleaseBadge } from './ReleaseBadge.tsx';

/** A blog card: category, title, excerpt, author, date and reading time; the whole card is one link. */
export function ArticleCard({ article }: { article: CardArticle }) {
  const url = useSiteUrl();
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-card border border-slate-200 bg-white shadow-card transition-shadow hover:shadow-lg">
      <Picture image={article.cover} slot={imageSlots.card} alt="" className="aspect-video h-auto w-full object-cover" />
      <div className="flex flex-1 flex-col p-6">
        <ReleaseBadge release={article.release} className="mb-3 self-start" />
        <p className="eyebrow">{article.category}</p>
        <h3 className="mt-2 text-lg font-bold leading-snug text-ink-900">
          <a href={url(article.href)} className="after:absolute after:inset-0 group-hover:text-brand-700">
            {article.title}
          </a>
        </h3>
        <p className="mt-3 line-clamp-3 text-sm leading-relaxed text-slate-600">{article.excerpt}</p>
        <ArticleByline article={article} className="mt-auto pt-5 text-xs text-slate-600" />
      </div>
    </article>
  );
}

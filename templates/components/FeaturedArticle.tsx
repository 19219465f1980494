import { useSiteUrl } from '../../src/islands/base.ts';
import { Picture } from '../../src/islands/images.tsx';
import { imageSlots } from './imageSlots.ts';
import type { CardArticle } from '../islands/shared/blogSearch.ts';
import { ArticleByline } from './ArticleByline.tsx';
import { ReleaseBadge } from './ReleaseBadge.tsx';

/** The wide FEATURED card at the top of the blog. */
export function FeaturedArticle({ article }: { article: CardArticle }) {
  const url = useSiteUrl();
  return (
    <section aria-labelledby="featured-heading" className="mb-14">
      <h2 id="featured-heading" className="eyebrow">
        Featured
      </h2>
      <article className="group relative mt-4 grid overflow-hidden rounded-card border border-slate-200 bg-white shadow-card lg:grid-cols-2">
        <Picture image={article.cover} slot={imageSlots.featured} alt="" priority className="aspect-video h-full w-full object-cover" />
        <div className="flex flex-col p-7 sm:p-10">
          <ReleaseBadge release={article.release} className="mb-3 self-start" />
          <p className="eyebrow">{article.category}</p>
          <h3 className="mt-3 text-2xl font-extrabold leading-tight text-ink-900 sm:text-3xl">
            <a href={url(article.href)} className="after:absolute after:inset-0 group-hover:text-brand-700">
              {article.title}
            </a>
          </h3>
          <p className="mt-4 leading-relaxed text-slate-600">{article.excerpt}</p>
          <ArticleByline article={article} className="mt-6 text-sm text-slate-600" />
        </div>
      </article>
    </section>
  );
}

import { type EntryPageProps, Picture, useSiteUrl } from '../../src/template-api.ts';
import { imageSlots } from '../components/imageSlots.ts';
import { relatedArticles, siteCollections, type ArticleSummary } from '../collections/summaries.ts';
import { ArticleCard } from '../components/ArticleCard.tsx';
import { ArticleByline } from '../components/ArticleByline.tsx';
import { ReleaseNotice } from '../components/ReleaseBadge.tsx';

export function Article({ entry: article, body, collections }: EntryPageProps<ArticleSummary>) {
  const url = useSiteUrl();
  const related = relatedArticles(article, siteCollections(collections).articles);
  return (
    <>
      <article>
        <header className="container-page max-w-4xl pt-10 sm:pt-14">
          <a href={url('/news-insights')} className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 hover:underline">
            <span aria-hidden="true">←</span> Back to Articles
          </a>
          <ReleaseNotice release={article.release} />
          <p className="eyebrow mt-8">{article.category}</p>
          <h1 className="mt-3 text-3xl font-extrabold leading-tight tracking-tight text-ink-900 sm:text-5xl sm:leading-[1.1]">{article.title}</h1>
          <p className="mt-5 max-w-2xl text-lg leading-relaxed text-slate-600">{article.excerpt}</p>
          <ArticleByline article={article} className="mt-6 text-sm leading-relaxed text-slate-600" authorClassName="font-semibold text-ink-900" />
        </header>
        <div className="container-page mt-10 max-w-5xl">
          <Picture
            image={article.cover}
            slot={imageSlots.cover}
            alt={article.thumbnailAlt}
            priority
            className="aspect-video h-auto w-full rounded-3xl object-cover"
          />
        </div>
        <div className="container-page max-w-4xl py-12">
          <div className="prose-body max-w-2xl" dangerouslySetInnerHTML={{ __html: body.html }} />
        </div>
      </article>
      {related.length ? (
        <section aria-labelledby="related-heading" className="border-t border-slate-200 bg-slate-50">
          <div className="container-page py-16">
            <h2 id="related-heading" className="text-2xl font-bold tracking-tight text-ink-900">
              More on {article.category.toLowerCase()}
            </h2>
            <ul className="mt-8 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
              {related.map((a) => (
                <li key={a.slug}>
                  <ArticleCard article={a} />
                </li>
              ))}
            </ul>
          </div>
        </section>
      ) : null}
    </>
  );
}

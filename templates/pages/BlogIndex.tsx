import { z } from 'zod';
import { text } from '../../src/schemas/common.ts';
import { definePage } from '../../src/model.ts';
import { ArticleCard } from '../components/ArticleCard.tsx';
import { formatDate } from '../components/dates.ts';
import { PageHeader } from '../components/PageHeader.tsx';

const schema = z.strictObject({ heading: text, intro: text });

export const BlogIndex = definePage(
  schema,
  ({ data, collections }) => {
    const { articles } = collections;
    const featured = articles.find((a) => a.featured) ?? articles[0];
    const rest = articles.filter((a) => a !== featured);
    return (
      <>
        <PageHeader eyebrow="Blog" title={data.heading}>
          <p>{data.intro}</p>
        </PageHeader>
        <div className="container-page py-12">
          {featured ? (
            <section aria-labelledby="featured-heading" className="mb-14">
              <h2 id="featured-heading" className="eyebrow">
                Featured
              </h2>
              <article className="group relative mt-4 grid overflow-hidden rounded-card border border-slate-200 bg-white shadow-card md:grid-cols-2">
                <img src={featured.thumbnail} alt="" width={1200} height={675} className="aspect-video h-full w-full object-cover" />
                <div className="flex flex-col justify-center p-7 sm:p-10">
                  <p className="eyebrow">{featured.category}</p>
                  <h3 className="mt-3 text-2xl font-extrabold leading-tight text-ink-900 sm:text-3xl">
                    <a href={featured.href} className="after:absolute after:inset-0 group-hover:text-brand-700">
                      {featured.title}
                    </a>
                  </h3>
                  <p className="mt-4 leading-relaxed text-slate-600">{featured.excerpt}</p>
                  <p className="mt-6 text-sm text-slate-500">
                    {featured.author} · <time dateTime={featured.date}>{formatDate(featured.date)}</time> · {featured.readingMinutes} min read
                  </p>
                </div>
              </article>
            </section>
          ) : null}
          <section aria-labelledby="all-heading">
            <h2 id="all-heading" className="text-2xl font-bold tracking-tight text-ink-900">
              All articles
            </h2>
            <ul className="mt-6 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
              {rest.map((article) => (
                <li key={article.slug}>
                  <ArticleCard article={article} />
                </li>
              ))}
            </ul>
          </section>
        </div>
      </>
    );
  },
  { feed: true },
);

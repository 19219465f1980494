import { z } from 'zod';
import { type Collections, definePage, Island, type PageVariant, text } from '../../src/template-api.ts';
import { articlesByCategory, siteCollections, type ArticleSummary } from '../collections/summaries.ts';
import { articleCategories } from '../schemas/markdown.ts';
import { PageHeader } from '../components/PageHeader.tsx';
import BlogBrowser from '../islands/BlogBrowser.tsx';
import { cardOf } from '../islands/shared/blogSearch.ts';
import { blogFiles } from './blogData.ts';
import { categorySlug } from '../islands/shared/blogLinks.ts';

const schema = z
  .strictObject({
    heading: text.describe('The blog index’s h1.'),
    intro: text.describe('The paragraph under the heading.'),
    pageSize: z.number().int().min(3).max(30).describe('Article cards per page (3 to 30); further articles are on numbered pages.'),
  })
  .describe('The blog: the featured article, pages of article cards, category pages and search.');

/** Which list a page of the blog shows: every article or one category, and which page of it. */
export interface BlogView {
  /** The blog's own route, under which its other pages are. */
  blog: string;
  category?: string;
  page: number;
}

/** The featured article (the newest marked `featured`, else the newest) heads the first page of the full list. */
function featuredOf(collections: Collections): ArticleSummary | undefined {
  const { articles } = siteCollections(collections);
  return articles.find((a) => a.featured) ?? articles[0];
}

/** The full list of each archive, made once: every numbered page of the blog shows a slice of it. */
const unfeatured = new WeakMap<readonly ArticleSummary[], readonly ArticleSummary[]>();

/** The articles of a list: a category's, or all of them but the featured one (shown above the list). */
function listOf(collections: Collections, category: string | undefined): readonly ArticleSummary[] {
  const { articles } = siteCollections(collections);
  if (category) return articlesByCategory(articles).get(category) ?? [];
  let list = unfeatured.get(articles);
  if (!list) {
    const featured = featuredOf(collections);
    list = articles.filter((a) => a !== featured);
    unfeatured.set(articles, list);
  }
  return list;
}

const categoriesOf = (collections: Collections) => articleCategories.filter((c) => articlesByCategory(siteCollections(collections).articles).has(c));
const pageCount = (list: readonly unknown[], pageSize: number) => Math.max(1, Math.ceil(list.length / pageSize));

/**
 * News & Insights: the featured article and the first page of every article at the blog's route,
 * then numbered pages (`/page/2`…) and a list per category (`/category/reports`, with its own
 * pages). Each page carries only its own cards, so it weighs the same whatever the archive's
 * size; search loads a small index on first use.
 */
export const BlogIndex = definePage<typeof schema, BlogView>(
  schema,
  ({ data, collections, variant }) => {
    const { blog: route, category, page } = variant;
    const list = listOf(collections, category);
    const listHref = category ? `${route}/category/${categorySlug(category)}` : route;
    const first = (page - 1) * data.pageSize;
    // The featured article heads the first page of the full list and is left out of its pages.
    const featuredArticle = category ? undefined : featuredOf(collections);
    const featured = page === 1 ? featuredArticle : undefined;
    return (
      <>
        <PageHeader eyebrow={category ? 'Blog · Category' : 'Blog'} title={category ?? data.heading}>
          <p>{category ? `Every ${category} article from the Touchline team, newest first.` : data.intro}</p>
        </PageHeader>
        <div className="container-page py-12">
          <Island
            of={BlogBrowser}
            props={{
              categories: categoriesOf(collections).map((name) => ({ name, href: `${route}/category/${categorySlug(name)}` })),
              allHref: route,
              category,
              listHref,
              page,
              pages: pageCount(list, data.pageSize),
              total: category ? list.length : siteCollections(collections).articles.length,
              featured: featured && cardOf(featured),
              skip: featuredArticle && siteCollections(collections).articles.indexOf(featuredArticle),
              cards: list.slice(first, first + data.pageSize).map(cardOf),
              pageSize: data.pageSize,
              data: blogFiles(siteCollections(collections).articles, articleCategories).base,
            }}
            when="load"
          />
        </div>
      </>
    );
  },
  {
    feed: true,
    pages: ({ data, title, description, collections, route }) => {
      const views: PageVariant<BlogView>[] = [];
      const add = (category: string | undefined, title: string, description: string) => {
        const pages = pageCount(listOf(collections, category), data.pageSize);
        const path = category ? `category/${categorySlug(category)}` : '';
        for (let page = 1; page <= pages; page++) {
          const of = pages > 1 && page > 1 ? `, page ${page} of ${pages}` : '';
          views.push({
            path: page === 1 ? path : [path, 'page', page].filter(Boolean).join('/'),
            title: `${title}${of}`,
            description: page > 1 ? `${description} Page ${page} of ${pages}.` : description,
            variant: { blog: route, category, page },
          });
        }
      };
      add(undefined, title, description);
      for (const category of categoriesOf(collections))
        add(category, `${category} · ${data.heading}`, `Every ${category} article from Touchline's ${data.heading}, newest first.`);
      return views;
    },
    files: ({ collections }) => blogFiles(siteCollections(collections).articles, articleCategories).files,
  },
);

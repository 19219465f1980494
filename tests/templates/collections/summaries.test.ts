import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { makeCollections } from '../../../src/plan/pagePlan.tsx';
import { collectionsOf, defineCollection, type CollectionsOf } from '../../../src/template-api.ts';
import type { ArticleSummary, LegalSummary, SiteCollections } from '../../../templates/collections/summaries.ts';
import { collections } from '../../../templates/index.ts';

/*
 * Templates read the collections typed from the registry (templates/index.ts), with no cast of
 * their own: these types are checked by `npm run typecheck`, and the keys against what the
 * generator hands templates.
 */

describe('the collections templates read', () => {
  it('are typed from the registry: each collection’s summaries under its folder, and nothing else', () => {
    expectTypeOf<SiteCollections>().toEqualTypeOf<{ readonly articles: readonly ArticleSummary[]; readonly legal: readonly LegalSummary[] }>();
    const folders = { articles: true, legal: true } satisfies Record<keyof SiteCollections, true>;
    expect(Object.keys(makeCollections([], { collections }))).toEqual(Object.keys(folders));
  });

  it('follow a collection added to or removed from a registry', () => {
    const events = defineCollection({
      name: 'event',
      folder: 'events',
      schema: z.strictObject({ title: z.string() }),
      route: (slug) => `/events/${slug}`,
      summary: ({ meta, slug }) => ({ title: meta.title, slug }),
      order: (a, b) => a.slug.localeCompare(b.slug),
      page: (event) => ({ head: { title: event.title, description: event.title } }),
      template: () => null,
    });
    const registry = [...collections, events];
    const all = collectionsOf<typeof registry>(makeCollections([], { collections: registry }));
    expectTypeOf(all.events).toEqualTypeOf<readonly { title: string; slug: string }[]>();
    expect(Object.keys(all)).toEqual(['articles', 'legal', 'events']);
    expectTypeOf<keyof CollectionsOf<[typeof events]>>().toEqualTypeOf<'events'>();
  });
});

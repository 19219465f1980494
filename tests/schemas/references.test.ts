import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { assetPath, href, link } from '../../src/schemas/common.ts';
import { referencesIn } from '../../src/schemas/references.ts';

/** `kind path url` for each reference found, in a stable order. */
const found = (schema: z.ZodType, value: unknown) =>
  referencesIn(schema, value)
    .map(({ kind, path, url }) => `${kind} ${path.join('.')} ${url}`)
    .sort();

describe('links and images are found by their fields’ types, not their names', () => {
  it('finds fields typed href or assetPath whatever they are called, described or not', () => {
    const schema = z.strictObject({ backdrop: assetPath.describe('A backdrop.'), next: href, label: z.string(), src: z.string() });
    expect(found(schema, { backdrop: '/images/b.svg', next: '/pricing', label: '/not-a-link', src: '/images/plain-string.svg' })).toEqual([
      'asset backdrop /images/b.svg',
      'link next /pricing',
    ]);
  });

  it('walks optionals, nullables, defaults, transforms, arrays, tuples, records, intersections and lazy schemas', () => {
    const schema = z.object({
      optional: assetPath.optional(),
      nullable: href.nullable(),
      defaulted: href.default('/'),
      transformed: href.transform((s) => s.toUpperCase()),
      list: z.array(link),
      pair: z.tuple([z.string(), assetPath]),
      byName: z.record(z.string(), z.object({ logo: assetPath })),
      both: z.intersection(z.object({ a: href }), z.object({ b: assetPath })),
      later: z.lazy(() => z.object({ to: href })),
    });
    const value = {
      optional: '/o.svg',
      nullable: '/n',
      defaulted: '/d',
      transformed: '/t',
      list: [
        { label: 'One', href: '/one' },
        { label: 'Two', href: '/two' },
      ],
      pair: ['name', '/p.png'],
      byName: { acme: { logo: '/acme.svg' } },
      both: { a: '/a', b: '/b.svg' },
      later: { to: '/later' },
    };
    expect(found(schema, value)).toEqual([
      'asset both.b /b.svg',
      'asset byName.acme.logo /acme.svg',
      'asset optional /o.svg',
      'asset pair.1 /p.png',
      'link both.a /a',
      'link defaulted /d',
      'link later.to /later',
      'link list.0.href /one',
      'link list.1.href /two',
      'link nullable /n',
      'link transformed /t',
    ]);
  });

  it('walks the option of a discriminated union its discriminator names', () => {
    const block = z.discriminatedUnion('type', [
      z.strictObject({ type: z.literal('hero'), image: assetPath }),
      z.strictObject({ type: z.literal('tile'), image: z.string() }),
    ]);
    expect(
      found(z.array(block), [
        { type: 'tile', image: '/not-an-asset.svg' },
        { type: 'hero', image: '/hero.svg' },
      ]),
    ).toEqual(['asset 1.image /hero.svg']);
  });

  it('walks the first option of a union that accepts the value, as parsing does', () => {
    const target = z.union([z.strictObject({ page: href }), z.strictObject({ page: z.string(), external: z.literal(true) })]);
    expect(found(target, { page: '/about' })).toEqual(['link page /about']);
    expect(found(target, { page: 'elsewhere', external: true })).toEqual([]);
  });

  it('still finds the references of a value that fails its schema, through every option when none accepts it', () => {
    const block = z.discriminatedUnion('type', [
      z.strictObject({ type: z.literal('hero'), image: assetPath }),
      z.strictObject({ type: z.literal('cta'), href }),
    ]);
    expect(found(z.array(block), [{ type: 'hero', image: '/hero.svg', unknown: '/x' }, { type: 'hreo', href: '/typo' }, 'not a block'])).toEqual([
      'asset 0.image /hero.svg',
      'link 1.href /typo',
    ]);
    expect(found(z.strictObject({ logo: assetPath }), { logo: 42, other: '/o.svg' })).toEqual([]);
  });
});

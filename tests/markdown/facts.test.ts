import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ImageSource } from '../../src/islands/images.tsx';
import { factsOf } from '../../src/markdown/facts.ts';
import { parseMarkdown } from '../../src/markdown/parse.ts';
import { assetPath, href, text } from '../../src/schemas/common.ts';

const sizes: Record<string, ImageSource> = { '/images/cover.svg': { src: '/images/cover.svg', width: 1200, height: 630 } };
const sizeOf = (url: string) => sizes[url];

/** A collection whose frontmatter has image and link fields under names no list knows. */
const collection = {
  name: 'note',
  schema: z.strictObject({ title: text, cover: assetPath, gallery: z.array(z.strictObject({ src: assetPath })).optional(), source: href.optional() }),
};

const factsOfFile = (frontmatter: string) => factsOf(collection, 'n', parseMarkdown('note.md', `---\n${frontmatter}\n---\n\n[body](/about)\n`, sizeOf), sizeOf);

describe('the frontmatter’s images and links are its fields typed assetPath and href', () => {
  it('lists them with their places, after the body’s, and describes the top-level images for templates', () => {
    const facts = factsOfFile('title: T\ncover: /images/cover.svg\ngallery:\n  - src: /images/one.svg\nsource: /pricing');
    expect(facts.images.map(({ url, line, column }) => `${line}:${column} ${url}`)).toEqual(['3:8 /images/cover.svg', '5:10 /images/one.svg']);
    expect(facts.links.map(({ url, line, column }) => `${line}:${column} ${url}`)).toEqual(['9:1 /about', '6:9 /pricing']);
    expect(facts.imageSources).toEqual({ cover: sizes['/images/cover.svg'] });
  });

  it('lists them in a file whose frontmatter fails its schema too', () => {
    const facts = factsOfFile('title: T\ncover: /images/missing.svg\nsource: /pricing\ncolour: red');
    expect(facts.meta).toBeUndefined();
    expect(facts.images.map((i) => i.url)).toEqual(['/images/missing.svg']);
    expect(facts.links.map((l) => l.url)).toEqual(['/about', '/pricing']);
  });
});

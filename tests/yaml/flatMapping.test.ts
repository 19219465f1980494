import { describe, expect, it } from 'vitest';
import { flatMapping } from '../../src/yaml/flatMapping.ts';
import { documentSource, parseYaml } from '../../src/yaml/yamlSource.ts';

/** A seeded generator (mulberry32): the same texts every run. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const KEYS = [
  'title',
  'date',
  'author',
  'excerpt',
  'category',
  'thumbnail',
  'tags',
  'featured',
  'draft',
  'x_y',
  'a-b',
  'null',
  'True',
  'Null',
  'on',
  'bad key',
  '2k',
  '-k',
  'k:',
  'é',
];
const VALUES = [
  // what articles hold
  'Erin Walsh',
  "O'Brien",
  '2025-08-12',
  '/images/articles/matchday-activation-checklist.jpg',
  '"A Matchday Activation Checklist for Partnership Teams"',
  '"What to confirm, on the day itself: and after — 48 hours"',
  "'single quoted'",
  '[activation, fulfillment]',
  '[]',
  '[ a , b ]',
  'Case Study',
  'true',
  'false',
  '(draft) notes',
  'Déjà vu ’quoted’ 😀',
  // what YAML reads otherwise, or refuses (from ARTICLE_VALUES on)
  '12',
  '-3',
  '+1',
  '1.5',
  '.5',
  '1e3',
  '0x1F',
  '0o17',
  '.inf',
  '-.Inf',
  '.NaN',
  'null',
  'Null',
  '~',
  'TRUE',
  'False',
  'yes',
  'no',
  'on',
  'a: b',
  'a:b',
  'ends:',
  'a # comment',
  'a#b',
  '"esc \\" quote"',
  '"tab\\there"',
  "'it''s'",
  '"unclosed',
  "'unclosed",
  '[a, , b]',
  '[a, b,]',
  '[1, 2]',
  '[a, true]',
  '[a, [b]]',
  '[a, "b"]',
  '{a: 1}',
  '- item',
  '? key',
  '| block',
  '> folded',
  '&anchor value',
  '*alias',
  '!tag value',
  '%directive',
  '@at',
  '`tick`',
  'trailing   ',
  'in\tside',
  'line\u2028separator',
  'next\u0085line',
  'bom\ufeff',
  '',
];

const ARTICLE_VALUES = 15;

function text(next: () => number): string {
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const lines: string[] = [];
  // Mostly what articles hold, so that many texts are read flat and compared.
  const value = () => (next() < 0.85 ? pick(VALUES.slice(0, ARTICLE_VALUES)) : pick(VALUES));
  const count = 1 + Math.floor(next() * 6);
  for (let i = 0; i < count; i++) {
    const roll = next();
    if (roll < 0.03) lines.push('');
    else if (roll < 0.05) lines.push('# a comment');
    else if (roll < 0.07) lines.push(`  ${pick(KEYS)}: ${value()}`);
    else lines.push(`${next() < 0.9 ? pick(KEYS.slice(0, 9)) : pick(KEYS)}:${next() < 0.1 ? '   ' : next() < 0.05 ? '' : ' '}${value()}`);
  }
  return lines.join(next() < 0.05 ? '\r\n' : '\n');
}

describe('flatMapping', () => {
  it('reads what the YAML library reads, with the same places, or leaves the text to it (2,000 seeded texts)', () => {
    const next = random(48);
    let flat = 0;
    for (let i = 0; i < 2000; i++) {
      const written = text(next);
      const read = flatMapping(written);
      if (!read) continue;
      flat++;
      const library = documentSource('content/articles/a.md', written, 1);
      expect(library.errors, written).toEqual([]);
      expect(read.data, written).toStrictEqual(library.data);
      const source = parseYaml('content/articles/a.md', written, 1);
      for (const key of Object.keys(read.data)) {
        expect(source.locate([key]), `${written}\n${key}`).toEqual(library.locate([key]));
        expect(source.locate([key], 'key'), `${written}\n${key}`).toEqual(library.locate([key], 'key'));
      }
      // A path it did not read itself, answered by the library's document.
      expect(source.locate(['tags', 1])).toEqual(library.locate(['tags', 1]));
      expect(source.locate(['missing'])).toEqual(library.locate(['missing']));
    }
    // Enough of them read flat that both readings are compared, and enough left to the library.
    expect(flat).toBeGreaterThan(300);
    expect(flat).toBeLessThan(1700);
  });

  it("reads an article's frontmatter as the README writes it", () => {
    const frontmatter = [
      'title: "A Matchday Activation Checklist for Partnership Teams"',
      'date: 2025-08-12',
      'author: Erin Walsh',
      'excerpt: "What to confirm with a partner in the week before a home game, on the day itself and in the forty-eight hours after, so every activation is delivered and proven."',
      'category: Partnerships',
      'thumbnail: /images/articles/matchday-activation-checklist.jpg',
      'thumbnailAlt: "Partner staff handing out branded scarves at a stadium gate before kick-off"',
      'tags: [activation, fulfillment]',
      'featured: true',
    ].join('\n');
    expect(flatMapping(frontmatter)?.data).toStrictEqual(documentSource('a.md', frontmatter, 1).data);
  });

  it('leaves a key set twice to the library, which reports it', () => {
    const written = 'title: One\ntitle: Two';
    expect(flatMapping(written)).toBeUndefined();
    expect(parseYaml('a.md', written, 1).errors.map((e) => e.rule)).toEqual(['yaml-syntax']);
  });
});

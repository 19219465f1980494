import { describe, expect, it } from 'vitest';
import { codeKeys, reachable, type CodeMap } from '../../../src/pipeline/cache/codeKeys.ts';

/** A site shaped like the real one: the index declares a collection whose template is a page module, and YAML page templates. */
const imports: CodeMap['imports'] = {
  'templates/index.ts': [
    'src/model.ts',
    'templates/collections/articles.ts',
    'templates/layouts/Layout.tsx',
    'templates/markdown/Markdown.tsx',
    'templates/pages/Blocks.tsx',
    'templates/pages/BlogIndex.tsx',
  ],
  'templates/collections/articles.ts': ['src/model.ts', 'templates/pages/Article.tsx', 'templates/schemas/article.ts'],
  'templates/pages/Article.tsx': ['templates/components/ArticleCard.tsx', 'templates/components/dates.ts'],
  'templates/pages/BlogIndex.tsx': ['templates/components/ArticleCard.tsx', 'templates/pages/blogData.ts'],
  'templates/pages/Blocks.tsx': ['templates/blocks/pricing.tsx'],
  'templates/components/ArticleCard.tsx': ['templates/components/dates.ts'],
  'templates/layouts/Layout.tsx': ['templates/components/Header.tsx'],
  'templates/markdown/Markdown.tsx': ['src/model.ts'],
};
const files = Object.fromEntries(
  [...new Set([...Object.keys(imports), ...Object.values(imports).flat(), 'src/render/renderPage.tsx', 'package-lock.json', 'templates/styles.css'])].map(
    (file) => [file, `hash of ${file}`],
  ),
);
const edited = (file: string): CodeMap => ({ files: { ...files, [file]: `${files[file]}, edited` }, imports });

const ARTICLES = 'templates/collections/articles.ts';
const BLOCKS = 'templates/pages/Blocks.tsx';
const BLOG = 'templates/pages/BlogIndex.tsx';

/** Which keys an edit of `file` changes: shared, each declaring module's, and the unknown module's. */
function changedBy(file: string) {
  const before = codeKeys({ files, imports });
  const after = codeKeys(edited(file));
  return {
    shared: before.shared !== after.shared,
    articles: before.declaredIn(ARTICLES) !== after.declaredIn(ARTICLES),
    blocks: before.declaredIn(BLOCKS) !== after.declaredIn(BLOCKS),
    blog: before.declaredIn(BLOG) !== after.declaredIn(BLOG),
    unknown: before.declaredIn(undefined) !== after.declaredIn(undefined),
  };
}

describe('code keys', () => {
  it("change only the pages of the template whose code an edit is in, and the unknown module's", () => {
    expect(changedBy('templates/pages/Article.tsx')).toEqual({ shared: false, articles: true, blocks: false, blog: false, unknown: true });
    expect(changedBy('templates/blocks/pricing.tsx')).toEqual({ shared: false, articles: false, blocks: true, blog: false, unknown: true });
    expect(changedBy('templates/pages/blogData.ts')).toEqual({ shared: false, articles: false, blocks: false, blog: true, unknown: true });
    // A component two templates use changes both.
    expect(changedBy('templates/components/ArticleCard.tsx')).toEqual({ shared: false, articles: true, blocks: false, blog: true, unknown: true });
  });

  it('change for every page and every analysis when the layout, the markdown components, the schemas, the generator or the dependencies change', () => {
    for (const file of [
      'templates/layouts/Layout.tsx',
      'templates/components/Header.tsx',
      'templates/markdown/Markdown.tsx',
      'templates/schemas/article.ts',
      'templates/index.ts',
      'src/model.ts',
      'src/render/renderPage.tsx',
      'package-lock.json',
    ]) {
      expect(changedBy(file), file).toEqual({ shared: true, articles: true, blocks: true, blog: true, unknown: true });
    }
  });

  it('stay the same when only the stylesheet changes (it is compiled apart)', () => {
    expect(changedBy('templates/styles.css')).toEqual({ shared: false, articles: false, blocks: false, blog: false, unknown: true });
  });

  it('follow imports to their end, through cycles', () => {
    const cyclic = { a: ['b'], b: ['c'], c: ['a', 'd'] };
    expect([...reachable(cyclic, 'a')].sort()).toEqual(['a', 'b', 'c', 'd']);
    expect([...reachable(cyclic, 'a', (file) => file === 'c')].sort()).toEqual(['a', 'b']);
  });
});

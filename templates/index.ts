import type { TemplateSet } from '../src/model.ts';
import { Layout } from './layouts/Layout.tsx';
import { Markdown } from './markdown/Markdown.tsx';
import { Article } from './pages/Article.tsx';
import { BlogIndex } from './pages/BlogIndex.tsx';
import { Blocks } from './pages/Blocks.tsx';
import { LegalDocument } from './pages/LegalDocument.tsx';
import { LegalIndex } from './pages/LegalIndex.tsx';
import { NotFound } from './pages/NotFound.tsx';

/** The templates a page in content/pages/*.yaml can name with `template:`, and the collection templates. */
export const templates: TemplateSet = {
  pages: {
    blocks: Blocks,
    'blog-index': BlogIndex,
    'legal-index': LegalIndex,
    'not-found': NotFound,
  },
  Article,
  LegalDocument,
  Layout,
  Markdown,
};

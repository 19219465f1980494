import { z } from 'zod';
import { text } from './common.ts';

/** The keys every page in content/pages/ has, whatever its template; the template's schema adds its own. */
export const pageHead = z.object({
  template: text.describe('The template that renders this page; its other keys are the template’s own.'),
  title: text.describe('The page’s title: the browser tab and search results show it, followed by the site’s name.'),
  description: text.describe('One or two sentences for search results and link previews (the meta description).'),
});

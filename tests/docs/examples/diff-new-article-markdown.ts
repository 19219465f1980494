import { newArticleDiff } from '../../helpers/newArticle.ts';

/** `sitegen diff` of one new article against the real site, as the Markdown of a pull-request comment. */
export default () => newArticleDiff(['--format', 'markdown']);

import { newArticleDiff } from '../../helpers/newArticle.ts';

/** `sitegen diff` of one new article against the real site, as text with links into a preview. */
export default () => newArticleDiff([]);

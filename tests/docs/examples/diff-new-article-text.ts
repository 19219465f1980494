import { newArticleDiff } from '../../helpers/newArticle.ts';

/** `sitegen diff` of one new article against a site of a dozen articles (tests/helpers/newArticle.ts `exampleProject`), as text with links into a preview. */
export default () => newArticleDiff([]);

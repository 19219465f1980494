import { newArticleDiff } from '../../helpers/newArticle.ts';

/** `sitegen diff` of one new article against a site of a dozen articles (tests/helpers/newArticle.ts `exampleProject`), as the Markdown of a pull-request comment. */
export default () => newArticleDiff(['--format', 'markdown']);

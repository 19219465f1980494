import { newArticleDiff } from '../../helpers/newArticle.ts';

/** `sitegen diff` of a new article, a draft and a scheduled article against a site of a dozen articles (tests/helpers/newArticle.ts `exampleProject`): the two only the preview shows are listed apart, marked. */
export default () => newArticleDiff([], { unreleased: true });

import path from 'node:path';
import { unpublishedArticle as article, withEnv, withExampleSite } from '../../helpers/docExamples.ts';

/** The day of the build: December 1, 2026. */
const EPOCH = String(Date.UTC(2026, 11, 1) / 1000);

/**
 * A plain build of content with a draft and an article scheduled for December 15, built on
 * December 1: the summary, then what it held back. The summary's figures (its time above all)
 * change from one build to the next, so they are shown as `…`.
 */
export default () =>
  withExampleSite(async (copy) => {
    await copy.write('articles/renewal-season.md', article('Renewal Season: A Checklist for the Last Ninety Days of a Deal', '2026-11-20', true));
    await copy.write('articles/season-preview.md', article('The Season Ahead: What Sponsors Ask For in 2027', '2026-12-15'));
    // Relative to where sitegen runs, as `dist` is: the copy's folder is then dropped from the summary.
    const out = path.relative(process.cwd(), path.join(copy.dir, 'dist'));
    const { code, stderr } = await withEnv({ SOURCE_DATE_EPOCH: EPOCH }, () => copy.run('build', '--out', out));
    const summary = /^built \d+ pages(, \d+ redirects?)? and \d+ assets \([^)]+\) into dist in \d+ ms\n/;
    if (code !== 0 || !summary.test(stderr)) throw new Error(`the build did not end with its summary:\n${stderr}`);
    return `$ SOURCE_DATE_EPOCH=${EPOCH} npx sitegen build\n${stderr.replace(summary, 'built … pages and … assets (…) into dist in … ms\n')}`;
  });

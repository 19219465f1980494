import { linkToUnpublished, withExampleSite, withEnv } from '../../helpers/docExamples.ts';

/** The day of the build: December 1, 2026. */
const EPOCH = String(Date.UTC(2026, 11, 1) / 1000);

/** A published article that links to one scheduled for December 15, 2026, checked on December 1 (SOURCE_DATE_EPOCH). */
export default () =>
  withExampleSite(async (copy) => {
    await linkToUnpublished(copy, { date: '2026-12-15' });
    const { stdout } = await withEnv({ SOURCE_DATE_EPOCH: EPOCH }, () => copy.run('check'));
    return `$ SOURCE_DATE_EPOCH=${EPOCH} npx sitegen check\n${stdout}`;
  });

import { withContentCopy, withEnv } from '../../helpers/docExamples.ts';

const SCHEDULED = `---
title: "Renewal Season: A Checklist for the Last Ninety Days of a Deal"
date: 2026-12-15
author: Erin Walsh
excerpt: "What to gather, whom to call and which numbers to lead with in the three months before a sponsorship agreement ends."
category: Strategy
thumbnail: /images/articles/value-banks.svg
thumbnailAlt: "App card with a line chart of delivered value rising above contracted value"
---

Renewals are won in the season before they are signed.
`;

/** A published article that links to one scheduled for December 15, 2026, checked on December 1, 2026 (SOURCE_DATE_EPOCH). */
export default () =>
  withContentCopy(async (copy) => {
    await copy.write('articles/renewal-season.md', SCHEDULED);
    await copy.edit('articles/birds-eye-view.md', (t) => t.replace('[value banks](/articles/value-banks)', '[renewal checklist](/articles/renewal-season)'));
    const { stderr } = await withEnv({ SOURCE_DATE_EPOCH: String(Date.UTC(2026, 11, 1) / 1000) }, () => copy.run('check'));
    return `$ SOURCE_DATE_EPOCH=${Date.UTC(2026, 11, 1) / 1000} npx sitegen check\n${stderr}`;
  });

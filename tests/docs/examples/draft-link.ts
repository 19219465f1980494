import { withContentCopy } from '../../helpers/docExamples.ts';

const DRAFT = `---
title: "Renewal Season: A Checklist for the Last Ninety Days of a Deal"
date: 2024-05-14
author: Erin Walsh
excerpt: "What to gather, whom to call and which numbers to lead with in the three months before a sponsorship agreement ends."
category: Strategy
thumbnail: /images/articles/value-banks.svg
thumbnailAlt: "App card with a line chart of delivered value rising above contracted value"
draft: true
---

Renewals are won in the season before they are signed.
`;

/** A published article that links to a draft: the link is an error in a production check. */
export default () =>
  withContentCopy(async (copy) => {
    await copy.write('articles/renewal-season.md', DRAFT);
    await copy.edit('articles/birds-eye-view.md', (t) => t.replace('[value banks](/articles/value-banks)', '[renewal checklist](/articles/renewal-season)'));
    const { stderr } = await copy.run('check');
    return `$ npx sitegen check\n${stderr}`;
  });

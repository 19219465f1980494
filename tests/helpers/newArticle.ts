import { writeFile } from 'node:fs/promises';
import { projectCopy, type Project } from './project.ts';

/** Where the article of `NEW_ARTICLE` goes in the project. */
export const NEW_ARTICLE_FILE = 'content/articles/renewal-conversations.md';

/** An article a pull request adds to the site, as an editor writes one: the change a reviewer most often reads the diff of. */
export const NEW_ARTICLE = `---
title: "Renewal Conversations That Start in Week One"
date: 2025-11-03
author: Priya Nair
excerpt: "A renewal is decided long before the contract ends. How to open the conversation early, keep proof of delivery at hand and walk into the meeting with a number."
category: Strategy
thumbnail: /images/articles/value-banks.svg
thumbnailAlt: "App card with a line chart of delivered value rising above contracted value"
tags: [renewals, fulfillment, strategy]
---

A sponsorship renewal is rarely won in the last month of a contract. By then the partner has already formed a view of the deal from a season of reports, kept or missed promises and the tone of every call. Properties that renew well treat the renewal as a thread that runs through the whole term, not as a meeting at the end of it.

## Write down what the partner bought

In the first week of a deal, write down in the partner's own words what they bought it to achieve: more trial of a product in the region, staff pride, hospitality for their best clients. Keep that list beside every report you send. When the renewal comes, the question is not "did we deliver the signage" but "did the deal do what you bought it for", and only that list lets you answer it.

## Keep the proof as you go

Photographs of activations, screenshots of posts with their reach, hospitality guest lists and survey results are easy to collect on the day and almost impossible to rebuild months later. File them against the contract's deliverables as they happen, so that a fulfillment report is a matter of printing, not of searching. Listed against each asset, as [a first inventory](/articles/first-steps) lists them, they add up to a balance the partner can see.

## Talk about next season in the middle of this one

The best moment to raise the renewal is mid-season, when results are visible and budgets for next year are still being drafted. Share what has worked, ask what the partner would change, and float one new idea. A partner who has helped shape next season's package is already halfway to signing it.

## Walk in with a number

Arrive at the renewal meeting with a proposed price and the reasoning behind it: what was delivered against what was contracted, how the audience grew, and what the new idea adds. A clear number invites negotiation around it; no number invites the partner to name one, and theirs will be lower.
`;

/** A draft and an article scheduled for a day after the tests' build day (2026-01-01), made from the new article: file → text. */
export const UNRELEASED_ARTICLES: Record<string, string> = {
  'content/articles/hospitality-budgets.md': unreleased('Hospitality Budgets That Survive a Bad Season', 'date: 2025-11-03\ndraft: true'),
  'content/articles/sponsor-recall.md': unreleased('Measuring Sponsor Recall at Community Events', 'date: 2026-03-02'),
};

function unreleased(title: string, dateLines: string): string {
  return NEW_ARTICLE.replace(/^title: .*$/m, `title: "${title}"`).replace(/^date: .*$/m, dateLines);
}

/**
 * The fixture site with ten synthetic articles, enough for three pages of the blog and related
 * articles in each category: a site built from files of the tests alone, which no editor changes.
 */
export const exampleProject = () => projectCopy({ content: 'fixture', articles: 10 });

/** `exampleProject` built as it is (`base`) and with the new article and `more` files (`added`), in a private copy of the project that the caller removes. */
export async function buildWithNewArticle(more: Record<string, string> = {}): Promise<Project> {
  const project = await exampleProject();
  const build = async (out: string) => {
    const result = await project.run(['build', '--out', out]);
    if (result.code !== 0) throw new Error(`sitegen build --out ${out}: ${result.stderr}`);
  };
  await build('base');
  for (const [file, text] of Object.entries({ [NEW_ARTICLE_FILE]: NEW_ARTICLE, ...more })) await writeFile(project.file(file), text);
  await build('added');
  return project;
}

/** Where the docs' examples preview a pull request. */
export const EXAMPLE_PREVIEW = 'https://touchline-previews.example/pr-42';

/**
 * The two builds `newArticleDiff` compares, by whether they have the unreleased articles: made
 * once in a test file, however many formats its examples print them in, until the file removes
 * them (`removeNewArticleBuilds`).
 */
const builtPairs = new Map<boolean, Promise<Project>>();

function builtPair(unreleased: boolean): Promise<Project> {
  let pair = builtPairs.get(unreleased);
  if (!pair) {
    pair = buildWithNewArticle(unreleased ? UNRELEASED_ARTICLES : {});
    builtPairs.set(unreleased, pair);
  }
  return pair;
}

/** Removes the builds `newArticleDiff` made in this test file. */
export async function removeNewArticleBuilds(): Promise<void> {
  const pairs = [...builtPairs.values()];
  builtPairs.clear();
  await Promise.all(pairs.map((pair) => pair.then((project) => project.remove()).catch(() => undefined)));
}

/** What `sitegen diff base added --preview-url EXAMPLE_PREVIEW` prints with `args`, from the two builds of `exampleProject`; `unreleased` adds the draft and the scheduled article to the second. */
export async function newArticleDiff(args: string[], options: { unreleased?: boolean } = {}): Promise<string> {
  const project = await builtPair(Boolean(options.unreleased));
  const result = await project.run(['diff', 'base', 'added', ...args, '--preview-url', EXAMPLE_PREVIEW]);
  if (result.code !== 0) throw new Error(`sitegen diff: ${result.stderr}`);
  return result.stdout;
}

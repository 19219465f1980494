import { cp, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fixtureCopy, runCli } from './fixture.ts';

/**
 * A private copy of the fixture site (tests/fixtures/site) in `TMP/content`, for an example in
 * the docs to break as an editor would: never the real content, which editors change at will. What
 * the tool prints names its files relative to the current folder, so `shown` drops the temp folder
 * from every path: `content/articles/first-steps.md` reads as in a project.
 */
export async function exampleSite() {
  const fx = await fixtureCopy();
  const { dir, content } = fx;
  const prefix = `${path.relative(process.cwd(), dir)}${path.sep}`;
  return {
    ...fx,
    /** Changes a file of the copy; an edit that finds nothing to change fails, as the example would then show nothing. */
    async edit(rel: string, change: (text: string) => string) {
      const file = path.join(content, rel);
      const text = await readFile(file, 'utf8').catch(() => {
        throw new Error(`tests/fixtures/site/${rel} is gone: the example no longer shows what it says; make it edit another file`);
      });
      const changed = change(text);
      if (changed === text) throw new Error(`the edit of ${rel} changed nothing: the example no longer shows what it says`);
      await writeFile(file, changed);
    },
    /** Runs `sitegen ARGS` in-process on the copy (`--content` added) and returns its output with the copy's folder dropped from paths. */
    async run(...args: string[]) {
      const result = await runCli(...args, '--content', content);
      // Relative paths lose the copy's folder; an absolute one, if a message has one, shows it as `…`.
      const shown = (text: string) => text.split(prefix).join('').split(dir).join('…');
      return { code: result.code, stdout: shown(result.stdout), stderr: shown(result.stderr) };
    },
  };
}

export type ExampleSite = Awaited<ReturnType<typeof exampleSite>>;

/** Runs `example` on a copy of the fixture site, and removes the copy whatever happens. */
export async function withExampleSite(example: (copy: ExampleSite) => Promise<string>): Promise<string> {
  const copy = await exampleSite();
  try {
    return await example(copy);
  } finally {
    await copy.remove();
  }
}

/**
 * The problems the examples of the output formats show, made in `copy`: an article saved a second
 * time under another name (a warning at each title), then its category misspelt (an error).
 */
export async function formatExampleProblems(copy: ExampleSite) {
  await cp(copy.file('articles/second-look.md'), copy.file('articles/second-look-2.md'));
  await misspellCategory(copy);
}

/** An article's category misspelt, one letter short of one allowed (Analytics). */
export const misspellCategory = (copy: ExampleSite) => copy.edit('articles/second-look.md', (t) => t.replace('category: Strategy', 'category: Analytic'));

/** Runs `example` with `vars` set in the environment, as a CI runner sets them, and restores it after. */
export async function withEnv<T>(vars: Record<string, string>, example: () => Promise<T>): Promise<T> {
  const before = Object.fromEntries(Object.keys(vars).map((key) => [key, process.env[key]]));
  Object.assign(process.env, vars);
  try {
    return await example();
  } finally {
    for (const [key, value] of Object.entries(before)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
}

/** An article's file that is not published yet: a draft, or dated after the day of the build. */
export const unpublishedArticle = (title: string, date: string, draft = false) =>
  [
    '---',
    `title: "${title}"`,
    `date: ${date}`,
    'author: Erin Walsh',
    'excerpt: "What to gather, whom to call and which numbers to lead with in the three months before a sponsorship agreement ends."',
    'category: Strategy',
    'thumbnail: /images/articles/value-banks.svg',
    'thumbnailAlt: "App card with a line chart of delivered value rising above contracted value"',
    ...(draft ? ['draft: true'] : []),
    '---',
    '',
    'Renewals are won in the season before they are signed.',
    '',
  ].join('\n');

/**
 * A new article that is not published yet (a draft, or dated after the day of the build), made in
 * `copy`, and a link to it from `first-steps.md`, which is published.
 */
export async function linkToUnpublished(copy: ExampleSite, { date, draft }: { date: string; draft?: true }) {
  await copy.write('articles/renewal-season.md', unpublishedArticle('Renewal Season: A Checklist for the Last Ninety Days of a Deal', date, draft));
  await copy.edit('articles/first-steps.md', (t) =>
    t.replace('[the second article](/articles/second-look)', '[the renewal checklist](/articles/renewal-season)'),
  );
}

import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { runCli } from './fixture.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * A private copy of the project's real content in `TMP/content`, for an example in the docs to
 * break as an editor would. What the tool prints names its files relative to the current folder,
 * so `shown` drops the temp folder from every path: `content/articles/value-banks.md` reads as in
 * the project.
 */
export async function contentCopy() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sitegen-docs-'));
  const content = path.join(dir, 'content');
  await cp(path.join(ROOT, 'content'), content, { recursive: true });
  const prefix = `${path.relative(process.cwd(), dir)}${path.sep}`;
  return {
    dir,
    content,
    file: (rel: string) => path.join(content, rel),
    write: (rel: string, text: string) => writeFile(path.join(content, rel), text),
    async edit(rel: string, change: (text: string) => string) {
      const file = path.join(content, rel);
      const text = await readFile(file, 'utf8').catch(() => {
        throw new Error(`content/${rel} is gone: the example no longer shows what it says; make it edit another file`);
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
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}

/** Runs `example` on a copy of the real content, and removes the copy whatever happens. */
export async function withContentCopy(example: (copy: Awaited<ReturnType<typeof contentCopy>>) => Promise<string>): Promise<string> {
  const copy = await contentCopy();
  try {
    return await example(copy);
  } finally {
    await copy.remove();
  }
}

/**
 * The problems the examples of the output formats show, made in `copy`: a misspelt category (an
 * error) and an article saved a second time under another name (a warning at each title).
 */
export async function formatExampleProblems(copy: Awaited<ReturnType<typeof contentCopy>>) {
  await cp(copy.file('articles/birds-eye-view.md'), copy.file('articles/birds-eye-view-2.md')).catch(() => {
    throw new Error('content/articles/birds-eye-view.md is gone: the examples of the output formats copy it; make them copy another article');
  });
  await copy.edit('articles/value-banks.md', (t) => t.replace('category: Analytics', 'category: Analytic'));
}

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

/**
 * A new article that is not published yet (a draft, or dated after the day of the build), made in
 * `copy`, and a link to it from `birds-eye-view.md`, which is published.
 */
export async function linkToUnpublished(copy: Awaited<ReturnType<typeof contentCopy>>, { date, draft }: { date: string; draft?: true }) {
  const article = [
    '---',
    'title: "Renewal Season: A Checklist for the Last Ninety Days of a Deal"',
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
  ];
  await copy.write('articles/renewal-season.md', article.join('\n'));
  await copy.edit('articles/birds-eye-view.md', (t) => t.replace('[value banks](/articles/value-banks)', '[renewal checklist](/articles/renewal-season)'));
}

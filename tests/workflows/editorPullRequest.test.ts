import { spawn, spawnSync } from 'node:child_process';
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { markedBlocks } from '../helpers/docPages.ts';
import { projectCopy, type Project } from '../helpers/project.ts';
import { CREDENTIALS, s3Environment, startS3 } from '../helpers/s3.ts';

/**
 * An editor's pull request, played as the docs tell an editor to make it, then every command the
 * pull request's workflows run, read from the workflow files and run as the runner runs them
 * (bash, the workflow's, job's and step's env, GITHUB_ENV carried to later steps), against an
 * S3-compatible server for the buckets. The tests workflow does not run for such a pull request
 * (its paths), so the site workflow's check and builds are its gate: each must pass.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const WORKFLOWS = path.join(ROOT, '.github/workflows');
const PR = '42';

interface Step {
  name?: string;
  if?: string;
  run?: string;
  uses?: string;
  env?: Record<string, string>;
  'continue-on-error'?: boolean;
}
interface Job {
  if?: string;
  env?: Record<string, string>;
  steps: Step[];
}
interface Workflow {
  on: Record<string, { 'paths-ignore'?: string[]; paths?: string[] } | null>;
  env?: Record<string, string>;
  jobs: Record<string, Job>;
}
const workflow = (name: string) => parseYaml(readFileSync(path.join(WORKFLOWS, name), 'utf8')) as Workflow;

let project: Project;
let s3: Awaited<ReturnType<typeof startS3>>;

const EDITOR = {
  GIT_AUTHOR_NAME: 'Editor',
  GIT_AUTHOR_EMAIL: 'editor@touchline.example',
  GIT_COMMITTER_NAME: 'Editor',
  GIT_COMMITTER_EMAIL: 'editor@touchline.example',
};
const git = (...args: string[]) => spawnSync('git', args, { cwd: project.root, encoding: 'utf8', env: { ...process.env, ...EDITOR } });

/** What `${{ … }}` stands for in this pull request's run: a store (S3_ENDPOINT set) that is the local server. */
const expressions = (): Record<string, string> => ({
  'vars.SITE_BUCKET': 'www-touchline-example',
  'vars.PREVIEW_BUCKET': 'touchline-previews-example',
  'vars.PREVIEW_URL': 'https://touchline-previews.example',
  'vars.AWS_REGION': 'us-east-1',
  'vars.S3_ENDPOINT': s3.endpoint(),
  'vars.AWS_PREVIEW_ROLE_ARN': '',
  'secrets.S3_PREVIEW_ACCESS_KEY_ID': CREDENTIALS.accessKeyId,
  'secrets.S3_PREVIEW_SECRET_ACCESS_KEY': CREDENTIALS.secretAccessKey,
  'github.event.pull_request.number': PR,
  'github.event.pull_request.head.repo.full_name == github.repository': 'true',
  "github.event_name == 'pull_request'": 'true',
});

function filled(text: string): string {
  const values = expressions();
  return text.replace(/\$\{\{\s*(.*?)\s*\}\}/g, (_, expression: string) => {
    if (!(expression in values)) throw new Error(`no value for \${{ ${expression} }} in an editor's pull request: add one to expressions()`);
    return values[expression]!;
  });
}

/** A step's or job's `if:`, as the runner reads the forms the workflows use: `env.X == 'v'`, `!=`, `&&`, and the expressions above. */
function holds(condition: string | undefined, env: Record<string, string>): boolean {
  if (condition === undefined) return true;
  return condition.split('&&').every((part) => {
    const test = /^env\.(\w+) (==|!=) '([^']*)'$/.exec(part.trim());
    if (!test) return filled(`\${{ ${part.trim()} }}`) === 'true';
    const [, name, op, value] = test;
    return ((env[name!] ?? '') === value) === (op === '==');
  });
}

/** A file GITHUB_ENV names: NAME=value lines a step appends, for the steps after it. */
function readEnvFile(text: string): Record<string, string> {
  return Object.fromEntries(
    text
      .split('\n')
      .filter(Boolean)
      .map((line) => line.split(/=(.*)/s).slice(0, 2) as [string, string]),
  );
}

function bash(script: string, env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    // As the runner runs a `run:` step with `shell: bash`.
    const child = spawn('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', script], { cwd: project.root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => resolve({ code, output }));
  });
}

/** What each step of a job did: run (its exit and output), or skipped with why. */
interface StepResult {
  step: string;
  code?: number | null;
  output?: string;
  skipped?: string;
  /** Its failure does not fail the job (`continue-on-error`). */
  mayFail?: boolean;
}

/**
 * Runs `jobId` of `file` in the project copy. `uses:` steps are the runner's own (checkout, Node,
 * caches, credentials, the comment): the copy is the checkout, with the checkout's packages, which
 * `npm ci` installed, so the shared action's `npm ci` is left out too. `machine` is what the
 * runner's machine has in its environment.
 */
async function runJob(file: string, jobId: string, machine: Record<string, string> = {}): Promise<StepResult[]> {
  const { env: workflowEnv, jobs } = workflow(file);
  const job = jobs[jobId]!;
  const base: Record<string, string> = Object.fromEntries(Object.entries({ ...workflowEnv, ...job.env }).map(([k, v]) => [k, filled(String(v))]));
  expect(holds(job.if, base), `${file} › ${jobId} runs for a pull request of this repository`).toBe(true);
  const githubEnv = path.join(project.parent, `${jobId}.env`);
  const summary = path.join(project.parent, `${jobId}.summary.md`);
  await Promise.all([writeFile(githubEnv, ''), writeFile(summary, '')]);
  const results: StepResult[] = [];
  for (const step of job.steps) {
    const name = step.name ?? step.uses ?? step.run!;
    const carried = readEnvFile(await readFile(githubEnv, 'utf8'));
    const env = { ...base, ...carried };
    if (!holds(step.if, env)) {
      results.push({ step: name, skipped: `if: ${step.if}` });
      continue;
    }
    if (step.run === undefined) {
      results.push({ step: name, skipped: "the runner's action" });
      continue;
    }
    const stepEnv = Object.fromEntries(Object.entries(step.env ?? {}).map(([k, v]) => [k, filled(String(v))]));
    const processEnv: NodeJS.ProcessEnv = {
      ...process.env,
      ...machine,
      ...s3Environment(project.parent),
      ...env,
      ...stepEnv,
      GITHUB_ACTIONS: 'true',
      CI: 'true',
      GITHUB_ENV: githubEnv,
      GITHUB_STEP_SUMMARY: summary,
      NO_COLOR: '1',
    };
    // The runner's machine has no keys but those a step gives.
    if (!('AWS_ACCESS_KEY_ID' in carried)) delete processEnv.AWS_ACCESS_KEY_ID;
    if (!('AWS_SECRET_ACCESS_KEY' in carried)) delete processEnv.AWS_SECRET_ACCESS_KEY;
    const { code, output } = await bash(step.run, processEnv);
    results.push({ step: name, code, output, ...(step['continue-on-error'] && { mayFail: true }) });
  }
  return results;
}

/** The steps that ran, each with its exit, and its output when it failed. */
const outcomes = (results: StepResult[]) =>
  results.filter((r) => !r.skipped).map((r) => ({ step: r.step, code: r.code, output: r.code === 0 ? '' : r.output }));

beforeAll(async () => {
  [project, s3] = await Promise.all([projectCopy(), startS3()]);
  await Promise.all(['www-touchline-example', 'touchline-previews-example'].map((bucket) => s3.createWebsiteBucket(bucket)));
  expect(git('init', '-q').status).toBe(0);
}, 120_000);
afterAll(async () => {
  await s3?.destroy();
  await project?.remove();
});

describe("an editor's pull request, made as the docs say", () => {
  let changed: string[];
  let article: { slug: string; file: string };
  let renamed: { from: string; to: string };

  beforeAll(async () => {
    expect(git('add', '-A').status).toBe(0);
    expect(git('commit', '-qm', 'main').status).toBe(0);

    // README.md › Add an article and Add a page: each recipe saved where it says, the article's photo where its thumbnail says.
    const recipes = markedBlocks(readFileSync(path.join(ROOT, 'README.md'), 'utf8'), 'README.md', 'recipe');
    for (const recipe of recipes) await writeFile(project.file(recipe.name), `${recipe.text}\n`);
    const recipe = recipes.find((r) => r.name.startsWith('content/articles/'))!;
    article = { file: recipe.name, slug: path.basename(recipe.name, '.md') };
    const thumbnail = /^thumbnail: (\/images\/\S+)$/m.exec(recipe.text)![1]!;
    const photo = readdirSync(project.file('public/images/articles')).find((name) => name.endsWith('.jpg'))!;
    await mkdir(path.dirname(project.file(`public${thumbnail}`)), { recursive: true });
    await copyFile(project.file(`public/images/articles/${photo}`), project.file(`public${thumbnail}`));

    // docs/editors/redirects.md: an article renamed (git mv), its old address sent to the new one.
    const slug = readdirSync(project.file('content/articles'))
      .filter((name) => name.endsWith('.md') && name !== path.basename(article.file))
      .sort()[0]!
      .replace(/\.md$/, '');
    renamed = { from: `/articles/${slug}`, to: `/articles/${slug}-guide` };
    expect(git('mv', `content/articles/${slug}.md`, `content/articles/${slug}-guide.md`).status).toBe(0);
    await project.edit('content/redirects.yaml', (text) => `${text.trimEnd()}\n  - from: ${renamed.from}\n    to: ${renamed.to}\n    permanent: true\n`);

    // A price changed in content/pricing.yaml.
    await project.edit('content/pricing.yaml', (text) =>
      text.replace(
        /prices: \{ annual: (\d+), quarterly: (\d+) \}/,
        (_, annual: string, quarterly: string) => `prices: { annual: ${Number(annual) + 5}, quarterly: ${Number(quarterly) + 5} }`,
      ),
    );
    expect(git('add', '-A').status).toBe(0);
    changed = git('diff', '--cached', '--name-only', 'HEAD').stdout.trim().split('\n');
  }, 60_000);

  it('changes content and public/ only, so the tests workflow does not run for it', () => {
    expect(changed).toEqual(expect.arrayContaining([article.file, 'content/pricing.yaml', 'content/redirects.yaml']));
    const ignored = workflow('tests.yml').on.pull_request?.['paths-ignore'] ?? [];
    expect(
      ignored.every((glob) => /^[\w-]+\/\*\*$/.test(glob)),
      'folders only, which this test reads as prefixes',
    ).toBe(true);
    const tested = changed.filter((file) => !ignored.some((glob) => file.startsWith(glob.replace('**', ''))));
    expect(tested).toEqual([]);
  });

  it("passes every command of the site workflow's pull-request job, publishes the preview and lists the pages it changes, though Chromium crashes and the review fails", async () => {
    // A runner whose Chromium says its version and crashes at launch: the review fails (a real one is
    // rehearse.test.ts's), and the job, which lets it, goes on.
    const chromium = path.join(project.parent, 'crashing-chromium');
    await writeFile(chromium, '#!/bin/sh\n[ "$1" = --version ] && echo "Chromium 143.0.0.0" && exit 0\nexit 134\n', { mode: 0o755 });
    const results = await runJob('site.yml', 'pull-request', { CHROME_PATH: chromium });
    const review = results.find((r) => r.step.startsWith('Review the changed pages'))!;
    expect(review).toMatchObject({ mayFail: true });
    expect(review.code).not.toBe(0);
    expect(review.output).toContain(chromium);
    const others = outcomes(results.filter((r) => r !== review));
    expect(others).toEqual(others.map((r) => ({ ...r, code: 0, output: '' })));
    expect(results.filter((r) => r.skipped === undefined).length).toBeGreaterThanOrEqual(8);

    // The check annotated no error; the new article's shortness is a warning an editor sees on the diff.
    const check = results.find((r) => r.step === 'Check the content');
    expect(check?.output).toMatch(/^::warning file=content\/articles\//m);
    expect(check?.output).not.toMatch(/^::error/m);

    const pages = await readFile(project.file('pages.md'), 'utf8');
    expect(pages).toContain(`[\`/articles/${article.slug}\`](https://touchline-previews.example/pr-${PR}/articles/${article.slug})`);
    expect(pages).toContain(`/articles/${path.basename(renamed.to)}`);
    const preview = await s3.objects('touchline-previews-example');
    expect(Object.keys(preview)).toEqual(expect.arrayContaining([`pr-${PR}/articles/${article.slug}/index.html`, `pr-${PR}/index.html`]));
  }, 600_000);

  it('passes every command of the preview cleanup when it closes, which removes its preview', async () => {
    const results = await runJob('preview-cleanup.yml', 'remove-preview');
    expect(outcomes(results)).toEqual(outcomes(results).map((r) => ({ ...r, code: 0, output: '' })));
    expect(Object.keys(await s3.objects('touchline-previews-example')).filter((key) => key.startsWith(`pr-${PR}/`))).toEqual([]);
  }, 300_000);
});

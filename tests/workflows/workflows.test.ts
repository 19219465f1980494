import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { convertWorkflowTemplate, NoOperationTraceWriter, parseWorkflow, type WorkflowTemplate } from '@actions/workflow-parser';
import { parseAction } from '@actions/workflow-parser/actions/action-parser';
import { parse as shellWords } from 'shell-quote';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { fill } from '../../bin/awsPolicies.mjs';
import { checkVariablesCommand } from '../../bin/checkVariables.mjs';
import { manifestOfFolder } from '../../src/diff/pageManifest.ts';
import { LANES } from '../../vitest.config.ts';
import { parseOnly } from '../helpers/cliParse.ts';
import { runCli } from '../helpers/fixture.ts';
import { builtFixtureAndS3 } from '../helpers/s3.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const WORKFLOWS = path.join(ROOT, '.github/workflows');
const workflowFiles = readdirSync(WORKFLOWS)
  .filter((name) => /\.ya?ml$/.test(name))
  .sort();
const read = (file: string) => readFileSync(file, 'utf8');

/**
 * What each expression the workflows use stands for in a pull request's run, as the runner would
 * put it in: a new expression in a command line (or an env it reads) needs its value here.
 */
const PLAUSIBLE: Record<string, string> = {
  'vars.SITE_BUCKET': 'www-touchline-example',
  'vars.AWS_REGION': 'us-east-1',
  'vars.SITE_URL': 'https://www.touchline.example',
  'vars.PREVIEW_BUCKET': 'touchline-previews-example',
  'vars.PREVIEW_URL': 'https://touchline-previews.example',
  'vars.AWS_ROLE_ARN': 'arn:aws:iam::123456789012:role/touchline-web-publish',
  'vars.AWS_PREVIEW_ROLE_ARN': 'arn:aws:iam::123456789012:role/touchline-web-preview',
  // Set for an S3-compatible store, whose keys then stand for the roles: AWS here.
  'vars.S3_ENDPOINT': '',
  'secrets.S3_ACCESS_KEY_ID': 'live-key-id',
  'secrets.S3_SECRET_ACCESS_KEY': 'live-secret-key',
  'secrets.S3_PREVIEW_ACCESS_KEY_ID': 'preview-key-id',
  'secrets.S3_PREVIEW_SECRET_ACCESS_KEY': 'preview-secret-key',
  'github.event.pull_request.number': '42',
  'github.event.pull_request.head.repo.full_name == github.repository': 'true',
};

function withValues(text: string): string {
  return text.replace(/\$\{\{\s*(.*?)\s*\}\}/g, (_, expression: string) => {
    const value = PLAUSIBLE[expression];
    if (value === undefined) throw new Error(`no plausible value for \${{ ${expression} }}: add one to PLAUSIBLE`);
    return value;
  });
}

interface Step {
  id?: string;
  name?: string;
  if?: string;
  'continue-on-error'?: boolean;
  'timeout-minutes'?: number;
  run?: string;
  uses?: string;
  with?: Record<string, string>;
  env?: Record<string, string>;
}
interface Job {
  if?: string;
  environment?: string;
  env?: Record<string, string>;
  steps?: Step[];
}
interface WorkflowYaml {
  env?: Record<string, string>;
  jobs: Record<string, Job>;
}

/** The secrets a job reads. */
const secretsOf = (job: Job) => new Set([...JSON.stringify(job).matchAll(/secrets\.([A-Z0-9_]+)/g)].map((m) => m[1]!));

/** The roles a job's credential steps assume, as written. */
const rolesOf = (job: Job) =>
  (job.steps ?? []).filter((step) => step.uses?.startsWith('aws-actions/configure-aws-credentials@')).map((step) => step.with?.['role-to-assume']);

/** A `sitegen` command line of a `run:` step: its arguments after `sitegen`, as the shell passes them. */
interface CommandLine {
  where: string;
  argv: string[];
}

/**
 * Every `sitegen` / `npx sitegen` command of a workflow's `run:` steps: continuation lines joined,
 * `${{ }}` expressions and then `$VARIABLES` (from the workflow's, job's and step's env) replaced
 * by their values, cut at the first redirection or pipe. A variable with no value fails.
 */
function sitegenLines(file: string): CommandLine[] {
  const workflow = parseYaml(read(file)) as WorkflowYaml;
  return Object.entries(workflow.jobs).flatMap(([jobId, job]) =>
    (job.steps ?? []).flatMap((step, index) => {
      if (step.run === undefined) return [];
      const env = Object.fromEntries(Object.entries({ ...workflow.env, ...job.env, ...step.env }).map(([k, v]) => [k, withValues(String(v))]));
      const variable = (name: string) => {
        if (env[name] === undefined) throw new Error(`${path.basename(file)} ${jobId} step ${index + 1}: $${name} has no value in the workflow`);
        return env[name];
      };
      return step.run
        .replace(/\\\n\s*/g, ' ')
        .split('\n')
        .filter((line) => /(^|\s)(npx )?sitegen\s/.test(line.trim()))
        .map((line) => {
          const words = shellWords(withValues(line.trim()), variable);
          const end = words.findIndex((word) => typeof word !== 'string');
          const argv = (end === -1 ? words : words.slice(0, end)) as string[];
          return { where: `${path.basename(file)} ${jobId} step ${index + 1}`, argv: argv.slice(argv.indexOf('sitegen') + 1) };
        });
    }),
  );
}

async function parsed(file: string): Promise<WorkflowTemplate> {
  const result = parseWorkflow({ name: path.relative(ROOT, file), content: read(file) }, new NoOperationTraceWriter());
  expect(
    result.context.errors.getErrors().map((e) => e.message),
    file,
  ).toEqual([]);
  const template = await convertWorkflowTemplate(result.context, result.value!);
  expect(template.errors ?? [], file).toEqual([]);
  return template;
}

describe('the workflows in .github/workflows', () => {
  it("are the site workflow, the preview cleanup and the tests, each accepted by GitHub's own workflow parser, as is the action the site's share", async () => {
    expect(workflowFiles).toEqual(['preview-cleanup.yml', 'site.yml', 'tests.yml']);
    for (const name of workflowFiles) await parsed(path.join(WORKFLOWS, name));
    const action = path.join(ROOT, '.github/actions/prepare/action.yml');
    const result = parseAction({ name: 'action.yml', content: read(action) }, new NoOperationTraceWriter());
    expect(result.context.errors.getErrors().map((e) => e.message)).toEqual([]);
  });

  it('pin every action to a commit, and grant no permission at the top: each job asks for its own', async () => {
    for (const name of workflowFiles) {
      const file = path.join(WORKFLOWS, name);
      expect((parseYaml(read(file)) as { permissions?: unknown }).permissions, name).toEqual({});
      for (const job of (await parsed(file)).jobs) {
        for (const step of 'steps' in job ? job.steps : []) {
          if (!('uses' in step) || step.uses.value.startsWith('./')) continue;
          expect(step.uses.value, `${name} ${job.id}`).toMatch(/^[\w.-]+\/[\w.-]+@[0-9a-f]{40}$/);
        }
      }
    }
  });

  it("publish nothing from a fork's pull request: every step after the builds waits for PUBLISHES, and the cleanup for the same repository", async () => {
    const site = await parsed(path.join(WORKFLOWS, 'site.yml'));
    const pullRequest = site.jobs.find((job) => job.id.value === 'pull-request')!;
    const steps = 'steps' in pullRequest ? pullRequest.steps : [];
    const afterBuilds = steps.slice(steps.findIndex((s) => 'run' in s && String(s.run).includes('--drafts')) + 1);
    expect(afterBuilds.length).toBeGreaterThanOrEqual(4);
    for (const step of afterBuilds) expect(step.if?.expression, step.id).toContain("env.PUBLISHES == 'true'");
    const cleanup = await parsed(path.join(WORKFLOWS, 'preview-cleanup.yml'));
    expect(cleanup.jobs[0]!.if?.expression).toContain('github.event.pull_request.head.repo.full_name == github.repository');
  });

  it("publish a pull request's preview only from a branch of this repository", () => {
    const site = parseYaml(read(path.join(WORKFLOWS, 'site.yml'))) as WorkflowYaml;
    expect(site.jobs['pull-request']!.env?.PUBLISHES).toBe('${{ github.event.pull_request.head.repo.full_name == github.repository }}');
  });

  it("give a pull request's jobs the preview role, which writes the preview bucket alone, never the live one", () => {
    const site = parseYaml(read(path.join(WORKFLOWS, 'site.yml'))) as WorkflowYaml;
    const cleanup = parseYaml(read(path.join(WORKFLOWS, 'preview-cleanup.yml'))) as WorkflowYaml;
    for (const [where, job] of [
      ['site.yml pull-request', site.jobs['pull-request']!],
      ['preview-cleanup.yml remove-preview', cleanup.jobs['remove-preview']!],
    ] as const) {
      expect(rolesOf(job), where).toEqual(['${{ vars.AWS_PREVIEW_ROLE_ARN }}']);
      expect(secretsOf(job), where).toEqual(new Set(['S3_PREVIEW_ACCESS_KEY_ID', 'S3_PREVIEW_SECRET_ACCESS_KEY']));
      expect(JSON.stringify(job), where).not.toContain('AWS_ROLE_ARN');
      // No environment: the live one would hand it the live key.
      expect(job.environment, where).toBeUndefined();
    }
  });

  it('publish the live site from main alone: on AWS with the live role, to a store with the live key of the environment live', () => {
    const { live, 'live-store': store } = (parseYaml(read(path.join(WORKFLOWS, 'site.yml'))) as WorkflowYaml).jobs;
    expect(rolesOf(live!)).toEqual(['${{ vars.AWS_ROLE_ARN }}']);
    expect(secretsOf(live!)).toEqual(new Set());
    // The live role trusts runs of main: an environment would change the subject its token names.
    expect(live!.environment).toBeUndefined();
    expect(rolesOf(store!)).toEqual([]);
    expect(secretsOf(store!)).toEqual(new Set(['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']));
    expect(store!.environment).toBe('live');
    // Run by hand, the workflow runs from whichever branch the person picks; one of the two runs, by S3_ENDPOINT.
    expect(live!.if).toBe("github.event_name != 'pull_request' && github.ref == 'refs/heads/main' && vars.S3_ENDPOINT == ''");
    expect(store!.if).toBe("github.event_name != 'pull_request' && github.ref == 'refs/heads/main' && vars.S3_ENDPOINT != ''");
  });

  it('take either the role (AWS) or the store’s key (S3_ENDPOINT set), never both', () => {
    for (const name of ['site.yml', 'preview-cleanup.yml']) {
      for (const [id, job] of Object.entries((parseYaml(read(path.join(WORKFLOWS, name))) as WorkflowYaml).jobs)) {
        // The live site has a job for each (above).
        if (id.startsWith('live')) continue;
        const steps = job.steps ?? [];
        const role = steps.find((step) => step.uses?.startsWith('aws-actions/configure-aws-credentials@'))!;
        const key = steps.find((step) => step.name?.startsWith("Use the store's"))!;
        expect(role.if, `${name} ${id}`).toMatch(/env\.S3_ENDPOINT == ''$/);
        expect(key.if, `${name} ${id}`).toMatch(/env\.S3_ENDPOINT != ''$/);
        expect(steps.indexOf(key), `${name} ${id}`).toBe(steps.indexOf(role) + 1);
      }
    }
  });

  it("update only the comment the workflow's own bot left, found by its marker", () => {
    const site = parseYaml(read(path.join(WORKFLOWS, 'site.yml'))) as WorkflowYaml;
    const script = (site.jobs['pull-request']!.steps ?? []).find((step) => step.uses?.startsWith('actions/github-script@'))!.with!.script!;
    expect(script).toContain("c.user?.login === 'github-actions[bot]' && c.body?.startsWith(marker)");
    expect(script).toContain("const marker = '<!-- sitegen-pages -->';");
  });

  it('publish previews to the preview bucket and its host alone, and the live site to the live bucket alone', () => {
    const previews = PLAUSIBLE['vars.PREVIEW_BUCKET']!;
    const live = PLAUSIBLE['vars.SITE_BUCKET']!;
    const lines = workflowFiles.flatMap((name) => sitegenLines(path.join(WORKFLOWS, name)));
    const option = (argv: string[], name: string) => argv[argv.indexOf(name) + 1];
    const publishes = lines.filter((line) => line.argv[0] === 'publish');
    expect(
      publishes.map(({ where, argv }) => `${where}: ${option(argv, '--bucket')} ${argv.includes('--prefix') ? option(argv, '--prefix') : '(root)'}`),
    ).toEqual([
      `preview-cleanup.yml remove-preview step 6: ${previews} pr-42/`,
      `site.yml pull-request step 11: ${previews} pr-42/`,
      `site.yml live step 6: ${live} (root)`,
      `site.yml live-store step 6: ${live} (root)`,
    ]);
    // The preview is built for where it is published: its base is its prefix, its address the preview host's.
    const preview = lines.find((line) => line.argv.includes('--drafts'))!.argv;
    expect([option(preview, '--base'), option(preview, '--site-url')]).toEqual(['/pr-42', PLAUSIBLE['vars.PREVIEW_URL']]);
    // The live site's address is never a preview's, and the pages' list links into the preview host.
    const diff = lines.find((line) => line.argv[0] === 'diff')!.argv;
    expect([diff[1], option(diff, '--preview-url')]).toEqual([`s3://${live}/`, `${PLAUSIBLE['vars.PREVIEW_URL']}/pr-42`]);
    for (const name of workflowFiles) expect(read(path.join(WORKFLOWS, name)), name).not.toMatch(/previews\//);
  });

  it('run only sitegen command lines that sitegen accepts, as the shell passes them', async () => {
    const lines = workflowFiles.flatMap((name) => sitegenLines(path.join(WORKFLOWS, name)));
    // The loop itself: check, both builds, the review, the preview's publish and diff, the live build and publish, the cleanup.
    expect(lines.map((line) => line.argv[0])).toEqual([
      'publish',
      'check',
      'build',
      'build',
      'review',
      'publish',
      'diff',
      'build',
      'publish',
      'build',
      'publish',
    ]);
    for (const { where, argv } of lines) {
      const { code, stderr, acting } = await parseOnly(argv);
      expect({ code, stderr, acting }, `${where}: sitegen ${argv.join(' ')}`).toEqual({ code: 0, stderr: '', acting: argv[0] });
    }
    const diff = lines.find((line) => line.argv[0] === 'diff')!;
    expect(diff.argv.slice(0, 3)).toEqual(['diff', 's3://www-touchline-example/', 'site']);
  });

  it('leave git nothing to add: what they build and write in the checkout is ignored, as the links a build makes', () => {
    const lines = workflowFiles.flatMap((name) => sitegenLines(path.join(WORKFLOWS, name)));
    const outOf = ({ argv }: CommandLine) => argv[argv.indexOf('--out') + 1]!;
    const outs = lines.filter((line) => line.argv[0] === 'build' && line.argv.includes('--out')).map(outOf);
    const written = workflowFiles.flatMap((name) => [...read(path.join(WORKFLOWS, name)).matchAll(/> ([\w.-]+)$/gm)].map((m) => m[1]!));
    expect(outs).toEqual(['site', 'preview']);
    // The review is written inside the preview's build, and ignored with it.
    expect(lines.filter((line) => line.argv[0] === 'review').map(outOf)).toEqual(['preview/sitegen-review']);
    expect(written).toEqual(['pages.md']);
    const repo = mkdtempSync(path.join(os.tmpdir(), 'sitegen-ignored-'));
    try {
      const git = (...args: string[]) => spawnSync('git', args, { cwd: repo, encoding: 'utf8' });
      expect(git('init', '-q').status).toBe(0);
      copyFileSync(path.join(ROOT, '.gitignore'), path.join(repo, '.gitignore'));
      for (const out of outs) {
        // A build's output is a link to its current version, in a folder beside it that ignores itself.
        mkdirSync(path.join(repo, `.${out}.sitegen/v1`), { recursive: true });
        writeFileSync(path.join(repo, `.${out}.sitegen/.gitignore`), '*\n');
        writeFileSync(path.join(repo, `.${out}.sitegen/v1/index.html`), '<!DOCTYPE html>');
        symlinkSync(`.${out}.sitegen/v1`, path.join(repo, out));
      }
      for (const file of written) writeFileSync(path.join(repo, file), '');
      expect(git('status', '--porcelain').stdout).toBe('?? .gitignore\n');
    } finally {
      rmSync(repo, { recursive: true, force: true });
    }
  });

  it('would fail on a command line sitegen refuses: an unknown option, a missing one, a value out of its choices', async () => {
    const refused: [string[], string][] = [
      [['build', '--outdir', 'site'], "unknown option '--outdir'"],
      [['publish', 'preview', '--prefix', 'previews/pr-42/'], "required option '--bucket <name>' not specified"],
      [['diff', 's3://b/', 'site', '--format', 'html'], "argument 'html' is invalid"],
      [['check', '--format', 'annotations'], "argument 'annotations' is invalid"],
    ];
    for (const [argv, message] of refused) {
      const { code, stderr, acting } = await parseOnly(argv);
      expect({ code, acting }, argv.join(' ')).toEqual({ code: 2, acting: undefined });
      expect(stderr, argv.join(' ')).toContain(message);
    }
  });

  it('read the lines as the shell does: continuations joined, quoted variables filled in, a redirection left out', () => {
    const lines = sitegenLines(path.join(WORKFLOWS, 'site.yml'));
    expect(lines.find((line) => line.argv[0] === 'diff')!.argv).toEqual([
      'diff',
      's3://www-touchline-example/',
      'site',
      '--format',
      'markdown',
      '--preview-url',
      'https://touchline-previews.example/pr-42',
    ]);
    expect(lines.find((line) => line.argv.includes('--drafts'))!.argv).toEqual([
      'build',
      '--drafts',
      '--base',
      '/pr-42',
      '--site-url',
      'https://touchline-previews.example',
      '--out',
      'preview',
      '--format',
      'text',
    ]);
  });
});

interface Statement {
  Effect: string;
  Action: string | string[];
  Resource?: string | string[];
  Condition?: { StringEquals?: Record<string, string> };
}
interface Policy {
  Statement: Statement[];
}

/** A role's permissions and trust, as bin/awsPolicies.mjs fills in the templates of ops/aws for the repository OWNER/REPO. */
function rolePolicies(role: 'live' | 'preview'): Policy[] {
  const values = {
    ACCOUNT_ID: '123456789012',
    REPOSITORY: 'OWNER/REPO',
    SITE_BUCKET: PLAUSIBLE['vars.SITE_BUCKET'],
    PREVIEW_BUCKET: PLAUSIBLE['vars.PREVIEW_BUCKET'],
  };
  return ['permissions', 'trust'].map((kind) => {
    const name = `${role}-${kind}.json`;
    return JSON.parse(fill(read(path.join(ROOT, 'ops/aws', name)), name, values)) as Policy;
  });
}

const list = (value: string | string[] | undefined) => (value === undefined ? [] : [value].flat());
const WRITES = ['s3:PutObject', 's3:DeleteObject', 's3:*', '*'];
/** The resources a policy lets its holder write or delete. */
const writable = (policy: Policy) =>
  policy.Statement.filter((s) => s.Effect === 'Allow' && list(s.Action).some((a) => WRITES.includes(a))).flatMap((s) => list(s.Resource));

describe('the roles of ops/aws, which the operators’ guide has filled in', () => {
  const previews = `arn:aws:s3:::${PLAUSIBLE['vars.PREVIEW_BUCKET']}`;
  const live = `arn:aws:s3:::${PLAUSIBLE['vars.SITE_BUCKET']}`;

  it('let the preview role write the preview bucket alone, and read the live one, which the public reads too (the diff its page manifest, the review its pages)', () => {
    const [permissions, trust] = rolePolicies('preview');
    expect(writable(permissions!)).toEqual([`${previews}/*`]);
    const reads = permissions!.Statement.filter((s) => list(s.Action).includes('s3:GetObject')).flatMap((s) => list(s.Resource));
    expect(reads.filter((r) => r.startsWith(`${live}/`))).toEqual([`${live}/*`]);
    const [publicRead] = JSON.parse(fill(read(path.join(ROOT, 'ops/aws/public-read.json')), 'public-read.json', { BUCKET: PLAUSIBLE['vars.SITE_BUCKET']! }))
      .Statement as Statement[];
    expect(list(publicRead!.Resource)).toEqual([`${live}/*`]);
    expect(trust!.Statement.map((s) => s.Condition?.StringEquals?.['token.actions.githubusercontent.com:sub'])).toEqual(['repo:OWNER/REPO:pull_request']);
  });

  it('let the live role write the live bucket alone, trusted by runs of main alone', () => {
    const [permissions, trust] = rolePolicies('live');
    expect(writable(permissions!)).toEqual([`${live}/*`]);
    expect(JSON.stringify(permissions)).not.toContain(previews);
    expect(trust!.Statement.map((s) => s.Condition?.StringEquals?.['token.actions.githubusercontent.com:sub'])).toEqual([
      'repo:OWNER/REPO:ref:refs/heads/main',
    ]);
  });
});

describe('the check of the repository variables', () => {
  const jobs = () =>
    ['site.yml', 'preview-cleanup.yml'].flatMap((name) =>
      Object.entries((parseYaml(read(path.join(WORKFLOWS, name))) as WorkflowYaml).jobs).map(([id, job]) => ({ where: `${name} ${id}`, job })),
    );
  /**
   * Runs a check step's command line, as the shell passes it, with these variables set: in this
   * process (tests/workflows/checkVariables.test.ts runs the script as a process).
   */
  const runCheck = (step: Step, env: Record<string, string>) => {
    const [node, script, ...args] = shellWords(step.run!) as string[];
    expect([node, script]).toEqual(['node', 'bin/checkVariables.mjs']);
    const { code, lines } = checkVariablesCommand(args, env);
    return { status: code, stdout: lines.map((line) => `${line}\n`).join('') };
  };
  const valueOf = (expression: string) => PLAUSIBLE[expression.replace(/^\$\{\{ | \}\}$/g, '')]!;

  /** The check: right after the checkout, which brings its script, and before anything is installed. */
  const checkOf = (job: Job) => job.steps![1]!;

  it('comes first after the checkout in every job that publishes, and checks every variable and secret the job reads', () => {
    for (const { where, job } of jobs()) {
      const [checkout, first] = job.steps ?? [];
      expect(checkout?.uses, where).toMatch(/^actions\/checkout@/);
      expect(first?.name, where).toBe('Check the repository variables');
      // What the job's steps read (its `if` only picks the job by the store).
      const read = new Set([...JSON.stringify({ ...job, if: undefined }).matchAll(/(vars|secrets)\.([A-Z0-9_]+)/g)].map((m) => `\${{ ${m[1]}.${m[2]} }}`));
      expect(new Set(Object.values(first!.env ?? {})), where).toEqual(read);
      for (const [name, value] of Object.entries(first!.env!)) expect(value, where).toMatch(new RegExp(`\\.${name} \\}\\}$`));
    }
  });

  // AWS: the variables, a role among them. An S3-compatible store: the endpoint and the keys stand for the role.
  const modes = [
    { mode: 'AWS', endpoint: '', needs: (name: string, value: string) => value.startsWith('${{ vars.') && name !== 'S3_ENDPOINT' },
    {
      mode: 'an S3-compatible store',
      endpoint: 'https://account.r2.cloudflarestorage.com',
      needs: (name: string) => !name.endsWith('ROLE_ARN') && name !== 'S3_ENDPOINT',
    },
  ];
  it.each(modes)('passes for $mode with what it needs set, and names each missing one as an error annotation, failing the job', ({ endpoint, needs }) => {
    for (const { where, job } of jobs()) {
      // A job that runs for one store only.
      if (job.if?.includes(`vars.S3_ENDPOINT ${endpoint ? '==' : '!='} ''`)) continue;
      const step = checkOf(job);
      const needed = Object.entries(step.env!).filter(([name, value]) => needs(name, value));
      const all = { ...Object.fromEntries(needed.map(([name, value]) => [name, valueOf(value)])), S3_ENDPOINT: endpoint };
      expect(runCheck(step, all).status, where).toBe(0);
      expect(needed.length, where).toBeGreaterThanOrEqual(3);
      for (const [missing, value] of needed) {
        const run = runCheck(step, { ...all, [missing]: '' });
        expect(run.status, `${where} ${missing}`).toBe(1);
        const kind = value.startsWith('${{ vars.') ? 'Repository variable' : where.endsWith(' live-store') ? 'Secret' : 'Repository secret';
        expect(run.stdout, where).toMatch(
          new RegExp(
            `^::error title=${kind} ${missing} (of the environment live )?is not set::Set ${missing} under Settings > .* \\(docs/operators/setup\\.md\\)\\n$`,
          ),
        );
      }
    }
  });

  /** A value of each variable as an operator might mistype it, and the words that name the fault. */
  const MISTYPED: Record<string, [string, string]> = {
    SITE_BUCKET: ['WWW_Touchline', 'holds "W": a bucket name has lowercase letters, digits, dots and hyphens only'],
    PREVIEW_BUCKET: ['touchline-previews-example-', 'must begin and end with a lowercase letter or a digit'],
    PREVIEW_URL: ['https://touchline-previews.example/', 'ends with a slash: write https://touchline-previews.example (the workflows add /pr-N/ to it)'],
    AWS_REGION: ['US East (N. Virginia)', 'is not an AWS region’s name, such as us-east-1 or eu-west-2'],
    AWS_ROLE_ARN: ['touchline-web-publish', 'is not a role’s ARN, such as arn:aws:iam::123456789012:role/touchline-web-publish'],
    AWS_PREVIEW_ROLE_ARN: ['arn:aws:iam::123456789012:touchline-web-preview', 'is not a role’s ARN: it names no role/NAME after the account'],
  };
  it('names each malformed variable (a slash at the end of PREVIEW_URL among them) and what is wrong with it as an error annotation, failing the job', () => {
    for (const { where, job } of jobs()) {
      if (job.if?.includes("vars.S3_ENDPOINT != ''")) continue;
      const step = checkOf(job);
      const set = Object.entries(step.env!).filter(([name, value]) => value.startsWith('${{ vars.') && name !== 'S3_ENDPOINT');
      const all = Object.fromEntries(set.map(([name, value]) => [name, valueOf(value)]));
      for (const [name] of set) {
        const [value, problem] = MISTYPED[name]!;
        const run = runCheck(step, { ...all, [name]: value });
        expect(run.status, `${where} ${name}`).toBe(1);
        expect(run.stdout, `${where} ${name}`).toBe(
          `::error title=Repository variable ${name} is malformed::${name} "${value}" ${problem}. Fix it under Settings > Secrets and variables > Actions > Variables (docs/operators/setup.md)\n`,
        );
      }
    }
  });

  it("checks the store's endpoint too when one is set", () => {
    const { job } = jobs().find(({ where }) => where === 'site.yml live-store')!;
    const keys = { SITE_BUCKET: 'www-touchline-example', AWS_REGION: 'auto', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' };
    const run = runCheck(checkOf(job), { ...keys, S3_ENDPOINT: 'http://account.r2.cloudflarestorage.com' });
    expect(run.status).toBe(1);
    expect(run.stdout).toContain(
      '::error title=Repository variable S3_ENDPOINT is malformed::S3_ENDPOINT "http://account.r2.cloudflarestorage.com" begins with http://: write https://.',
    );
  });
});

/** The pull-request job's steps as written, and the one that runs `sitegen WORD`. */
const pullRequestSteps = () => (parseYaml(read(path.join(WORKFLOWS, 'site.yml'))) as WorkflowYaml).jobs['pull-request']!.steps!;
const sitegenStep = (steps: Step[], command: string) => steps.findIndex((step) => new RegExp(`\\bsitegen ${command}\\b`).test(step.run ?? ''));

/** Runs a `run:` step's script as the runner does (bash, errors stop it) with this environment alone. */
function runStep(step: Step, env: Record<string, string>) {
  return spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', step.run!], { encoding: 'utf8', env });
}

/** An executable standing for a browser: it says its version, and ends at once for anything else. */
function fakeBrowser(file: string, version: string) {
  writeFileSync(file, `#!/bin/sh\n[ "$1" = --version ] && echo "${version}" && exit 0\nexit 134\n`, { mode: 0o755 });
  return file;
}

describe("the review in the pull request's job", () => {
  const steps = pullRequestSteps();
  const chromium = steps.findIndex((step) => step.name === 'Make Chromium available for the review');
  const review = sitegenStep(steps, 'review');
  const publish = sitegenStep(steps, 'publish');
  const comment = steps.findIndex((step) => step.uses?.startsWith('actions/github-script@'));
  const line = (command: string) => sitegenLines(path.join(WORKFLOWS, 'site.yml')).find((l) => l.argv[0] === command)!.argv;
  const option = (argv: string[], name: string) => argv[argv.indexOf(name) + 1]!;

  it('makes Chromium available, then reviews against the live bucket, then publishes the preview and comments, in that order', () => {
    expect([chromium, review, publish, comment].every((index) => index >= 0)).toBe(true);
    expect(chromium).toBeLessThan(review);
    expect(review).toBeLessThan(publish);
    expect(publish).toBeLessThan(comment);
    // It reads the live bucket: after the step that gives the job its key.
    expect(review).toBeGreaterThan(steps.findIndex((step) => step.name === "Use the store's preview key"));
  });

  it('compares what the diff compares, and writes inside the folder the preview is published from, its images at the address they are published to', () => {
    const [, before, after] = line('review');
    const diff = line('diff');
    expect([before, after]).toEqual([diff[1], diff[2]]);
    const preview = line('publish')[1]!;
    const out = option(line('review'), '--out');
    const inside = path.posix.relative(preview, out);
    expect(inside).not.toMatch(/^\.\.|^$/);
    // Published under the pull request's prefix, which the preview's address serves.
    expect(option(line('review'), '--images-url')).toBe(`${option(diff, '--preview-url')}/${inside}`);
  });

  it('never holds the preview back: Chromium and the review may fail (the review within 10 minutes), and the comment is told how the review went', () => {
    const [chromiumStep, reviewStep] = [steps[chromium]!, steps[review]!];
    expect(chromiumStep['continue-on-error']).toBe(true);
    expect(reviewStep['continue-on-error']).toBe(true);
    expect(reviewStep['timeout-minutes']).toBe(10);
    expect(steps[publish]).not.toHaveProperty('continue-on-error');
    expect(steps[comment]!.env?.REVIEW_OUTCOME).toBe(`\${{ steps.${reviewStep.id}.outcome }}`);
  });

  describe('the Chromium step', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sitegen-chromium-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    const step = () => steps[chromium]!;
    const handed = (file: string) => readFileSync(file, 'utf8');

    it("hands the runner's browser to the later steps as CHROME_PATH, its version in the log", () => {
      const browser = fakeBrowser(path.join(dir, 'chrome'), 'Google Chrome 142.0.0.0');
      const githubEnv = path.join(dir, 'found.env');
      const ran = runStep(step(), { PATH: process.env.PATH!, ...step().env, CHROME_PATH: browser, GITHUB_ENV: githubEnv });
      expect(ran.status, ran.stderr).toBe(0);
      expect(ran.stdout).toBe('Google Chrome 142.0.0.0\n');
      expect(handed(githubEnv)).toBe(`CHROME_PATH=${browser}\n`);
      // Without CHROME_PATH, the first of the places the step names that holds one.
      const other = path.join(dir, 'other.env');
      const found = runStep(step(), { PATH: process.env.PATH!, RUNNER_BROWSERS: `${path.join(dir, 'none')} ${browser}`, GITHUB_ENV: other });
      expect(found.status, found.stderr).toBe(0);
      expect(handed(other)).toBe(`CHROME_PATH=${browser}\n`);
      expect(step().env?.RUNNER_BROWSERS).toBe('/usr/bin/google-chrome /usr/bin/chromium');
    });

    it('installs Playwright’s Chromium, with the libraries it needs, on a runner that has none, and hands that one on', () => {
      const bin = path.join(dir, 'bin');
      mkdirSync(bin);
      const installed = fakeBrowser(path.join(dir, 'installed-chrome'), 'Chromium 143.0.0.0');
      const calls = path.join(dir, 'calls');
      // npx and node as the step calls them: the installer, and Playwright's answer to where it installed it.
      writeFileSync(path.join(bin, 'npx'), `#!/bin/sh\necho "npx $*" >> ${calls}\n`, { mode: 0o755 });
      writeFileSync(path.join(bin, 'node'), `#!/bin/sh\necho "node $*" >> ${calls}\necho ${installed}\n`, { mode: 0o755 });
      const githubEnv = path.join(dir, 'installed.env');
      const ran = runStep(step(), { PATH: `${bin}:${process.env.PATH}`, RUNNER_BROWSERS: path.join(dir, 'none'), GITHUB_ENV: githubEnv });
      expect(ran.status, ran.stderr).toBe(0);
      expect(readFileSync(calls, 'utf8')).toBe(
        `npx playwright-core install --with-deps chromium\nnode -p require('playwright-core').chromium.executablePath()\n`,
      );
      expect(ran.stdout).toBe('Chromium 143.0.0.0\n');
      expect(handed(githubEnv)).toBe(`CHROME_PATH=${installed}\n`);
    });
  });

  describe('the comment, refreshed on each push', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sitegen-comment-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    const MARKER = '<!-- sitegen-pages -->';
    interface Comment {
      id: number;
      user: { login: string };
      body: string;
    }
    const comments: Comment[] = [
      { id: 1, user: { login: 'editor' }, body: `${MARKER} quoted by a person: never edited` },
      { id: 2, user: { login: 'github-actions[bot]' }, body: 'another workflow’s comment' },
    ];
    const summary: string[] = [];

    /**
     * Runs the step's script as actions/github-script does: an async function given `github`,
     * `context`, `core` and `require`, here with an API that holds the pull request's comments,
     * the files read from `dir` (the checkout), and the step's environment.
     */
    async function push(sha: string, outcome: string) {
      const step = steps[comment]!;
      const github = {
        paginate: async (method: unknown) => (expect(method).toBe(github.rest.issues.listComments), comments.map((c) => ({ ...c }))),
        rest: {
          issues: {
            listComments: () => undefined,
            createComment: async ({ body }: { body: string }) => void comments.push({ id: comments.length + 1, user: { login: 'github-actions[bot]' }, body }),
            updateComment: async ({ comment_id, body }: { comment_id: number; body: string }) => void (comments.find((c) => c.id === comment_id)!.body = body),
          },
        },
      };
      const context = { payload: { pull_request: { head: { sha } } }, repo: { owner: 'touchline', repo: 'web' }, issue: { number: 42 } };
      const core = {
        summary: {
          addRaw(text: string) {
            summary.push(text);
            return this;
          },
          write: async () => undefined,
        },
      };
      const files = (name: string) => {
        expect(name).toBe('node:fs');
        return { readFileSync: (file: string, encoding: 'utf8') => readFileSync(path.resolve(dir, file), encoding) };
      };
      const env = { PREVIEW_URL: 'https://touchline-previews.example/pr-42', REVIEW_OUTCOME: outcome };
      expect(Object.keys(step.env!)).toEqual(['REVIEW_OUTCOME']);
      const AsyncFunction = Object.getPrototypeOf(async () => undefined).constructor as new (...args: string[]) => (...values: unknown[]) => Promise<void>;
      await new AsyncFunction('github', 'context', 'core', 'require', 'process', step.with!.script!)(github, context, core, files, { env });
    }
    const reviewComment = () => path.join(dir, option(line('review'), '--out'), 'comment.md');
    const mine = () => comments.filter((c) => c.user.login === 'github-actions[bot]' && c.body.startsWith(MARKER));

    beforeAll(() => {
      writeFileSync(path.join(dir, 'pages.md'), 'pages: 1 changed\n');
      mkdirSync(path.dirname(reviewComment()), { recursive: true });
    });

    it('holds the pages, then the review the review step wrote, in one comment made on the first push', async () => {
      writeFileSync(reviewComment(), '### Visual review: 1 page captured at 390 and 1280 px\n\n> [!WARNING]\n> - `/pricing` loads 25.0% more\n');
      await push('aaaaaaa1111', 'success');
      expect(mine().map((c) => c.body)).toEqual([
        `${MARKER}\nPreview: https://touchline-previews.example/pr-42/ (commit aaaaaaa)\n\npages: 1 changed\n\n### Visual review: 1 page captured at 390 and 1280 px\n\n> [!WARNING]\n> - \`/pricing\` loads 25.0% more\n`,
      ]);
      // The run's summary has the review too, its flags first.
      expect(summary.join('')).toContain('> [!WARNING]\n> - `/pricing` loads 25.0% more');
    });

    it('is updated in place by the next push, with its review, and no other comment is touched', async () => {
      writeFileSync(reviewComment(), '### Visual review\n\nNo page changed.\n');
      await push('bbbbbbb2222', 'success');
      expect(comments).toHaveLength(3);
      expect(mine().map((c) => c.body)).toEqual([
        `${MARKER}\nPreview: https://touchline-previews.example/pr-42/ (commit bbbbbbb)\n\npages: 1 changed\n\n### Visual review\n\nNo page changed.\n`,
      ]);
      expect(comments.slice(0, 2).map((c) => c.body)).toEqual([`${MARKER} quoted by a person: never edited`, 'another workflow’s comment']);
    });

    it('says the review failed when it did (its folder may hold nothing), in the comment and the summary, the pages still listed', async () => {
      rmSync(reviewComment());
      summary.length = 0;
      await push('ccccccc3333', 'failure');
      const [body] = mine().map((c) => c.body);
      expect(body).toContain('(commit ccccccc)\n\npages: 1 changed\n\n### Visual review\n\nThe review failed on this push');
      expect(body).not.toContain('No page changed');
      expect(summary.join('')).toContain('The review failed on this push: the step "Review the changed pages" says why.');
      expect(comments).toHaveLength(3);
    });
  });
});

describe("the pull request's steps that read and write the buckets, against a local S3 server", () => {
  let env: Awaited<ReturnType<typeof builtFixtureAndS3>>;
  let preview: string;
  const lines = () => workflowFiles.flatMap((name) => sitegenLines(path.join(WORKFLOWS, name)));
  beforeAll(async () => {
    env = await builtFixtureAndS3();
    // The preview, built by the workflow's own line (for its prefix) from the fixture's content.
    preview = path.join(env.fx.dir, 'preview');
    const build = lines()
      .find((line) => line.argv.includes('--drafts'))!
      .argv.map((arg) => (arg === 'preview' ? preview : arg));
    const built = await runCli(...build, '--content', env.fx.content);
    expect(built.code, built.stderr).toBe(0);
    await env.s3.createWebsiteBucket(PLAUSIBLE['vars.SITE_BUCKET']!);
    await env.s3.createWebsiteBucket(PLAUSIBLE['vars.PREVIEW_BUCKET']!);
  }, 120_000);
  // Puts back the environment the steps changed, too.
  afterAll(() => env?.remove());

  it('lists every page as added, each a link into the preview, when nothing was published to the bucket yet (an S3-compatible store: its key and endpoint from the step before)', async () => {
    const { fx, s3 } = env;
    // The key step, as the runner runs it: what it writes to GITHUB_ENV is every later step's environment.
    const keyStep = pullRequestSteps().find((step) => step.name === "Use the store's preview key")!;
    const githubEnv = path.join(fx.dir, 'github-env');
    const ran = runStep(keyStep, { PATH: process.env.PATH!, KEY_ID: 'S3RVER', SECRET_KEY: 'S3RVER', S3_ENDPOINT: s3.endpoint(), GITHUB_ENV: githubEnv });
    expect(ran.status, ran.stderr).toBe(0);
    const handed = Object.fromEntries(
      readFileSync(githubEnv, 'utf8')
        .trimEnd()
        .split('\n')
        .map((line) => line.split(/=(.*)/s).slice(0, 2)),
    );
    expect(handed).toEqual({ AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER', AWS_ENDPOINT_URL_S3: s3.endpoint() });
    Object.assign(process.env, handed, { AWS_REGION: 'us-east-1' });
    // The step's own line, its build folder the fixture's: no --endpoint, the variable names the store.
    const { argv } = lines().find((line) => line.argv[0] === 'diff')!;
    expect(argv).not.toContain('--endpoint');
    const run = await runCli(...argv.map((arg) => (arg === 'site' ? fx.out : arg)));
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain('has no page manifest: nothing was published there yet, so every page counts as added');
    for (const route of Object.keys((await manifestOfFolder(fx.out)).pages)) {
      expect(run.stdout, route).toContain(`](https://touchline-previews.example/pr-42${route === '/' ? '/' : route})`);
    }
  });

  it('publishes the review with the preview under pr-N/, its page served there, replaces it on the next push and removes it with the preview when the pull request closes', async () => {
    const { s3 } = env;
    Object.assign(process.env, { AWS_ENDPOINT_URL_S3: s3.endpoint(), AWS_REGION: 'us-east-1' });
    const previews = PLAUSIBLE['vars.PREVIEW_BUCKET']!;
    const [publish, cleanup] = ['site.yml', 'preview-cleanup.yml'].map(
      (name) => sitegenLines(path.join(WORKFLOWS, name)).find((line) => line.argv[0] === 'publish' && line.argv.includes('--prefix'))!.argv,
    );
    const review = sitegenLines(path.join(WORKFLOWS, 'site.yml')).find((line) => line.argv[0] === 'review')!.argv;
    // What a review leaves in its folder (tests/review/ makes real ones), in the folder its line names inside the preview's.
    const folder = path.join(preview, path.posix.relative(publish![1]!, review[review.indexOf('--out') + 1]!));
    const writeReview = (image: string) => {
      rmSync(folder, { recursive: true, force: true });
      mkdirSync(folder);
      writeFileSync(path.join(folder, 'index.html'), `<!doctype html><title>Visual review</title><img src="${image}">`);
      writeFileSync(path.join(folder, image), 'RIFF....WEBP');
      writeFileSync(path.join(folder, 'comment.md'), '### Visual review\n');
      writeFileSync(path.join(folder, 'review.json'), '{}\n');
    };
    const publishPreview = () => runCli(...publish!.map((arg) => (arg === 'preview' ? preview : arg)));
    const reviewKeys = async () => Object.keys(await s3.objects(previews)).filter((key) => key.startsWith('pr-42/sitegen-review/'));

    writeReview('1111111111111111.webp');
    const first = await publishPreview();
    expect(first.code, first.stderr).toBe(0);
    expect(await reviewKeys()).toEqual(
      ['comment.md', '1111111111111111.webp', 'index.html', 'review.json'].map((name) => `pr-42/sitegen-review/${name}`).sort(),
    );
    // The review's page as the comment links it, and an image as the comment embeds it, by the preview host's website endpoint.
    const page = await s3.website(previews, '/pr-42/sitegen-review/');
    expect([page.status, page.body]).toEqual([200, '<!doctype html><title>Visual review</title><img src="1111111111111111.webp">']);
    const image = await s3.website(previews, '/pr-42/sitegen-review/1111111111111111.webp');
    expect([image.status, image.contentType]).toEqual([200, 'image/webp']);

    writeReview('2222222222222222.webp');
    expect((await publishPreview()).code).toBe(0);
    expect(await reviewKeys()).toContain('pr-42/sitegen-review/2222222222222222.webp');
    expect(await reviewKeys()).not.toContain('pr-42/sitegen-review/1111111111111111.webp');

    const removed = await runCli(...cleanup!);
    expect(removed.code, removed.stderr).toBe(0);
    expect(Object.keys(await s3.objects(previews)).filter((key) => key.startsWith('pr-42/'))).toEqual([]);
  });
});

describe('the tests workflow', () => {
  interface TestsWorkflow {
    jobs: Record<string, Job & { strategy?: { matrix: { node: number[]; lane: string[]; include?: { node: number; lane: string }[] } } }>;
  }
  const tests = parseYaml(read(path.join(WORKFLOWS, 'tests.yml'))) as TestsWorkflow;
  const runs = (job: Job) => (job.steps ?? []).flatMap((step) => (step.run === undefined ? [] : [step.run]));
  const scripts = (JSON.parse(read(path.join(ROOT, 'package.json'))) as { scripts: Record<string, string> }).scripts;
  const lanes = Object.keys(LANES);

  it('runs every lane on the newest LTS line and the unit and build lanes on the oldest, each by its script', () => {
    const { matrix } = tests.jobs.lane!.strategy!;
    const pairs = [
      ...matrix.node.flatMap((node) => matrix.lane.map((lane) => `${lane} on ${node}`)),
      ...(matrix.include ?? []).map(({ node, lane }) => `${lane} on ${node}`),
    ];
    expect(pairs.sort()).toEqual([...lanes.map((lane) => `${lane} on 26`), 'build on 20', 'unit on 20'].sort());
    expect(runs(tests.jobs.lane!)).toEqual(['npm ci --no-audit --no-fund', 'npm run test:${{ matrix.lane }}']);
    for (const lane of lanes) expect(scripts[`test:${lane}`], lane).toBe(`vitest run --project ${lane}`);
    expect(runs(tests.jobs.checks!)).toEqual(['npm ci --no-audit --no-fund', 'npm run typecheck', 'npm run lint']);
  });

  it('runs what .ci/run runs, which names lanes and never a test file', () => {
    const ci = read(path.join(ROOT, '.ci/run'));
    for (const command of ['npm run typecheck', 'npm run lint', 'npm test', 'npm run test:unit', 'npx sitegen check', 'npx sitegen build'])
      expect(ci, command).toContain(command);
    expect(ci).not.toMatch(/--exclude|tests\//);
    expect(scripts.test).toBe('vitest run');
  });
});

import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { convertWorkflowTemplate, NoOperationTraceWriter, parseWorkflow, type WorkflowTemplate } from '@actions/workflow-parser';
import { parseAction } from '@actions/workflow-parser/actions/action-parser';
import { parse as shellWords } from 'shell-quote';
import { describe, expect, it } from 'vitest';
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
  name?: string;
  if?: string;
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
      `site.yml pull-request step 9: ${previews} pr-42/`,
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
    // The loop itself: check, both builds, the preview's publish and diff, the live build and publish, the cleanup.
    expect(lines.map((line) => line.argv[0])).toEqual(['publish', 'check', 'build', 'build', 'publish', 'diff', 'build', 'publish', 'build', 'publish']);
    for (const { where, argv } of lines) {
      const { code, stderr, acting } = await parseOnly(argv);
      expect({ code, stderr, acting }, `${where}: sitegen ${argv.join(' ')}`).toEqual({ code: 0, stderr: '', acting: argv[0] });
    }
    const diff = lines.find((line) => line.argv[0] === 'diff')!;
    expect(diff.argv.slice(0, 3)).toEqual(['diff', 's3://www-touchline-example/', 'site']);
  });

  it('leave git nothing to add: what they build and write in the checkout is ignored, as the links a build makes', () => {
    const lines = workflowFiles.flatMap((name) => sitegenLines(path.join(WORKFLOWS, name)));
    const outs = lines.filter((line) => line.argv.includes('--out')).map(({ argv }) => argv[argv.indexOf('--out') + 1]!);
    const written = workflowFiles.flatMap((name) => [...read(path.join(WORKFLOWS, name)).matchAll(/> ([\w.-]+)$/gm)].map((m) => m[1]!));
    expect(outs).toEqual(['site', 'preview']);
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

  it('let the preview role write the preview bucket alone, and read no more of the live one than its page manifest', () => {
    const [permissions, trust] = rolePolicies('preview');
    expect(writable(permissions!)).toEqual([`${previews}/*`]);
    const reads = permissions!.Statement.filter((s) => list(s.Action).includes('s3:GetObject')).flatMap((s) => list(s.Resource));
    expect(reads.filter((r) => r.startsWith(`${live}/`))).toEqual([`${live}/.sitegen-pages.json`]);
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

describe("the pull request's diff step", () => {
  it('lists every page as added, each a link into the preview, when nothing was published to the bucket yet (an S3-compatible store: its key and endpoint from the step before)', async () => {
    const { fx, s3, remove } = await builtFixtureAndS3();
    const saved = { ...process.env };
    try {
      await s3.createWebsiteBucket(PLAUSIBLE['vars.SITE_BUCKET']!);
      // The key step, as the runner runs it: what it writes to GITHUB_ENV is every later step's environment.
      const steps = (parseYaml(read(path.join(WORKFLOWS, 'site.yml'))) as WorkflowYaml).jobs['pull-request']!.steps!;
      const keyStep = steps.find((step) => step.name === "Use the store's preview key")!;
      const githubEnv = path.join(fx.dir, 'github-env');
      const ran = spawnSync('bash', ['-e', '-c', keyStep.run!], {
        encoding: 'utf8',
        env: { PATH: process.env.PATH, KEY_ID: 'S3RVER', SECRET_KEY: 'S3RVER', S3_ENDPOINT: s3.endpoint(), GITHUB_ENV: githubEnv },
      });
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
      const { argv } = sitegenLines(path.join(WORKFLOWS, 'site.yml')).find((line) => line.argv[0] === 'diff')!;
      expect(argv).not.toContain('--endpoint');
      const run = await runCli(...argv.map((arg) => (arg === 'site' ? fx.out : arg)));
      expect(run.code, run.stderr).toBe(0);
      expect(run.stderr).toContain('has no page manifest: nothing was published there yet, so every page counts as added');
      for (const route of Object.keys((await manifestOfFolder(fx.out)).pages)) {
        expect(run.stdout, route).toContain(`](https://touchline-previews.example/pr-42${route === '/' ? '/' : route})`);
      }
    } finally {
      process.env = saved;
      await remove();
    }
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

import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { cp } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseOnly } from '../helpers/cliParse.ts';
import { commandBlocks, hasPlaceholder, inlineCommands, type CommandBlock } from '../helpers/docCommands.ts';
import { docFiles } from '../helpers/docPages.ts';
import { projectCopy, type Project } from '../helpers/project.ts';
import { s3Environment, startS3 } from '../helpers/s3.ts';

/**
 * Every command README.md and docs/ tell a person to type, typed as written in a fresh copy of
 * the project, in a shell, with npm and npx as a person has them and an S3-compatible server
 * standing for the buckets the docs name: the fenced blocks marked `<!-- run -->`, and the
 * commands written inline. A fenced command block neither run nor marked `<!-- not run: REASON -->`
 * fails, and so does an inline command this file does not know: a new one cannot slip by.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const pages = docFiles(ROOT).map((file) => ({ file, markdown: readFileSync(path.join(ROOT, file), 'utf8') }));
const blocks = pages.flatMap(({ file, markdown }) => commandBlocks(markdown, file));
const inline = pages.flatMap(({ file, markdown }) => inlineCommands(markdown, file));

/** The buckets the docs publish to and compare with. */
const BUCKETS = ['www-touchline-example', 'touchline-previews-example'];

/**
 * Inline commands typed here, in this order (a server is started, asked for its first page and
 * stopped): the set-up a person follows, then the everyday commands.
 */
const TYPED = [
  'npm run check',
  'npm run build',
  'npm run dev',
  'npx sitegen check',
  'npx sitegen check > problems.txt',
  'npx sitegen check --watch',
  'npx sitegen build',
  'npx sitegen serve',
  'npx sitegen watch',
  'npx sitegen schemas',
  'npx sitegen --version',
  'node bin/sitegen.mjs --version',
];

/** Inline commands another check types as written: the file that does (it holds the command). */
const TYPED_ELSEWHERE: Record<string, string> = {
  'npm ci': '.ci/run',
  'npm test': '.ci/run',
  'npm run typecheck': '.ci/run',
  'npm run lint': '.ci/run',
  'npm run test:unit': '.ci/run',
  // Each lane's job of tests.yml types `npm run test:${{ matrix.lane }}`, and tests/workflows/workflows.test.ts checks each lane has one.
  'npm run test:build': 'tests/workflows/workflows.test.ts',
  'npm run test:guarantees': 'tests/workflows/workflows.test.ts',
  'npm run test:browser': 'tests/workflows/workflows.test.ts',
  'npm run rehearse': 'tests/workflows/rehearse.test.ts',
  'npm run format': 'tests/lint.test.ts',
};

/** Words that stand for a value in an inline command, and a value sitegen would take for each. */
const PLACEHOLDERS: Record<string, string> = {
  OLD: 'dist',
  NEW: 'site',
  DIR: 'dist',
  NAME: 'www-touchline-example',
  N: '4',
  R: 'us-east-1',
  P: 'pr-42/',
  URL: 'https://touchline-previews.example',
  PATH: '/pr-42',
  DAYS: '7',
  SLUG: 'value-banks',
  COMMAND: 'check',
};

/** A command that serves until it is stopped. */
const SERVER = /\bsitegen (serve|watch)\b|\bcheck --watch\b|^npm run dev\b/;

let project: Project;
let s3: Awaited<ReturnType<typeof startS3>>;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  [project, s3] = await Promise.all([projectCopy(), startS3()]);
  // The docs' examples of the test runner run the project's own tests; the operators' fill in ops/'s documents.
  await Promise.all(['tests', 'vitest.config.ts', 'ops'].map((name) => cp(path.join(ROOT, name), project.file(name), { recursive: true })));
  await Promise.all(BUCKETS.map((bucket) => s3.createWebsiteBucket(bucket)));
  env = { ...process.env, ...s3Environment(project.parent), AWS_ENDPOINT_URL_S3: s3.endpoint(), AWS_REGION: 'us-east-1', NO_COLOR: '1' };
  delete env.FORCE_COLOR;
  // The docs' vitest runs as a person's does, not as a worker of this one.
  for (const name of Object.keys(env)) if (name.startsWith('VITEST')) delete env[name];
}, 120_000);
afterAll(async () => {
  await s3?.destroy();
  await project?.remove();
});

/** What a command printed, and how it ended. */
interface Typed {
  code: number | null;
  output: string;
}

/**
 * Types `command` in a shell in the project copy. A server is left running until it says where
 * it listens (or that it waits for changes), its first page is fetched, and it is stopped with
 * the process group npm or npx started.
 */
function type(command: string): Promise<Typed & { status?: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-c', command], { cwd: project.root, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    let stopping = false;
    const stop = () => {
      stopping = true;
      process.kill(-child.pid!, 'SIGTERM');
    };
    const onData = async (chunk: Buffer) => {
      output += chunk.toString();
      if (stopping || !SERVER.test(command)) return;
      const address = /at (http:\/\/localhost:\d+\S*)/.exec(output)?.[1];
      if (address) {
        stopping = true;
        const status = await fetch(address).then((r) => r.status, reject);
        stop();
        child.once('close', () => resolve({ code: 0, output, status: status as number }));
      } else if (/sitegen check: waiting for changes/.test(output)) {
        stop();
        child.once('close', () => resolve({ code: 0, output }));
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('close', (code) => {
      if (!stopping) resolve({ code, output });
    });
  });
}

/** The value sitegen is given for each placeholder, options in brackets taken, the first of a choice. */
function filledIn(command: string): string {
  return command
    .replace(/\[([^\]]*)\]/g, '$1')
    .replace(/(\w+)(\|\w+)+/g, '$1')
    .replace(/\b[A-Z][A-Z_]*\b/g, (word) => {
      if (!(word in PLACEHOLDERS)) throw new Error(`"${word}" in \`${command}\` stands for no value this test knows: add it to PLACEHOLDERS`);
      return PLACEHOLDERS[word]!;
    });
}

const where = (block: CommandBlock) => `${block.file}:${block.line}`;

describe('the fenced command blocks of README.md and docs/', () => {
  it('are each run here, shown as an example output, or marked with why they cannot run', () => {
    expect(blocks.length).toBeGreaterThan(0);
    const unmarked = blocks.filter((b) => b.marker.kind === 'none').map(where);
    expect(unmarked, 'put <!-- run --> or <!-- not run: REASON --> on the line before each').toEqual([]);
  });

  for (const block of blocks.filter((b) => b.marker.kind === 'run'))
    it(`${where(block)} runs as written`, async () => {
      const marker = block.marker as { kind: 'run'; setup?: string };
      if (marker.setup) expect(await type(marker.setup), `the set-up of ${where(block)}`).toMatchObject({ code: 0 });
      for (const command of block.commands) {
        const typed = await type(command);
        expect({ command, code: typed.code, output: typed.code === 0 ? '' : typed.output }).toEqual({ command, code: 0, output: '' });
        if (typed.status !== undefined) expect(typed.status, command).toBe(200);
      }
    }, 240_000);
});

describe('the commands written inline in README.md and docs/', () => {
  const commands = [...new Set(inline.map((c) => c.command))];
  const told = (command: string) => inline.filter((c) => c.command === command).map((c) => `${c.file}:${c.line}`);

  it('are each typed here, typed as written by another check, or (with words to replace) accepted by sitegen', () => {
    const unknown = commands.filter((c) => !TYPED.includes(c) && !(c in TYPED_ELSEWHERE) && !hasPlaceholder(c));
    expect(
      unknown.map((c) => `${c} (${told(c).join(', ')})`),
      'add each to TYPED, or to TYPED_ELSEWHERE with the file that runs it',
    ).toEqual([]);
  });

  it('typed by another check are in that check as written, and name a script package.json has', () => {
    const scripts = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    for (const [command, file] of Object.entries(TYPED_ELSEWHERE)) {
      const text = readFileSync(path.join(ROOT, file), 'utf8');
      if (file === 'tests/workflows/workflows.test.ts')
        expect(text, `${file} checks that a job types ${command}`).toContain("'npm run test:${{ matrix.lane }}'");
      else expect(text, `${file} types ${command}`).toContain(command);
      const script = /^npm run ([\w:-]+)/.exec(command)?.[1];
      if (script) expect(scripts[script], command).toBeDefined();
    }
  });

  it('with words to replace are accepted by sitegen once each word is a value, and run scripts that exist', async () => {
    const scripts = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    for (const command of commands.filter(hasPlaceholder)) {
      if (command.startsWith('npx sitegen ')) {
        const argv = filledIn(command).split(/\s+/).slice(2);
        const parsed = await parseOnly(argv);
        expect({ command, acting: parsed.acting, stderr: parsed.stderr }).toEqual({ command, acting: argv[0], stderr: '' });
      } else if (command.startsWith('npm run ')) {
        expect(scripts[command.split(/\s+/)[2]!], command).toBeDefined();
      } else if (command.startsWith('node ')) {
        expect(existsSync(path.join(ROOT, command.split(/\s+/)[1]!)), command).toBe(true);
      }
    }
  });

  for (const command of TYPED)
    it(`\`${command}\` works as written`, async () => {
      expect(told(command), `no page tells a person to type \`${command}\` any more: take it out of TYPED`).not.toEqual([]);
      const typed = await type(command);
      expect({ code: typed.code, output: typed.code === 0 ? '' : typed.output }).toEqual({ code: 0, output: '' });
      if (typed.status !== undefined) expect(typed.status).toBe(200);
    }, 180_000);
});

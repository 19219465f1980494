import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import packageJson from '../../package.json' with { type: 'json' };
import { sourceDateEpochProblem } from '../../src/config.ts';
import { runCli } from '../helpers/fixture.ts';

const HELP = path.resolve(import.meta.dirname, '../../bin/help.txt');
/** A module hook that makes loading bin/generator.mjs (and so the generator) throw: in-thread where Node has registerHooks, else through register (Node 20). */
const REFUSE_GENERATOR = `data:text/javascript,${encodeURIComponent(
  [
    `import * as module from 'node:module';`,
    `function resolve(s, c, next) { if (s.endsWith('generator.mjs')) throw new Error('the generator was loaded'); return next(s, c); }`,
    `if (module.registerHooks) module.registerHooks({ resolve });`,
    `else module.register('data:text/javascript,' + encodeURIComponent('export ' + resolve.toString()));`,
  ].join('\n'),
)}`;

describe('the command line', () => {
  it('prints its version', async () => {
    for (const flag of ['--version', '-V']) expect(await runCli(flag)).toEqual({ code: 0, stdout: `${packageJson.version}\n`, stderr: '' });
  });

  it('answers --version and --help from bin/sitegen.mjs without loading the generator, with the help the command line prints', async () => {
    const help = await runCli('--help');
    expect(help.code).toBe(0);
    if (process.env.SITEGEN_WRITE_DOCS) writeFileSync(HELP, help.stdout);
    expect(
      readFileSync(HELP, 'utf8'),
      'bin/help.txt differs from sitegen --help (SITEGEN_WRITE_DOCS=1 npx vitest run tests/cli/options.test.ts rewrites it)',
    ).toBe(help.stdout);
    // Run as a user runs it, with the generator's loader made to fail: neither answer may reach it.
    const bin = path.resolve(import.meta.dirname, '../../bin/sitegen.mjs');
    for (const [flags, expected] of [
      [['--help'], help.stdout],
      [['-h'], help.stdout],
      [['--version'], `${packageJson.version}\n`],
      [['-V'], `${packageJson.version}\n`],
    ] as const) {
      const run = spawnSync(process.execPath, ['--import', REFUSE_GENERATOR, bin, ...flags], { encoding: 'utf8' });
      expect({ status: run.status, stdout: run.stdout, stderr: run.stderr }, flags.join(' ')).toEqual({ status: 0, stdout: expected, stderr: '' });
    }
  });

  it('names a --content folder that does not exist as a usage error (exit 2), for every command that reads content', async () => {
    const missing = path.resolve('no-such-content-folder');
    for (const command of ['build', 'check', 'watch']) {
      const { code, stderr } = await runCli(command, '--content', 'no-such-content-folder');
      expect(code, command).toBe(2);
      expect(stderr, command).toContain(`option '--content <dir>' argument 'no-such-content-folder' is invalid. no folder ${missing}`);
    }
  });

  it('refuses a SOURCE_DATE_EPOCH that is not a time, instead of ignoring it (it decides which articles are published)', async () => {
    process.env.SOURCE_DATE_EPOCH = 'abc';
    try {
      for (const args of [['build', '--out', path.resolve('never-written')], ['check']]) {
        const { code, stdout, stderr } = await runCli(...args);
        expect({ code, stdout, stderr }, args[0]).toEqual({
          code: 2,
          stdout: '',
          stderr: 'sitegen: SOURCE_DATE_EPOCH must be a whole number of seconds since 1970-01-01 (it is "abc")\n',
        });
      }
      // Past 9999 no content date (four-digit years) can be compared with the build's day.
      for (const late of ['253402300800', '99999999999999']) {
        process.env.SOURCE_DATE_EPOCH = late;
        expect(await runCli('check')).toEqual({
          code: 2,
          stdout: '',
          stderr: `sitegen: SOURCE_DATE_EPOCH is past 9999-12-31T23:59:59Z, the last time a build can have (253402300799; it is ${late})\n`,
        });
      }
      expect(sourceDateEpochProblem({ SOURCE_DATE_EPOCH: '253402300799' })).toBeUndefined();
    } finally {
      delete process.env.SOURCE_DATE_EPOCH;
    }
  });

  it('refuses a URL the URL parser reads otherwise than it is written: no host, a user before an @, a port it drops, a .. part', async () => {
    for (const written of [
      'https:///x',
      'https:x',
      'http:/x',
      'https://',
      'https://a.example\\@b.example',
      'https://www.touchline.example:443',
      'https://x.example/a/../b',
    ]) {
      const { code, stderr } = await runCli('build', '--out', path.resolve('never-written'), '--site-url', written);
      expect(code, written).toBe(2);
      expect(stderr, written).toContain(`option '--site-url <url>' argument '${written}' is invalid.`);
    }
    const { code, stderr } = await runCli('diff', 'a', 'b', '--preview-url', 'https:///previews/pr-7');
    expect({ code, stderr: stderr.split('\n')[0] }).toEqual({
      code: 2,
      stderr:
        "error: option '--preview-url <url>' argument 'https:///previews/pr-7' is invalid. names no host right after https:// (a browser would read previews out of what follows)",
    });
  });

  it('refuses an --allowed-host that is no host name, for serve and watch', async () => {
    for (const command of [['serve', 'dist'], ['watch']]) {
      const { code, stderr } = await runCli(...command, '--allowed-host', 'https://preview.example.test');
      expect(code, command[0]).toBe(2);
      expect(stderr.split('\n')[0], command[0]).toBe(
        `error: option '--allowed-host <name>' argument 'https://preview.example.test' is invalid. "https://preview.example.test" is not a host name: give a name such as preview.example.test or an address such as 192.168.1.20, without a port or a scheme`,
      );
    }
  });

  it('refuses a SITEGEN_WORKER_THRESHOLD that is not a count of files', async () => {
    process.env.SITEGEN_WORKER_THRESHOLD = 'many';
    try {
      expect(await runCli('build', '--out', path.resolve('never-written'))).toEqual({
        code: 2,
        stdout: '',
        stderr: 'sitegen: SITEGEN_WORKER_THRESHOLD must be a whole number of markdown files (it is "many")\n',
      });
    } finally {
      delete process.env.SITEGEN_WORKER_THRESHOLD;
    }
  });
});

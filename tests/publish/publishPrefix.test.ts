import http from 'node:http';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OUTPUT_MARKER } from '../../src/config.ts';
import type { BuildMode } from '../../src/hosting/buildMode.ts';
import { listen } from '../../src/serve/server.ts';
import { markBuilt, smallBuiltSite } from '../helpers/builtSite.ts';
import { runCli } from '../helpers/fixture.ts';
import { s3Environment } from '../helpers/s3.ts';

/** Every value the hostile trial passed as --prefix, each of which once wrote or deleted outside its place. */
const HOSTILE = ['', '/', '//', '///', 'zz/../', '../x', '..', './', 'a\\b/', ' ', '\n', 'previews//pr'];

let site: string;
let server: http.Server;
let endpoint: string;
/** Every request the endpoint received: a refused prefix must make none. */
const requests: string[] = [];
const savedEnv = { ...process.env };

beforeAll(async () => {
  site = await smallBuiltSite();
  // Stands in for a bucket: an empty listing for every list request, 404 for anything else.
  server = http.createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    req.resume();
    if (req.method === 'GET' && req.url?.includes('list-type=2')) {
      res.writeHead(200, { 'Content-Type': 'application/xml' });
      res.end(
        '<?xml version="1.0" encoding="UTF-8"?><ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>b</Name><KeyCount>0</KeyCount><MaxKeys>1000</MaxKeys><IsTruncated>false</IsTruncated></ListBucketResult>',
      );
      return;
    }
    res.writeHead(404, { 'Content-Type': 'application/xml' });
    res.end('<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchKey</Code><Message>none</Message></Error>');
  });
  endpoint = `http://127.0.0.1:${await listen(server, 0)}`;
  Object.assign(process.env, s3Environment(site));
});
afterAll(async () => {
  process.env = savedEnv;
  server?.close();
  await rm(site, { recursive: true, force: true });
});
beforeEach(() => {
  requests.length = 0;
});

/** The prefix of each listing the endpoint was asked for (null for the whole bucket), sorted; and whether every request only read. */
const listings = () => ({
  prefixes: requests
    .map((r) => new URL(r.split(' ')[1]!, endpoint).searchParams)
    .filter((query) => query.has('list-type'))
    .map((query) => query.get('prefix'))
    .sort(),
  readOnly: requests.every((r) => /^(GET|HEAD) /.test(r)),
});

const publish = (...args: string[]) => runCli('publish', site, '--bucket', 'b', '--endpoint', endpoint, '--region', 'us-east-1', ...args);

describe('sitegen publish --prefix', () => {
  it.each(
    HOSTILE.flatMap((value) => [
      [value, 'publish'],
      [value, 'publish --delete'],
      [value, '--delete-all'],
    ]),
  )('refuses %j (%s) with exit 2 before any request, in one line naming the fault', async (value, mode) => {
    const extra = mode === 'publish' ? [] : [mode.split(' ').at(-1)!];
    const { code, stdout, stderr } = await publish('--prefix', value, ...extra);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    // The value escaped (a newline shows as \n), then the fault, on one line.
    expect(stderr.startsWith(`sitegen publish: --prefix ${JSON.stringify(value)}: `), stderr).toBe(true);
    expect(stderr.indexOf('\n')).toBe(stderr.length - 1);
    expect(requests).toEqual([]);
  });

  it('lists and publishes at an accepted prefix normalised to one trailing slash', async () => {
    await markBuilt(site, { base: '/previews/pr-7' });
    try {
      for (const value of ['previews/pr-7', 'previews/pr-7/']) {
        requests.length = 0;
        const { code, stdout } = await publish('--prefix', value, '--dry-run');
        expect(code).toBe(0);
        expect(stdout).toMatch(/^s3:\/\/b\/previews\/pr-7\/: upload 5 files/);
        // Its own prefix, and the markers that say what sites the bucket holds.
        expect(listings()).toEqual({ prefixes: ['.sitegen-sites/', 'previews/pr-7/'], readOnly: true });
      }
    } finally {
      await markBuilt(site);
    }
  });

  it('refuses a site built for another place before any request, whatever --force says', async () => {
    const refused: [Partial<BuildMode> | undefined, string[]][] = [
      [{ drafts: true }, []],
      [{ base: '/previews/pr-7', drafts: true }, []],
      [{}, ['--prefix', 'previews/pr-7/']],
      [{ base: '/previews/pr-7' }, ['--prefix', 'previews/pr-8/']],
      [undefined, []],
    ];
    try {
      for (const [mode, args] of refused) {
        if (mode) await markBuilt(site, mode);
        else await rm(path.join(site, OUTPUT_MARKER));
        for (const extra of [[], ['--force'], ['--delete', '--dry-run']]) {
          const { code, stdout, stderr } = await publish(...args, ...extra);
          expect({ code, stdout, lines: stderr.split('\n').length }, `${JSON.stringify(mode)} ${args.join(' ')} ${extra.join(' ')}`).toEqual({
            code: 2,
            stdout: '',
            lines: 2,
          });
          expect(stderr).toMatch(/^sitegen publish: /);
        }
      }
      expect(requests).toEqual([]);
    } finally {
      await markBuilt(site);
    }
  });

  it('publishes at the bucket root only when --prefix is left out, and never deletes it all', async () => {
    const root = await publish('--dry-run');
    expect(root.code).toBe(0);
    expect(root.stdout).toMatch(/^s3:\/\/b\/: upload 5 files/);
    expect(listings()).toEqual({ prefixes: ['.sitegen-sites/', null], readOnly: true });
    requests.length = 0;
    const all = await publish('--delete-all');
    expect(all).toEqual({
      code: 2,
      stdout: '',
      stderr: 'sitegen publish: --delete-all needs a --prefix (such as previews/pr-42/): it never deletes a whole bucket\n',
    });
    expect(requests).toEqual([]);
  });
});

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OUTPUT_MARKER } from '../../src/config.ts';
import { runCli } from '../helpers/fixture.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'sitegen-publish-config-'));
  // A plain build, as far as publish can tell before it asks the bucket anything.
  await writeFile(path.join(dir, 'index.html'), '<!doctype html><title>Touchline</title>\n');
  await writeFile(path.join(dir, OUTPUT_MARKER), JSON.stringify({ generator: 'sitegen', mode: { drafts: false, base: '', siteUrl: null } }));
  // No region anywhere the SDK looks: not in the environment, not in a profile.
  for (const name of ['AWS_REGION', 'AWS_DEFAULT_REGION', 'AWS_PROFILE']) vi.stubEnv(name, undefined);
  vi.stubEnv('AWS_CONFIG_FILE', path.join(dir, 'no-config'));
  vi.stubEnv('AWS_SHARED_CREDENTIALS_FILE', path.join(dir, 'no-credentials'));
});
afterEach(async () => {
  vi.unstubAllEnvs();
  await rm(dir, { recursive: true, force: true });
});

describe('publish with configuration it can judge before any request', () => {
  it('says a missing region in one line, exit 2 (a usage error, not a failed publish), sending nothing', async () => {
    // The endpoint answers nothing: a request would fail otherwise, and later.
    for (const extra of [[], ['--delete-all', '--prefix', 'pr-42/']]) {
      const run = await runCli('publish', dir, '--bucket', 'touchline-previews-example', '--endpoint', 'http://127.0.0.1:9', ...extra);
      expect({ code: run.code, stdout: run.stdout, stderr: run.stderr }, extra.join(' ')).toEqual({
        code: 2,
        stdout: '',
        stderr: 'sitegen publish: no region: pass --region, or set AWS_REGION (or a region in the AWS profile); nothing was sent to the bucket\n',
      });
    }
  });
});

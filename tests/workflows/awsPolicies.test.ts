import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SCRIPT = path.join(ROOT, 'bin/awsPolicies.mjs');
const dir = mkdtempSync(path.join(os.tmpdir(), 'sitegen-aws-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const run = (...args: string[]) => spawnSync(process.execPath, [SCRIPT, ...args], { cwd: dir, encoding: 'utf8' });
const VALUES = [
  '--account',
  '210987654321',
  '--repository',
  'touchline/web',
  '--site-bucket',
  'www-touchline-example',
  '--preview-bucket',
  'touchline-previews-example',
];

describe('node bin/awsPolicies.mjs, as docs/operators/setup.md runs it', () => {
  it('writes each document setup.md names, as JSON, every placeholder filled with the values given', () => {
    const { status, stdout, stderr } = run(...VALUES, '--out', 'aws-policies');
    expect(stderr).toBe('');
    expect(status).toBe(0);
    const names = [
      'live-trust.json',
      'live-permissions.json',
      'preview-trust.json',
      'preview-permissions.json',
      'live-public-read.json',
      'preview-public-read.json',
    ];
    expect(stdout).toBe(names.map((name) => `wrote aws-policies/${name}\n`).join(''));
    expect(readdirSync(path.join(dir, 'aws-policies')).sort()).toEqual([...names].sort());
    const setup = readFileSync(path.join(ROOT, 'docs/operators/setup.md'), 'utf8');
    for (const name of names) {
      const text = readFileSync(path.join(dir, 'aws-policies', name), 'utf8');
      expect(() => JSON.parse(text), name).not.toThrow();
      expect(text, name).not.toMatch(/\{\{|\}\}|OWNER|REPO\b|123456789012/);
      expect(setup, name).toContain(`file://aws-policies/${name}`);
    }
    const file = (name: string) => readFileSync(path.join(dir, 'aws-policies', name), 'utf8');
    expect(file('live-trust.json')).toContain('"arn:aws:iam::210987654321:oidc-provider/token.actions.githubusercontent.com"');
    expect(file('live-trust.json')).toContain('"repo:touchline/web:ref:refs/heads/main"');
    expect(file('preview-trust.json')).toContain('"repo:touchline/web:pull_request"');
    expect(JSON.parse(file('live-public-read.json')).Statement[0].Resource).toBe('arn:aws:s3:::www-touchline-example/*');
    expect(JSON.parse(file('preview-public-read.json')).Statement[0].Resource).toBe('arn:aws:s3:::touchline-previews-example/*');
  });

  it('uses every template of ops/aws', () => {
    const used = new Set([...readFileSync(SCRIPT, 'utf8').matchAll(/template: '([\w-]+\.json)'/g)].map((m) => m[1]));
    expect(new Set(readdirSync(path.join(ROOT, 'ops/aws')))).toEqual(used);
  });

  it('refuses values AWS or GitHub would refuse, each in a line naming its option, with exit 2 and nothing written', () => {
    const { status, stdout, stderr } = run(
      '--account',
      '1234-5678-9012',
      '--repository',
      'https://github.com/touchline/web',
      '--site-bucket',
      'www_touchline',
      '--preview-bucket',
      'www_touchline',
      '--out',
      'refused',
    );
    expect(status).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toBe(
      [
        'awsPolicies: --account "1234-5678-9012" is not an AWS account\'s ID: 12 digits, such as 123456789012',
        'awsPolicies: --repository "https://github.com/touchline/web" is not a GitHub repository\'s OWNER/REPO, such as touchline/web',
        'awsPolicies: --site-bucket "www_touchline" holds "_": a bucket name has lowercase letters, digits, dots and hyphens only',
        'awsPolicies: --preview-bucket "www_touchline" holds "_": a bucket name has lowercase letters, digits, dots and hyphens only',
        'awsPolicies: --site-bucket and --preview-bucket are the same: previews need a bucket of their own',
        '',
      ].join('\n'),
    );
    expect(existsSync(path.join(dir, 'refused'))).toBe(false);
    expect(run('--account', '210987654321').stderr).toBe(
      'awsPolicies: --repository is missing\nawsPolicies: --site-bucket is missing\nawsPolicies: --preview-bucket is missing\nawsPolicies: --out is missing\n',
    );
    expect(run(...VALUES, '--out', 'x', '--bucket', 'y')).toMatchObject({ status: 2, stderr: "awsPolicies: Unknown option '--bucket'\n" });
  });
});

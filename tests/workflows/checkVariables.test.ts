import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { addressProblem, bucketProblem, endpointProblem, regionProblem, roleProblem } from '../../bin/checkVariables.mjs';

const SCRIPT = path.resolve(import.meta.dirname, '../../bin/checkVariables.mjs');

describe('the forms bin/checkVariables.mjs checks', () => {
  it('takes bucket names S3 takes, and names what is wrong with the others', () => {
    for (const name of ['www-touchline-example', 'abc', 'touchline.previews.example', 'a'.repeat(63)]) expect(bucketProblem(name), name).toBeUndefined();
    expect(bucketProblem('ab')).toBe('is 2 characters long: a bucket name has 3 to 63');
    expect(bucketProblem('a'.repeat(64))).toBe('is 64 characters long: a bucket name has 3 to 63');
    expect(bucketProblem('Touchline')).toBe('holds "T": a bucket name has lowercase letters, digits, dots and hyphens only');
    expect(bucketProblem('touchline_web')).toBe('holds "_": a bucket name has lowercase letters, digits, dots and hyphens only');
    expect(bucketProblem('s3://touchline')).toBe('holds ":": a bucket name has lowercase letters, digits, dots and hyphens only');
    expect(bucketProblem('-touchline')).toBe('must begin and end with a lowercase letter or a digit');
    expect(bucketProblem('touchline..web')).toBe('holds two dots in a row');
    expect(bucketProblem('192.168.5.4')).toBe('is written as an IP address, which a bucket name may not be');
    expect(bucketProblem('xn--touchline')).toBe('begins with "xn--", which S3 keeps for itself');
    expect(bucketProblem('touchline-s3alias')).toBe('ends with "-s3alias", which S3 keeps for itself');
  });

  it('takes an https address with no slash at the end, and names what is wrong with the others', () => {
    for (const value of ['https://touchline-previews.example', 'https://cdn.example/previews', 'https://previews.example:8443'])
      expect(addressProblem(value), value).toBeUndefined();
    expect(addressProblem('https://touchline-previews.example/')).toBe(
      'ends with a slash: write https://touchline-previews.example (the workflows add /pr-N/ to it)',
    );
    expect(addressProblem('https://cdn.example/previews//')).toBe('ends with a slash: write https://cdn.example/previews (the workflows add /pr-N/ to it)');
    expect(addressProblem('http://touchline-previews.example')).toBe('begins with http://: write https://');
    expect(addressProblem('touchline-previews.example')).toBe('is not an address: write https://, then the host, such as https://previews.example.com');
    expect(addressProblem('https://cdn.example//previews')).toBe('holds // in its path');
    expect(addressProblem('https://cdn.example/?x=1')).toBe('holds a ? or a #: write the host (and a path) alone');
    expect(addressProblem('https://me@cdn.example')).toBe('holds a user name before an @');
  });

  it("takes a store's endpoint in https, or in plain http on the runner itself (a self-hosted runner's store)", () => {
    for (const value of ['https://abc.r2.cloudflarestorage.com', 'http://127.0.0.1:9000', 'http://localhost:9000', 'http://[::1]:9000'])
      expect(endpointProblem(value), value).toBeUndefined();
    expect(endpointProblem('http://minio.example:9000')).toBe('begins with http://: write https://');
    expect(endpointProblem('http://127.0.0.1:9000/')).toBe('ends with a slash: write http://127.0.0.1:9000 (the workflows add /pr-N/ to it)');
  });

  it("takes an AWS region's name on AWS, and a store's own region (auto for R2) with a store", () => {
    for (const value of ['us-east-1', 'eu-west-2', 'ap-southeast-1', 'us-gov-west-1', 'il-central-1'])
      expect(regionProblem(value, false), value).toBeUndefined();
    for (const value of ['auto', 'us-east-1', 'garage']) expect(regionProblem(value, true), value).toBeUndefined();
    for (const value of ['auto', 'US-EAST-1', 'us-east-1a', 'eu west 2'])
      expect(regionProblem(value, false), value).toBe('is not an AWS region’s name, such as us-east-1 or eu-west-2');
    expect(regionProblem('Auto', true)).toBe('must be the store’s region in lowercase letters, digits and hyphens (auto for R2)');
  });

  it("takes a role's ARN, and names what is wrong with another ARN or a role's bare name", () => {
    for (const value of ['arn:aws:iam::123456789012:role/touchline-web-publish', 'arn:aws-us-gov:iam::123456789012:role/ci/touchline'])
      expect(roleProblem(value), value).toBeUndefined();
    expect(roleProblem('arn:aws:iam::123456789012:user/touchline')).toBe('is not a role’s ARN: it names no role/NAME after the account');
    expect(roleProblem('touchline-web-publish')).toBe('is not a role’s ARN, such as arn:aws:iam::123456789012:role/touchline-web-publish');
    expect(roleProblem('arn:aws:iam::1234:role/touchline')).toBe('is not a role’s ARN, such as arn:aws:iam::123456789012:role/touchline-web-publish');
  });
});

describe('node bin/checkVariables.mjs, as a workflow step runs it', () => {
  const run = (env: Record<string, string>, ...args: string[]) =>
    spawnSync(process.execPath, [SCRIPT, ...args], { encoding: 'utf8', env: { PATH: process.env.PATH, ...env } });

  it('prints an annotation per fault on stdout and exits 1, exits 0 with nothing when all is well, and 2 on a name it has no form for', () => {
    const bad = run({ PREVIEW_URL: 'https://p.example/', AWS_REGION: '' }, '--variable', 'PREVIEW_URL', '--variable', 'AWS_REGION');
    expect(bad.status).toBe(1);
    expect(bad.stdout).toBe(
      [
        '::error title=Repository variable PREVIEW_URL is malformed::PREVIEW_URL "https://p.example/" ends with a slash: write https://p.example (the workflows add /pr-N/ to it). Fix it under Settings > Secrets and variables > Actions > Variables (docs/operators/setup.md)',
        '::error title=Repository variable AWS_REGION is not set::Set AWS_REGION under Settings > Secrets and variables > Actions > Variables (docs/operators/setup.md)',
        '',
      ].join('\n'),
    );
    expect(run({ PREVIEW_URL: 'https://p.example', AWS_REGION: 'eu-west-2' }, '--variable', 'PREVIEW_URL', '--variable', 'AWS_REGION')).toMatchObject({
      status: 0,
      stdout: '',
    });
    const unknown = run({}, '--variable', 'PREVIEW_HOST');
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toBe('checkVariables: no form known for PREVIEW_HOST: add it to FORMS in bin/checkVariables.mjs\n');
  });

  it('escapes what GitHub would read as a line break in a value', () => {
    const { stdout } = run({ PREVIEW_URL: 'https://p.example/50%\n::warning::x' }, '--variable', 'PREVIEW_URL');
    expect(stdout).toBe(
      '::error title=Repository variable PREVIEW_URL is malformed::PREVIEW_URL "https://p.example/50%25%0A::warning::x" holds a space or a line break. Fix it under Settings > Secrets and variables > Actions > Variables (docs/operators/setup.md)\n',
    );
  });
});

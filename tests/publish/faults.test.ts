import { rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { smallBuiltSite } from '../helpers/builtSite.ts';
import { runCli } from '../helpers/fixture.ts';

let site: string;
let notS3: http.Server;
let answer: { status: number; type?: string; body: string };

beforeAll(async () => {
  site = await smallBuiltSite();
  // A web server, not an S3 API: what an endpoint with a wrong host or path reaches.
  notS3 = http.createServer((_, res) => {
    res.writeHead(answer.status, answer.type ? { 'Content-Type': answer.type } : {});
    res.end(answer.body);
  });
  await new Promise<void>((resolve) => notS3.listen(0, '127.0.0.1', resolve));
  for (const [name, value] of Object.entries({ AWS_ACCESS_KEY_ID: 'key', AWS_SECRET_ACCESS_KEY: 'secret', AWS_REGION: 'us-east-1' })) vi.stubEnv(name, value);
  vi.stubEnv('AWS_CONFIG_FILE', path.join(site, 'no-config'));
  vi.stubEnv('AWS_SHARED_CREDENTIALS_FILE', path.join(site, 'no-credentials'));
});
afterAll(async () => {
  vi.unstubAllEnvs();
  notS3.close();
  await rm(site, { recursive: true, force: true });
});

const web = () => `http://127.0.0.1:${(notS3.address() as AddressInfo).port}`;
const publish = (endpoint: string) => runCli('publish', site, '--bucket', 'www-touchline-example', '--endpoint', endpoint);

describe('a publish that cannot start says what to check for each kind of fault, and never to run it again', () => {
  it('an endpoint whose host name does not resolve: check its host name', async () => {
    const { code, stdout, stderr } = await publish('https://s3.touchline.invalid');
    expect({ code, stdout }).toEqual({ code: 3, stdout: '' });
    expect(stderr).toMatch(
      /^sitegen publish: cannot find s3\.touchline\.invalid \((ENOTFOUND|EAI_AGAIN)\): no such host name, so nothing was sent; check the endpoint's host name \(--endpoint or AWS_ENDPOINT_URL_S3\)\n$/,
    );
  });

  it('an endpoint where nothing listens: check its port and that the server runs', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const endpoint = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise((resolve) => closed.close(resolve));
    expect(await publish(endpoint)).toEqual({
      code: 3,
      stdout: '',
      stderr: `sitegen publish: nothing listens at ${endpoint} (ECONNREFUSED): check the endpoint's port, and that the server runs\n`,
    });
  });

  it('an https endpoint of a server that speaks plain HTTP: write http://', async () => {
    const endpoint = web().replace('http:', 'https:');
    const { code, stderr } = await publish(endpoint);
    expect(code).toBe(3);
    expect(stderr).toMatch(
      new RegExp(`^sitegen publish: ${endpoint} does not answer in TLS \\(\\w+\\): if the server takes plain HTTP, write its endpoint with http://\\n$`),
    );
  });

  it.each([
    [404, '<!DOCTYPE html><title>Not found</title>'],
    [200, '<!DOCTYPE html><title>Welcome</title>'],
  ])('a web server that answers %i with an HTML page: it does not look like an S3 API', async (status, body) => {
    answer = { status, type: 'text/html; charset=utf-8', body };
    expect(await publish(web())).toEqual({
      code: 3,
      stdout: '',
      stderr: `sitegen publish: ${web()} answered HTTP ${status} with an HTML page, where an S3 API answers in XML: it does not look like one; check the endpoint (--endpoint or AWS_ENDPOINT_URL_S3), its host and path\n`,
    });
  });

  it('a server that answers 404 with no S3 error code: it does not look like an S3 API', async () => {
    answer = { status: 404, body: '' };
    expect(await publish(web())).toEqual({
      code: 3,
      stdout: '',
      stderr: `sitegen publish: ${web()} answered HTTP 404 with no S3 error code: it does not look like an S3 API; check the endpoint (--endpoint or AWS_ENDPOINT_URL_S3), its host and path\n`,
    });
  });

  it('the same for a removal and for the diff, which read the bucket first', async () => {
    answer = { status: 404, type: 'text/html', body: '<html></html>' };
    const line = `${web()} answered HTTP 404 with an HTML page, where an S3 API answers in XML: it does not look like one; check the endpoint (--endpoint or AWS_ENDPOINT_URL_S3), its host and path\n`;
    const removal = await runCli('publish', '--bucket', 'touchline-previews-example', '--prefix', 'pr-1/', '--delete-all', '--endpoint', web());
    expect({ code: removal.code, stderr: removal.stderr }).toEqual({ code: 3, stderr: `sitegen publish: ${line}` });
    const diff = await runCli('diff', 's3://www-touchline-example/', site, '--endpoint', web());
    expect({ code: diff.code, stderr: diff.stderr }).toEqual({ code: 3, stderr: `sitegen diff: ${line}` });
  });
});

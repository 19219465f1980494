import type { EventEmitter } from 'node:events';
import http from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, PutBucketWebsiteCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { fixtureCopy, runCli } from './fixture.ts';

export const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/** The environment that gives the CLI s3rver's keys and none of the machine's (profiles, instance roles); `dir` holds no AWS files. */
export const s3Environment = (dir: string) => ({
  AWS_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
  AWS_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
  AWS_CONFIG_FILE: path.join(dir, 'no-aws-config'),
  AWS_SHARED_CREDENTIALS_FILE: path.join(dir, 'no-aws-credentials'),
  AWS_EC2_METADATA_DISABLED: 'true',
});

/** A real S3-compatible server (s3rver) on localhost, its data in a temp folder that survives restarts. */
export async function startS3() {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  const directory = await mkdtemp(path.join(os.tmpdir(), 'sitegen-s3-'));
  let server: S3rver;
  let port = 0;
  let writes = 0;
  const start = async () => {
    server = new S3rver({ address: '127.0.0.1', port, silent: true, directory });
    // s3rver is a Koa app: it emits an event for every object written.
    (server as unknown as EventEmitter).on('event', (event: { Records: { eventName: string }[] }) => {
      if (event.Records[0]?.eventName.startsWith('ObjectCreated')) writes++;
    });
    port = (await server.run()).port;
  };
  await start();
  const endpoint = () => `http://127.0.0.1:${port}`;
  const client = () =>
    new S3Client({
      endpoint: endpoint(),
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: CREDENTIALS,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });

  return {
    endpoint,
    get server() {
      return server;
    },
    /** Objects written since the last call. */
    writes() {
      const n = writes;
      writes = 0;
      return n;
    },
    /** Calls back after each object written, with its key and bucket; returns a function that stops the calls. */
    onWrite(callback: (key: string, bucket: string) => void): () => void {
      const emitter = server as unknown as EventEmitter;
      const listener = (event: { Records: { eventName: string; s3: { bucket: { name: string }; object: { key: string } } }[] }) => {
        const record = event.Records[0];
        if (record?.eventName.startsWith('ObjectCreated')) callback(record.s3.object.key, record.s3.bucket.name);
      };
      emitter.on('event', listener);
      return () => emitter.off('event', listener);
    },
    /** Starts the server again on the same port with the same data. */
    restart: start,
    /** Stops at once: open connections are cut, as when a server dies. */
    async stop() {
      const closed = server.close();
      (server as unknown as { httpServer: http.Server }).httpServer.closeAllConnections();
      await closed;
    },
    async destroy() {
      await server.close().catch(() => undefined);
      await rm(directory, { recursive: true, force: true });
    },
    /** A new bucket hosting a website: index.html for folders, 404.html for every missing key. */
    async createWebsiteBucket(name: string) {
      await client().send(new CreateBucketCommand({ Bucket: name }));
      await client().send(
        new PutBucketWebsiteCommand({ Bucket: name, WebsiteConfiguration: { IndexDocument: { Suffix: 'index.html' }, ErrorDocument: { Key: '404.html' } } }),
      );
    },
    /** Key → ETag of every object in a bucket. */
    async objects(bucket: string): Promise<Record<string, string>> {
      const result: Record<string, string> = {};
      const page = await client().send(new ListObjectsV2Command({ Bucket: bucket }));
      for (const o of page.Contents ?? []) result[o.Key!] = o.ETag!;
      return result;
    },
    async get(bucket: string, key: string) {
      const object = await client().send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      return { body: Buffer.from(await object.Body!.transformToByteArray()), contentType: object.ContentType, cacheControl: object.CacheControl };
    },
    async head(bucket: string, key: string) {
      const object = await client().send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
      return {
        contentType: object.ContentType,
        cacheControl: object.CacheControl,
        ...(object.WebsiteRedirectLocation && { websiteRedirectLocation: object.WebsiteRedirectLocation }),
      };
    },
    /** A GET through the bucket's website endpoint, the way a visitor's browser asks. */
    website(bucket: string, pathname: string): Promise<{ status: number; contentType?: string; body: string; location?: string }> {
      return new Promise((resolve, reject) => {
        const req = http.get({ host: '127.0.0.1', port, path: pathname, headers: { host: `${bucket}.s3-website-us-east-1.amazonaws.com` } }, (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, contentType: res.headers['content-type'], body, location: res.headers.location }));
        });
        req.on('error', reject);
      });
    },
  };
}

/** A built copy of the test fixture and a local S3 server whose keys the CLI is given; `remove` puts the environment back and deletes both. */
export async function builtFixtureAndS3() {
  const fx = await fixtureCopy();
  const built = await runCli('build', '--content', fx.content, '--out', fx.out, '--format', 'text');
  if (built.code !== 0) throw new Error(`the fixture did not build: ${built.stderr}`);
  const s3 = await startS3();
  const savedEnv = { ...process.env };
  Object.assign(process.env, s3Environment(fx.dir));
  return {
    fx,
    s3,
    async remove() {
      process.env = savedEnv;
      await s3.destroy();
      await fx.remove();
    },
  };
}

#!/usr/bin/env node
// npm run rehearse [-- --port N] [--content DIR]   (without --port: 4569, or the next free port)
// The publishing loop of .github/workflows/site.yml, on this machine, against a local S3-compatible
// server (s3rver) instead of a store: main's build of the project's content and its publish to the
// live bucket, then a pull request's (of the same content, or of DIR): its two builds, the review
// of the pages it changes against the live bucket, the preview (drafts shown, under /pr-1) with
// the review inside published to the preview bucket under pr-1/, and the diff its comment shows.
// The command lines are the workflow's, with the store's variables set as its key step sets them
// (AWS_ENDPOINT_URL_S3 and a key). Both buckets are then served as website endpoints until Ctrl-C;
// everything it made is in a temporary folder, removed then.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

// The SDK's notice about Node versions is not the rehearsal's business (the commands it runs say it if they must).
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
const { CreateBucketCommand, PutBucketWebsiteCommand, S3Client } = await import('@aws-sdk/client-s3');
const { default: S3rver } = await import('s3rver');

const root = path.resolve(import.meta.dirname, '..');
const { values } = parseArgs({ options: { port: { type: 'string' }, content: { type: 'string' } } });
const LIVE = 'www-touchline-example';
const PREVIEWS = 'touchline-previews-example';
// s3rver answers a website request by its Host, `BUCKET.s3-website.localhost`: browsers send
// every name under localhost to this machine.
const SERVICE = 'localhost';

// As `sitegen serve`: a port the user named is used or refused; without one, the default or one
// of the next free ports.
const DEFAULT_PORT = 4569;
const PORT_TRIES = 20;
const asked = values.port === undefined ? DEFAULT_PORT : Number(values.port);
if (!Number.isInteger(asked) || asked < 0 || asked > 65535) refuse(`--port must be a whole number from 0 to 65535, not "${values.port}"`);
const tries = values.port === undefined ? PORT_TRIES : 1;

const dir = await mkdtemp(path.join(os.tmpdir(), 'sitegen-rehearsal-'));
const s3 = new S3rver({ silent: true, directory: path.join(dir, 'buckets'), serviceEndpoint: SERVICE });
// Its own server, not s3rver's run(), whose server has no 'error' listener: a port taken would crash the process.
const server = http.createServer(s3.callback());
const port = await listenFrom(asked, tries);
if (port === undefined) {
  await rm(dir, { recursive: true, force: true });
  refuse(
    tries === 1
      ? `port ${asked} is in use: stop what listens there, or choose another --port`
      : `ports ${asked} to ${asked + tries - 1} are all in use: choose a free one with --port`,
  );
}
const moved = port !== asked && asked !== 0 ? ` (port ${asked} is in use)` : '';
const endpoint = `http://127.0.0.1:${port}`;
const website = (bucket) => `http://${bucket}.s3-website.${SERVICE}:${port}`;
const stop = async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await rm(dir, { recursive: true, force: true });
};
process.once('SIGINT', () => void stop().then(() => process.exit(0)));
process.once('SIGTERM', () => void stop().then(() => process.exit(0)));

const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials });
for (const bucket of [LIVE, PREVIEWS]) {
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  await client.send(
    new PutBucketWebsiteCommand({ Bucket: bucket, WebsiteConfiguration: { IndexDocument: { Suffix: 'index.html' }, ErrorDocument: { Key: '404.html' } } }),
  );
}

// What the key step of the workflows hands every later step, and nothing of this machine's AWS setup.
const env = {
  ...process.env,
  AWS_ACCESS_KEY_ID: credentials.accessKeyId,
  AWS_SECRET_ACCESS_KEY: credentials.secretAccessKey,
  AWS_ENDPOINT_URL_S3: endpoint,
  AWS_REGION: 'us-east-1',
  AWS_CONFIG_FILE: path.join(dir, 'no-aws-config'),
  AWS_SHARED_CREDENTIALS_FILE: path.join(dir, 'no-aws-credentials'),
  AWS_EC2_METADATA_DISABLED: 'true',
};
const content = values.content ? ['--content', path.resolve(values.content)] : [];
const live = path.join(dir, 'live');
const site = path.join(dir, 'site');
const preview = path.join(dir, 'preview');
const previewUrl = `${website(PREVIEWS)}/pr-1`;
// Each step as the workflow names it; a step the workflow lets fail (continue-on-error) is said and passed over.
const steps = [
  { name: 'Build the site', argv: ['build', '--out', live, '--format', 'text'] },
  { name: 'Publish the site', argv: ['publish', live, '--bucket', LIVE, '--delete'] },
  { name: 'Build what merging would publish', argv: ['build', ...content, '--out', site, '--format', 'text'] },
  {
    name: 'Build the preview',
    argv: ['build', ...content, '--drafts', '--base', '/pr-1', '--site-url', website(PREVIEWS), '--out', preview, '--format', 'text'],
  },
  {
    name: 'Review the changed pages',
    argv: ['review', `s3://${LIVE}/`, site, '--out', path.join(preview, 'sitegen-review'), '--images-url', `${previewUrl}/sitegen-review`],
    mayFail: true,
  },
  { name: 'Publish the preview', argv: ['publish', preview, '--bucket', PREVIEWS, '--prefix', 'pr-1/', '--delete'] },
  { name: 'List the pages the change touches', argv: ['diff', `s3://${LIVE}/`, site, '--preview-url', previewUrl] },
];
let reviewed = false;
for (const { name, argv, mayFail } of steps) {
  console.log(`\n== ${name}: sitegen ${argv.map((arg) => arg.replace(dir, '$REHEARSAL')).join(' ')}`);
  // Not spawnSync: the server answering the command runs in this process.
  const [code, signal] = await once(spawn(process.execPath, [path.join(root, 'bin/sitegen.mjs'), ...argv], { cwd: root, env, stdio: 'inherit' }), 'exit');
  if (code !== 0 && mayFail) {
    console.error(`rehearse: "${name}" exited with ${code ?? signal}; the workflow goes on without it, and so does the rehearsal`);
    continue;
  }
  if (code !== 0) {
    console.error(`rehearse: "${name}" exited with ${code ?? signal}; nothing after it ran`);
    await stop();
    process.exit(1);
  }
  if (argv[0] === 'review') reviewed = true;
}
console.log(`\nThe live site:  ${website(LIVE)}/`);
console.log(`The preview:    ${previewUrl}/`);
if (reviewed) console.log(`The review:     ${previewUrl}/sitegen-review/`);
console.log(`The S3 endpoint ${endpoint}${moved} (keys S3RVER / S3RVER), its files in ${dir}`);
console.log('Serving until Ctrl-C, which removes them.');

/** One line on stderr and exit 2, as sitegen refuses a usage. */
function refuse(message) {
  console.error(`rehearse: ${message}`);
  process.exit(2);
}

/** Listens on the first free port of `tries` from `first`; undefined when all are taken. */
async function listenFrom(first, tries) {
  for (let i = 0; i < tries; i++) {
    const listening = await new Promise((resolve, reject) => {
      const taken = (error) => (error.code === 'EADDRINUSE' ? resolve(false) : reject(error));
      server.once('error', taken);
      server.listen(first + i, '127.0.0.1', () => {
        server.off('error', taken);
        resolve(true);
      });
    });
    if (listening) return server.address().port;
  }
  return undefined;
}

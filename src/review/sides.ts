import { GetObjectCommand } from '@aws-sdk/client-s3';
import { stat } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { manifestOfFolder, type PageManifest } from '../diff/pageManifest.ts';
import { contentTypeFor } from '../hosting/policy.ts';
import { Bucket, type BucketOptions } from '../publish/bucket.ts';
import { describeError } from '../publish/describeError.ts';
import { isBucketLocation, parseBucketLocation, readPublishedPages } from '../publish/publishedPages.ts';
import { createSiteServer, listen } from '../serve/server.ts';
import { parseTarget } from '../serve/requestTarget.ts';

/** One side of a review, served on this machine: its pages are captured from `origin`. */
export interface ReviewSide {
  /** The first read of the bucket that failed, said as publish says it (a review of pages the server could not read is no review). */
  readonly failure?: string;
  /** As the user named it (a folder, or `s3://BUCKET/PREFIX/`). */
  name: string;
  manifest: PageManifest;
  /** `http://127.0.0.1:PORT`: the site answers at its root, as it does where it is published. */
  origin: string;
  /** Whether it has no page at all (a bucket before its first publish). */
  empty: boolean;
  close(): Promise<void>;
}

/** Why a side cannot be reviewed, said in one line (exit 2, or 3 for a bucket that cannot be read). */
export class SideProblem extends Error {
  constructor(
    message: string,
    readonly bucket = false,
  ) {
    super(message);
  }
}

async function served(server: http.Server): Promise<{ origin: string; close: () => Promise<void> }> {
  const port = await listen(server, 0);
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A site published in a bucket, answered key by key as its website endpoint would: a page at its
 * route, any other file at its path, 404.html for the rest. Only what the captured pages load is
 * read, so a review's cost follows its pages, not the size of the site.
 */
function bucketServer(bucket: Bucket, prefix: string, failed: (message: string) => void): http.Server {
  const cache = new Map<string, Promise<{ body: Buffer; type: string } | undefined>>();
  const read = (key: string) => {
    if (!cache.has(key))
      cache.set(
        key,
        bucket.client
          .send(new GetObjectCommand({ Bucket: bucket.options.bucket, Key: prefix + key }))
          .then(async (object) => ({ body: Buffer.from(await object.Body!.transformToByteArray()), type: object.ContentType ?? contentTypeFor(key) }))
          .catch((error: Error) => {
            if (error.name === 'NoSuchKey') return undefined;
            throw error;
          }),
      );
    return cache.get(key)!;
  };
  return http.createServer((req, res) => {
    const target = parseTarget(req.url);
    const key = 'refused' in target ? undefined : target.key.replace(/\/+$/, '') || 'index.html';
    const answer = async () => {
      const found = key === undefined || key.split('/').some((part) => part.startsWith('.')) ? undefined : await read(key);
      const page = found ?? (await read('404.html'));
      res.writeHead(found ? 200 : 404, { 'Content-Type': page?.type ?? 'text/plain; charset=utf-8', 'Content-Length': page?.body.length ?? 9 });
      res.end(page?.body ?? 'Not found');
    };
    answer().catch((error: unknown) => {
      failed(describeError(error, { bucket: bucket.options.bucket, endpoint: bucket.options.endpoint }));
      if (!res.headersSent) res.writeHead(502, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('The bucket could not be read.\n');
    });
  });
}

/** Serves a side: a built folder as `sitegen serve` does, or the site published at `s3://BUCKET/PREFIX/`. */
export async function openSide(name: string, options: Omit<BucketOptions, 'bucket'>): Promise<ReviewSide> {
  if (!isBucketLocation(name)) {
    const info = await stat(name).catch(() => undefined);
    if (!info?.isDirectory())
      throw new SideProblem(`no built folder ${path.resolve(name)}: a review captures pages, so each side is a built folder or s3://BUCKET/PREFIX/`);
    let manifest: PageManifest;
    try {
      manifest = await manifestOfFolder(name);
    } catch (error) {
      throw new SideProblem((error as Error).message);
    }
    const server = await served(createSiteServer(name));
    return { name, manifest, empty: !Object.keys(manifest.pages).length, ...server };
  }
  const site = parseBucketLocation(name);
  if ('problem' in site) throw new SideProblem(site.problem);
  const bucket = new Bucket({ ...options, bucket: site.bucket });
  // A page is HTML: the check that takes an HTML answer for a wrong endpoint's is left to the manifest's read, made first.
  bucket.client.middlewareStack.remove('notS3Answer');
  let manifest: PageManifest;
  try {
    ({ manifest } = await readPublishedPages(site, options));
  } catch (error) {
    throw new SideProblem(describeError(error, { bucket: site.bucket, endpoint: options.endpoint }), true);
  }
  const failures: string[] = [];
  const server = await served(bucketServer(bucket, site.prefix, (message) => failures.push(message)));
  return {
    name,
    manifest,
    empty: !Object.keys(manifest.pages).length,
    ...server,
    get failure() {
      return failures[0];
    },
  };
}

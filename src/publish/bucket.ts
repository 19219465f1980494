import { createHash } from 'node:crypto';
import { DeleteObjectsCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { DeserializeMiddleware, MetadataBearer } from '@smithy/types';
import { z } from 'zod';
import { buildModeSchema, type BuildMode } from '../hosting/buildMode.ts';
import { PART_SIZE } from './etag.ts';
import type { PublishManifest, RemoteObject } from './plan.ts';

export interface BucketOptions {
  bucket: string;
  region?: string;
  endpoint?: string;
}

/** Object headers of an upload. */
export interface ObjectHeaders {
  contentType: string;
  cacheControl: string;
  /** x-amz-website-redirect-location: the website endpoint answers the key with a 301 to it. */
  websiteRedirectLocation?: string;
}

/**
 * A server at the endpoint answered a request with an HTML page: a website, a proxy or a console,
 * not an S3 API (whose answers, errors included, are XML). Said before the SDK reads the page as
 * an empty listing (200) or an error with no code (`NotFound: UnknownError`).
 */
export class NotS3Answer extends Error {
  override name = 'NotS3Answer';
  constructor(readonly status: number) {
    super(`HTTP ${status} with an HTML page`);
  }
}

const manifestSchema = z.object({ retired: z.record(z.string(), z.string()), insideSite: z.string().optional() });

/**
 * The bucket, through the AWS SDK: credentials from the standard chain (environment, profile,
 * SSO, instance role); throttling and 5xx answers retried with backoff by the SDK's standard mode.
 */
export class Bucket {
  readonly client: S3Client;

  constructor(readonly options: BucketOptions) {
    // The lockfile pins an SDK release that supports Node 20; its notice about later releases is noise in CI logs.
    process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      // S3-compatible servers (MinIO, R2, emulators) address buckets by path, not by host name.
      forcePathStyle: Boolean(options.endpoint),
      maxAttempts: 5,
      retryMode: 'standard',
      // Checksums only where S3 requires them: some S3-compatible servers store the framing of
      // streamed checksum uploads as part of the object.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    // Between the server and the SDK's reading of its answer; a 5xx page of a proxy is left to the retries.
    const refuseHtml: DeserializeMiddleware<object, MetadataBearer> = (next) => async (args) => {
      const result = await next(args);
      const response = result.response as { statusCode?: number; headers?: Record<string, string> };
      const status = response.statusCode ?? 0;
      if (status < 500 && /^text\/html\b/i.test(response.headers?.['content-type'] ?? '')) throw new NotS3Answer(status);
      return result;
    };
    this.client.middlewareStack.addRelativeTo(refuseHtml, { name: 'notS3Answer', relation: 'after', toMiddleware: 'deserializerMiddleware' });
  }

  /**
   * What of the configuration is missing that no request would get past, said before any request:
   * the region (from --region, AWS_REGION or the profile; the SDK reads it without the network).
   */
  async configurationProblem(): Promise<string | undefined> {
    try {
      await this.client.config.region();
      return undefined;
    } catch {
      return 'no region: pass --region, or set AWS_REGION (or a region in the AWS profile)';
    }
  }

  async list(prefix: string): Promise<RemoteObject[]> {
    const objects: RemoteObject[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.options.bucket, Prefix: prefix || undefined, ContinuationToken: token }));
      for (const o of page.Contents ?? []) {
        if (o.Key) objects.push({ key: o.Key, etag: (o.ETag ?? '').replace(/"/g, ''), size: o.Size ?? 0 });
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return objects;
  }

  /** The manifest of the last publish; an empty one when there is none or it is unreadable. */
  async readManifest(key: string): Promise<PublishManifest> {
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.options.bucket, Key: key }));
      const parsed = manifestSchema.safeParse(JSON.parse((await object.Body?.transformToString()) ?? ''));
      return parsed.success ? parsed.data : { retired: {} };
    } catch (error) {
      if ((error as Error).name === 'NoSuchKey' || error instanceof SyntaxError) return { retired: {} };
      throw error;
    }
  }

  /** How the site whose page manifest is at `key` was built, as it records; undefined when there is none, or it does not say. */
  async readPageMode(key: string): Promise<BuildMode | undefined> {
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.options.bucket, Key: key }));
      const { mode } = z.object({ mode: buildModeSchema }).safeParse(JSON.parse((await object.Body?.transformToString()) ?? '')).data ?? {};
      return mode;
    } catch (error) {
      if ((error as Error).name === 'NoSuchKey' || error instanceof SyntaxError) return undefined;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.options.bucket, Key: key }));
      return true;
    } catch (error) {
      if ((error as Error).name === 'NotFound' || (error as Error).name === 'NoSuchKey') return false;
      throw error;
    }
  }

  async put(key: string, body: Buffer, headers: ObjectHeaders): Promise<void> {
    const params = {
      Bucket: this.options.bucket,
      Key: key,
      Body: body,
      ContentType: headers.contentType,
      CacheControl: headers.cacheControl,
      WebsiteRedirectLocation: headers.websiteRedirectLocation,
    };
    if (body.length > PART_SIZE) {
      await new Upload({ client: this.client, params, partSize: PART_SIZE, queueSize: 2 }).done();
      return;
    }
    // Buffers, not streams, with their MD5: the server checks the bytes it received.
    const ContentMD5 = createHash('md5').update(body).digest('base64');
    await this.client.send(new PutObjectCommand({ ...params, ContentMD5 }));
  }

  async delete(keys: string[]): Promise<void> {
    for (let i = 0; i < keys.length; i += 1000) {
      const batch = keys.slice(i, i + 1000);
      const result = await this.client.send(
        new DeleteObjectsCommand({ Bucket: this.options.bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }),
      );
      const failed = result.Errors?.[0];
      if (failed) throw Object.assign(new Error(`${failed.Key}: ${failed.Message ?? failed.Code}`), { name: failed.Code ?? 'DeleteFailed' });
    }
  }
}

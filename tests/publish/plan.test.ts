import { describe, expect, it } from 'vitest';
import { CACHE_IMMUTABLE, CACHE_REVALIDATE } from '../../src/hosting/policy.ts';
import { PART_SIZE, s3Etags } from '../../src/publish/etag.ts';
import { planPublish, type PlanOptions, type RemoteObject } from '../../src/publish/plan.ts';
import type { SiteFile } from '../../src/publish/siteObjects.ts';

const file = (name: string, etag: string, keys = [name]): SiteFile => ({
  file: name,
  keys,
  size: 10,
  etags: [etag],
  contentType: 'text/plain',
  cacheControl: name.startsWith('assets/') ? CACHE_IMMUTABLE : CACHE_REVALIDATE,
  phase: name.endsWith('.html') ? 'pages' : 'assets',
});
const remote = (key: string, etag: string, size = 10): RemoteObject => ({ key, etag, size });
const now = new Date('2026-11-22T12:00:00Z');
const options = (over: Partial<PlanOptions> = {}): PlanOptions => ({ prefix: '', delete: false, force: false, assetRetentionMs: 7 * 86_400_000, now, ...over });

describe('planPublish', () => {
  it('uploads new and changed files, assets before pages, and counts the rest as unchanged', () => {
    const files = [
      file('about/index.html', 'a1', ['about/index.html', 'about']),
      file('assets/site-2POPKNUT.css', 'c1'),
      file('images/logo.svg', 'l1'),
      file('index.html', 'i1'),
    ];
    const plan = planPublish(
      files,
      [remote('about/index.html', 'a0'), remote('about', 'a0'), remote('images/logo.svg', 'l1'), remote('index.html', 'i1')],
      { retired: {} },
      options(),
    );
    expect(plan.uploads.map((f) => f.file)).toEqual(['assets/site-2POPKNUT.css', 'about/index.html']);
    expect(plan.unchanged).toBe(2);
    expect(plan.uploadBytes).toBe(30);
  });

  it('uploads a page again when one of its keys is missing or differs in size', () => {
    const about = file('about/index.html', 'a1', ['about/index.html', 'about']);
    expect(planPublish([about], [remote('about/index.html', 'a1')], { retired: {} }, options()).uploads).toEqual([about]);
    expect(planPublish([about], [remote('about/index.html', 'a1'), remote('about', 'a1', 11)], { retired: {} }, options()).uploads).toEqual([about]);
    expect(planPublish([about], [remote('about/index.html', 'a1'), remote('about', 'a1')], { retired: {} }, options()).uploads).toEqual([]);
  });

  it('uploads everything with force', () => {
    const plan = planPublish([file('index.html', 'i1')], [remote('index.html', 'i1')], { retired: {} }, options({ force: true }));
    expect(plan.uploads).toHaveLength(1);
  });

  it('keeps stale objects without delete, and remembers when hashed assets were retired', () => {
    const plan = planPublish(
      [file('index.html', 'i1')],
      [remote('index.html', 'i1'), remote('old/index.html', 'o'), remote('assets/old-2POPKNUT.js', 'j')],
      { retired: {} },
      options(),
    );
    expect(plan.deletes).toEqual([]);
    expect(plan.kept).toEqual(['assets/old-2POPKNUT.js', 'old/index.html']);
    expect(plan.manifest.retired).toEqual({ 'assets/old-2POPKNUT.js': now.toISOString() });
  });

  it('deletes stale pages at once and hashed assets only once retired for the retention period', () => {
    const stale = [remote('old/index.html', 'o'), remote('assets/recent-2POPKNUT.js', 'r'), remote('assets/expired-2POPKNUT.js', 'e')];
    const retired = { 'assets/recent-2POPKNUT.js': '2026-11-20T12:00:00.000Z', 'assets/expired-2POPKNUT.js': '2026-11-15T12:00:00.000Z' };
    const plan = planPublish([], stale, { retired }, options({ delete: true }));
    expect(plan.deletes).toEqual(['assets/expired-2POPKNUT.js', 'old/index.html']);
    expect(plan.kept).toEqual(['assets/recent-2POPKNUT.js']);
    expect(plan.manifest.retired).toEqual({ 'assets/recent-2POPKNUT.js': '2026-11-20T12:00:00.000Z' });
  });

  it('forgets a retired asset that is back in the build, and reads asset paths below the prefix', () => {
    const plan = planPublish(
      [file('assets/a-2POPKNUT.js', 'a', ['www/assets/a-2POPKNUT.js'])],
      [remote('www/assets/a-2POPKNUT.js', 'a'), remote('www/assets/b-2POPKNUT.js', 'b')],
      { retired: { 'www/assets/a-2POPKNUT.js': '2026-11-01T00:00:00.000Z' } },
      options({ prefix: 'www/' }),
    );
    expect(plan.manifest.retired).toEqual({ 'www/assets/b-2POPKNUT.js': now.toISOString() });
  });
});

describe('s3Etags', () => {
  it('is the MD5 of a file uploaded in one part', () => {
    expect(s3Etags(Buffer.from('hello'))).toEqual(['5d41402abc4b2a76b9719d911017c592']);
  });

  it('adds the multipart form (MD5 of the parts’ MD5s, then the part count) for large files', () => {
    const etags = s3Etags(Buffer.alloc(PART_SIZE + 1, 1));
    expect(etags).toHaveLength(2);
    expect(etags[1]).toMatch(/^[0-9a-f]{32}-2$/);
  });
});

import { existsSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { describeError } from '../publish/describeError.ts';
import { executePublish, executeRemoval, preparePublish, prepareRemoval, type PublishOptions } from '../publish/publish.ts';
import { normalizePrefix } from '../publish/siteObjects.ts';
import type { PublishPlan } from '../publish/plan.ts';
import { EXIT, formatBytes } from './report.ts';
import { plural } from '../text.ts';

export interface PublishCommandOptions extends Omit<PublishOptions, 'dir'> {
  /** Remove the site at --prefix (a preview whose pull request closed) instead of publishing. */
  deleteAll: boolean;
  dryRun: boolean;
  verbose: boolean;
  concurrency: number;
}

/** The sites published inside the prefix, which this command leaves alone. */
function otherSitesLine(otherSites: Map<string, number>): string[] {
  if (!otherSites.size) return [];
  const objects = [...otherSites.values()].reduce((a, b) => a + b, 0);
  return [`  leave   ${plural(objects, 'object')} of ${plural(otherSites.size, 'other site')} published inside it: ${[...otherSites.keys()].join(', ')}`];
}

function planLines(plan: PublishPlan, target: string, detailed: boolean, otherSites: Map<string, number>): string[] {
  const stale = plan.kept.length ? `, keep ${plan.kept.length} stale` : '';
  const lines = [`${target}: upload ${plural(plan.uploads.length, 'file')} (${formatBytes(plan.uploadBytes)}), unchanged ${plan.unchanged}, delete ${plan.deletes.length}${stale}`, ...otherSitesLine(otherSites)];
  if (!detailed) return lines;
  for (const f of plan.uploads) lines.push(...f.keys.map((key) => `  upload  ${key}  (${f.contentType}; ${f.cacheControl})`));
  for (const key of plan.deletes) lines.push(`  delete  ${key}`);
  for (const key of plan.kept) lines.push(`  keep    ${key}`);
  return lines;
}

/** `sitegen publish --delete-all`: removes every object of the site at the prefix, as a publish reports. */
async function removeCommand(options: PublishCommandOptions): Promise<number> {
  if (!normalizePrefix(options.prefix)) {
    process.stderr.write('sitegen publish: --delete-all needs a --prefix (such as previews/pr-42/): it never deletes a whole bucket\n');
    return EXIT.usage;
  }
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const started = performance.now();
  try {
    const prepared = await prepareRemoval({ ...options, prefix: options.prefix ?? '' });
    const where = `s3://${options.bucket}/${prepared.prefix}`;
    if (!prepared.deletes.length) {
      process.stdout.write(`${where}: nothing is published there, nothing to delete\n`);
      return EXIT.ok;
    }
    if (!prepared.published) {
      // Keys under a prefix that no publish made a site of are part of the site around it (`articles/` of the live site).
      process.stderr.write(`sitegen publish: ${where} holds ${plural(prepared.deletes.length, 'object')} but no site was published there (it has no .sitegen-publish.json): they belong to the site around it, and nothing was deleted\n`);
      return EXIT.usage;
    }
    const lines = [`${where}: delete all ${plural(prepared.deletes.length, 'object')}`, ...otherSitesLine(prepared.otherSites)];
    if (options.dryRun || options.verbose) lines.push(...prepared.deletes.map((key) => `  delete  ${key}`));
    process.stdout.write(`${lines.join('\n')}\n`);
    if (options.dryRun) {
      process.stdout.write('dry run: nothing was changed\n');
      return EXIT.ok;
    }
    await executeRemoval(prepared);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    process.stdout.write(`deleted ${plural(prepared.deletes.length, 'object')} in ${seconds} s\n`);
    return EXIT.ok;
  } catch (error) {
    process.stderr.write(`sitegen publish: ${describeError(error, options)}\n`);
    return EXIT.publish;
  }
}

/** `sitegen publish`: prints the plan, carries it out, and prints one line of what it did. */
export async function publishCommand(dir: string, options: PublishCommandOptions): Promise<number> {
  if (options.deleteAll) return removeCommand(options);
  if (!existsSync(path.join(dir, 'index.html'))) {
    process.stderr.write(`${dir} holds no built site: run \`sitegen build\` first\n`);
    return EXIT.usage;
  }
  // The lockfile pins an SDK release that supports Node 20; its notice about later releases is noise in CI logs.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const started = performance.now();
  try {
    const prepared = await preparePublish({ ...options, dir });
    const target = `s3://${options.bucket}/${prepared.prefix}`;
    process.stdout.write(`${planLines(prepared.plan, target, options.dryRun || options.verbose, prepared.otherSites).join('\n')}\n`);
    if (options.dryRun) {
      process.stdout.write('dry run: nothing was changed\n');
      return EXIT.ok;
    }
    await executePublish(prepared, options.concurrency);
    const { uploads, uploadBytes, deletes } = prepared.plan;
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    process.stdout.write(`published ${plural(uploads.length, 'file')} (${formatBytes(uploadBytes)}) and deleted ${plural(deletes.length, 'object')} in ${seconds} s\n`);
    return EXIT.ok;
  } catch (error) {
    process.stderr.write(`sitegen publish: ${describeError(error, options)}\n`);
    return EXIT.publish;
  }
}

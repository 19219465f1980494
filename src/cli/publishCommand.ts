import { existsSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { shown } from '../escape.ts';
import { describeMode, outputMode, type BuildMode } from '../hosting/buildMode.ts';
import { Bucket } from '../publish/bucket.ts';
import { describeError } from '../publish/describeError.ts';
import { executePublish, executeRemoval, preparePublish, prepareRemoval, type Overlap, type PublishOptions } from '../publish/publish.ts';
import { parsePrefix, prefixProblemLine } from '../publish/prefix.ts';
import { siteFitProblem } from '../publish/siteFit.ts';
import type { SiteKind } from '../publish/siteKinds.ts';
import type { PublishPlan } from '../publish/plan.ts';
import { EXIT } from './report.ts';
import { formatBytes } from '../text.ts';
import { plural } from '../text.ts';

export interface PublishCommandOptions extends Omit<PublishOptions, 'dir' | 'prefix'> {
  /** `--prefix` as written: undefined when left out. */
  prefix: string | undefined;
  /** Remove the site at --prefix (a preview whose pull request closed) instead of publishing. */
  deleteAll: boolean;
  dryRun: boolean;
  verbose: boolean;
  concurrency: number;
  /** Publish a preview into a bucket that holds the live site, or the live site into one that holds previews. */
  mixLiveAndPreviews: boolean;
}

/** The sites published inside the prefix, which this command leaves alone. */
function otherSitesLine(otherSites: Map<string, number>): string[] {
  if (!otherSites.size) return [];
  const objects = [...otherSites.values()].reduce((a, b) => a + b, 0);
  return [
    `  leave   ${plural(objects, 'object')} of ${plural(otherSites.size, 'other site')} published inside it: ${[...otherSites.keys()].map(shown).join(', ')}`,
  ];
}

function planLines(plan: PublishPlan, target: string, detailed: boolean, otherSites: Map<string, number>): string[] {
  const stale = plan.kept.length ? `, keep ${plan.kept.length} stale` : '';
  const lines = [
    `${target}: upload ${plural(plan.uploads.length, 'file')} (${formatBytes(plan.uploadBytes)}), unchanged ${plan.unchanged}, delete ${plan.deletes.length}${stale}`,
    ...otherSitesLine(otherSites),
  ];
  if (!detailed) return lines;
  for (const f of plan.uploads) lines.push(...f.keys.map((key) => `  upload  ${shown(key)}  (${f.contentType}; ${f.cacheControl})`));
  for (const key of plan.deletes) lines.push(`  delete  ${shown(key)}`);
  for (const key of plan.kept) lines.push(`  keep    ${shown(key)}`);
  return lines;
}

/** Why a publish meeting other sites' objects is refused, and how to go on: one line each. */
function overlapLines(overlaps: Overlap[], bucket: string, prefix: string): string[] {
  return overlaps.map((o) =>
    o.kind === 'inside'
      ? `sitegen publish: s3://${bucket}/${prefix} holds ${plural(o.objects, 'object')} of the site published at s3://${bucket}/${o.site}, and no site was published at ${prefix} itself: a publish there would overwrite them and its --delete would remove them. Publish at a prefix of its own (such as previews/pr-42/), or pass --overlap-sites to publish among them (stale objects there are then never deleted)`
      : `sitegen publish: ${plural(o.objects, 'key')} of this site fall inside the site published at s3://${bucket}/${o.site}: they would overwrite its objects. Remove that site first (--delete-all --prefix ${o.site}), or pass --overlap-sites to overwrite them`,
  );
}

/** Why a preview and the live site may not share a bucket, and how to go on, in one line. */
function mixedLine(dir: string, mode: BuildMode, kind: SiteKind, mixed: string[], bucket: string): string {
  const where = mixed.map((prefix) => `s3://${bucket}/${prefix}`);
  const sites = `${where.slice(0, 3).join(', ')}${where.length > 3 ? ` and ${where.length - 3} more` : ''}`;
  const what =
    kind === 'preview'
      ? `${dir} is a preview (${describeMode(mode)}), and this bucket holds the live site (at ${sites}): a bucket is one origin, so its drafts would answer on the live host`
      : `${dir} is a live site (${describeMode(mode)}), and this bucket holds ${plural(mixed.length, 'preview')} (at ${sites}): a bucket is one origin, so their drafts would answer on the live host`;
  return `sitegen publish: ${what}. Publish previews to a bucket of their own (see docs/operators/previews.md), or pass --mix-live-and-previews to publish here anyway; nothing was written to the bucket`;
}

/** Says, before any request, what of the configuration is missing (the region); whether anything is. */
async function unconfigured(options: PublishCommandOptions): Promise<boolean> {
  const problem = await new Bucket(options).configurationProblem();
  if (problem) process.stderr.write(`sitegen publish: ${problem}; nothing was sent to the bucket\n`);
  return problem !== undefined;
}

/** `sitegen publish --delete-all`: removes every object of the site at the prefix, as a publish reports. */
async function removeCommand(options: PublishCommandOptions, prefix: string): Promise<number> {
  if (!prefix) {
    process.stderr.write('sitegen publish: --delete-all needs a --prefix (such as previews/pr-42/): it never deletes a whole bucket\n');
    return EXIT.usage;
  }
  if (await unconfigured(options)) return EXIT.usage;
  const started = performance.now();
  let midway: string | undefined;
  try {
    const prepared = await prepareRemoval({ ...options, prefix });
    const where = `s3://${options.bucket}/${prepared.prefix}`;
    if (!prepared.deletes.length) {
      process.stdout.write(`${where}: nothing is published there, nothing to delete\n`);
      return EXIT.ok;
    }
    if (!prepared.published) {
      // Keys under a prefix that no publish made a site of are part of the site around it (`articles/` of the live site).
      process.stderr.write(
        `sitegen publish: ${where} holds ${plural(prepared.deletes.length, 'object')} but no site was published there (it has no .sitegen-publish.json): they belong to the site around it, and nothing was deleted\n`,
      );
      return EXIT.usage;
    }
    if (prepared.insideSite !== undefined) {
      process.stderr.write(
        `sitegen publish: ${where} was published among the objects of the site at s3://${options.bucket}/${prepared.insideSite} (--overlap-sites): its objects cannot be told from that site's, and nothing was deleted\n`,
      );
      return EXIT.usage;
    }
    const lines = [`${where}: delete all ${plural(prepared.deletes.length, 'object')}`, ...otherSitesLine(prepared.otherSites)];
    if (options.dryRun || options.verbose) lines.push(...prepared.deletes.map((key) => `  delete  ${shown(key)}`));
    process.stdout.write(`${lines.join('\n')}\n`);
    if (options.dryRun) {
      process.stdout.write('dry run: nothing was changed\n');
      return EXIT.ok;
    }
    midway = 'the removal stopped; run it again to complete it';
    await executeRemoval(prepared);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    process.stdout.write(`deleted ${plural(prepared.deletes.length, 'object')} in ${seconds} s\n`);
    return EXIT.ok;
  } catch (error) {
    process.stderr.write(`sitegen publish: ${describeError(error, options, midway)}\n`);
    return EXIT.publish;
  }
}

/** `sitegen publish`: prints the plan, carries it out, and prints one line of what it did. */
export async function publishCommand(dir: string, options: PublishCommandOptions): Promise<number> {
  // Before anything is read or asked of the bucket: a prefix that is not plain data names no place to write.
  const parsed = parsePrefix(options.prefix);
  if ('problem' in parsed) {
    process.stderr.write(`${prefixProblemLine(options.prefix, parsed.problem)}\n`);
    return EXIT.usage;
  }
  const { prefix } = parsed;
  if (options.deleteAll) return removeCommand(options, prefix);
  if (!existsSync(path.join(dir, 'index.html'))) {
    process.stderr.write(`${dir} holds no built site: run \`sitegen build\` first\n`);
    return EXIT.usage;
  }
  // Before any request: a preview, a drafts build or another base must not land where it does not belong.
  const unfit = siteFitProblem(dir, outputMode(dir), prefix);
  if (unfit) {
    process.stderr.write(`sitegen publish: ${shown(unfit)}\n`);
    return EXIT.usage;
  }
  if (await unconfigured(options)) return EXIT.usage;
  const started = performance.now();
  let midway: string | undefined;
  try {
    const prepared = await preparePublish({ ...options, prefix, dir });
    if (prepared.overlaps.length && !options.overlapSites) {
      process.stderr.write(`${overlapLines(prepared.overlaps, options.bucket, prefix).join('\n')}\n`);
      return EXIT.usage;
    }
    if (prepared.mixed.length && !options.mixLiveAndPreviews) {
      process.stderr.write(`${shown(mixedLine(dir, outputMode(prepared.dir)!, prepared.kind, prepared.mixed, options.bucket))}\n`);
      return EXIT.usage;
    }
    const target = `s3://${options.bucket}/${prepared.prefix}`;
    const held =
      prepared.held === undefined
        ? []
        : [
            `  hold    stale objects: this site was published among the objects of the site at s3://${options.bucket}/${prepared.held} (--overlap-sites), so --delete cannot tell its own from that site's`,
          ];
    process.stdout.write(`${[...planLines(prepared.plan, target, options.dryRun || options.verbose, prepared.otherSites), ...held].join('\n')}\n`);
    if (options.dryRun) {
      process.stdout.write('dry run: nothing was changed\n');
      return EXIT.ok;
    }
    midway = 'the publish stopped; run it again to complete it';
    await executePublish(prepared, options.concurrency);
    const { uploads, uploadBytes, deletes } = prepared.plan;
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    process.stdout.write(
      `published ${plural(uploads.length, 'file')} (${formatBytes(uploadBytes)}) and deleted ${plural(deletes.length, 'object')} in ${seconds} s\n`,
    );
    return EXIT.ok;
  } catch (error) {
    process.stderr.write(`sitegen publish: ${describeError(error, options, midway)}\n`);
    return EXIT.publish;
  }
}

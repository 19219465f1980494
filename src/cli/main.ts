import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import packageJson from '../../package.json' with { type: 'json' };
import { build } from '../pipeline/builder.ts';
import { waitingLine } from '../pipeline/buildLock.ts';
import { projectRoot, resolvePaths, sourceDateEpochProblem, WATCH_OUT, workerThresholdProblem } from '../config.ts';
import { parseBase } from '../routes/base.ts';
import { describeCrash, FORMATS, type FormatName } from '../diagnosticFormats.ts';
import { DIFF_FORMATS, type DiffFormatName } from '../diff/diffFormats.ts';
import { readWebAddress } from '../routes/webAddress.ts';
import { allowedHostProblem } from '../serve/allowedHosts.ts';
import type { PortChoice } from '../serve/server.ts';
import { EXIT, keptOutput, linkTarget, reporter, reportFailure, summaryLine, unreleasedLines, verboseLines } from './report.ts';
import { systemFault } from '../systemFault.ts';
import { progressReporter } from '../progress.ts';

function port(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new InvalidArgumentError('must be a port number (0–65535)');
  return n;
}

const DEFAULT_PORT = 4173;

const CONTENT_HELP = 'content folder to read (any folder of the same shape)';

const DRAFTS_HELP =
  'also publish drafts and entries dated after today (SOURCE_DATE_EPOCH when set), marked "Draft" or "Scheduled for …" and kept from search engines: for previews';

/**
 * How `build` and `check` print problems, always on stdout (progress and the summary on stderr):
 * for people, for tools, or under GitHub Actions as annotations on the pull request's diff unless
 * told otherwise.
 */
const formatOption = () =>
  new Option('--format <format>', 'print problems on stdout: as text, as one JSON array for tools, or as GitHub Actions annotations')
    .choices(Object.keys(FORMATS))
    .default(process.env.GITHUB_ACTIONS === 'true' ? 'github' : 'text', 'text; github under GitHub Actions');

/** A port the user named is used or refused; without one, the default or the next free port. */
function portChoice(named: number | undefined): PortChoice {
  return named === undefined ? { port: DEFAULT_PORT, fixed: false } : { port: named, fixed: true };
}

/** `--allowed-host`, repeatable: each a host name the preview server answers besides the loopback's. */
const allowedHostOption = () =>
  new Option('--allowed-host <name>', 'answer requests for this host name too (a tunnel, a container); repeat for more. Any other Host or Origin gets 403')
    .argParser((value: string, previous: string[]) => {
      const problem = allowedHostProblem(value);
      if (problem) throw new InvalidArgumentError(problem);
      return [...previous, value];
    })
    .default([], 'localhost, 127.0.0.1 and [::1] only');

function positiveInteger(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError('must be a whole number of 1 or more');
  return n;
}

function nonNegative(value: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) throw new InvalidArgumentError('must be a number of 0 or more');
  return n;
}

/** A folder that must exist (a typo in --content would otherwise read as a site with no files). */
function existingFolder(value: string): string {
  if (!existsSync(value) || !statSync(value).isDirectory()) throw new InvalidArgumentError(`no folder ${path.resolve(value)}`);
  return value;
}

/** An http(s):// address, taken only as the URL parser reads it back (`https:///x` is no host, but the parser reads the host x). */
function url(value: string): string {
  if (!URL.canParse(value) || !/^https?:$/.test(new URL(value).protocol)) throw new InvalidArgumentError('must be an http:// or https:// URL');
  const read = readWebAddress(value);
  if ('problem' in read) throw new InvalidArgumentError(read.problem);
  return value;
}

/**
 * `--preview-url`: the address the new site's paths are added to, so no query, fragment or empty
 * path segment (`https://previews.example//pr-1`, from a preview host written with a slash at its end).
 */
function previewUrl(value: string): string {
  const address = url(value);
  const parsed = new URL(address);
  if (/[?#]/.test(address)) throw new InvalidArgumentError('must hold no ? or #: the paths of the pages are added to it');
  if (address.slice(parsed.origin.length).includes('//'))
    throw new InvalidArgumentError(`holds an empty path segment (//): write ${parsed.origin}${parsed.pathname.replace(/\/{2,}/g, '/')}`);
  return address;
}

/**
 * `--endpoint`, or the variable AWS's own tools read for an S3 endpoint: a workflow that publishes to
 * an S3-compatible store sets it once for every command.
 */
const endpointOption = (description: string) => new Option('--endpoint <url>', `${description} (default: AWS S3)`).env('AWS_ENDPOINT_URL_S3').argParser(url);

/** The path a site is published or served under, normalised (`/previews/pr-42/` is `/previews/pr-42`). */
function basePath(value: string): string {
  const parsed = parseBase(value);
  if ('problem' in parsed) throw new InvalidArgumentError(parsed.problem);
  return parsed.base;
}

/** A site URL for absolute links: its origin and path, with no query or fragment to append routes to. */
function siteAddress(value: string): string {
  const checked = url(value);
  const parsed = new URL(checked);
  if (parsed.search || parsed.hash || parsed.username || parsed.password)
    throw new InvalidArgumentError('must be the address of the site, with no query, fragment or credentials');
  return checked;
}

/**
 * The build's day decides which articles are published: a SOURCE_DATE_EPOCH that is not a time
 * is refused, not ignored; so is a SITEGEN_WORKER_THRESHOLD that is not a count.
 */
function environmentRefused(): boolean {
  const problem = sourceDateEpochProblem() ?? workerThresholdProblem();
  if (problem) process.stderr.write(`sitegen: ${problem}\n`);
  return problem !== undefined;
}

/**
 * The port option of `serve` and `watch`. A default that is not a value is said at the end of the
 * description, as commander says the others: the docs' option tables read it there.
 */
const portOption = () =>
  new Option('--port <n>', `port to listen on; a port named here that is taken is refused (exit 2) (default: ${DEFAULT_PORT}, or the next free one)`).argParser(
    port,
  );

/** The base path of a site (empty: the host's root). */
const baseOption = (description: string) => new Option('--base <path>', description).argParser(basePath).default('', "none: the host's root");

/**
 * sitegen's command line: each command with its options, their descriptions and defaults (which
 * `--help` prints and the option tables of docs/README.md are made from). A command's action hands
 * its exit code to `exit`.
 */
export function sitegenProgram(exit: (code: number) => void): Command {
  const program = new Command()
    .name('sitegen')
    .description("Builds Touchline's public website from content/ (YAML and markdown) and templates/ (React).")
    .version(packageJson.version, '-V, --version', 'print the version of sitegen')
    .exitOverride()
    .showHelpAfterError('(run with --help for usage)')
    .configureOutput({ writeErr: (s) => process.stderr.write(s) })
    // One width on every terminal: bin/help.txt, printed without loading the generator, is this help.
    .configureHelp({ helpWidth: 100 });

  program
    .command('build')
    .description('validate all content, render every page and write the site to dist/, switched in atomically')
    .option('--content <dir>', CONTENT_HELP, existingFolder, 'content')
    .option('--out <dir>', 'output folder, replaced whole by each build; a folder sitegen will not replace (the project, content/, src/, …) is refused', 'dist')
    .addOption(baseOption('publish the site under this path of its host (a preview, e.g. /previews/pr-42): every internal URL starts with it'))
    .option(
      '--site-url <url>',
      "the site's address in canonical links, og:url, the sitemap and the feed (a preview's host); the base goes after it (default: site.yaml's url)",
      siteAddress,
    )
    .option(
      '--verbose',
      'print what was repaired (damaged cache files, leftovers of stopped builds), when each build step finished, per-page render timings and peak memory',
    )
    .option('--drafts', DRAFTS_HELP)
    .addOption(formatOption())
    .action(async (opts: { content: string; out: string; base: string; siteUrl?: string; verbose?: boolean; drafts?: boolean; format: FormatName }) => {
      if (environmentRefused()) return exit(EXIT.usage);
      const report = reporter(opts.format, 'build');
      const paths = resolvePaths({ content: opts.content, out: opts.out });
      const progress = progressReporter(process.stderr, { quiet: opts.format !== 'text' });
      const before = linkTarget(paths.out);
      try {
        const result = await build(
          paths,
          { drafts: opts.drafts, onProgress: progress.update, onWait: (holder) => process.stderr.write(`${waitingLine(holder)}\n`) },
          { base: opts.base, siteUrl: opts.siteUrl },
        );
        progress.done();
        report.problems(result.warnings);
        if (opts.verbose) report.line(verboseLines(result).join('\n'));
        report.line(summaryLine(result, opts.out));
        for (const line of unreleasedLines(result.unreleased, { drafts: opts.drafts })) report.line(line);
      } catch (error) {
        progress.done();
        exit(reportFailure(error, report, keptOutput(paths.out, opts.out, before)));
      }
    });

  program
    .command('check')
    .description('validate all content, internal links and images without writing anything')
    .option('--content <dir>', CONTENT_HELP, existingFolder, 'content')
    .option('--drafts', 'check as `build --drafts` builds: a link to a draft or a scheduled entry is a warning, not an error')
    .option(
      '--watch',
      "check again after every change of the content or public/, until stopped (an editor's background task): each run between a line `sitegen check: checking` and a line `sitegen check: waiting for changes`",
    )
    .addOption(formatOption())
    .action(async (opts: { content: string; drafts?: boolean; watch?: boolean; format: FormatName }) => {
      if (environmentRefused()) return exit(EXIT.usage);
      const { checkOnce, checkWatchCommand } = await import('./checkCommand.ts');
      exit(await (opts.watch ? checkWatchCommand : checkOnce)(resolvePaths({ content: opts.content }), opts));
    });

  program
    .command('schemas')
    .description('write JSON Schemas of the content into content/.schemas/ and map them in .vscode/settings.json, so editors complete and check the YAML files')
    .option('--content <dir>', 'content folder to write the schemas into (its .schemas/)', existingFolder, 'content')
    .action(async (opts: { content: string }) => {
      const { schemasCommand } = await import('./schemasCommand.ts');
      exit(await schemasCommand(resolvePaths({ content: opts.content })));
    });

  program
    .command('serve')
    .description('serve a built site the way object storage behind a CDN would (clean URLs, 404 page, compression)')
    .argument('[dir]', 'built site folder', 'dist')
    .addOption(portOption())
    .addOption(baseOption('serve the site under this path, as a site built with the same --base is published (e.g. /previews/pr-42)'))
    .addOption(allowedHostOption())
    .action(async (dir: string, opts: { port?: number; base: string; allowedHost: string[] }) => {
      const { serveCommand } = await import('./serveCommand.ts');
      exit(await serveCommand(dir, portChoice(opts.port), opts.base, opts.allowedHost));
    });

  program
    .command('watch')
    .description(
      `build with drafts into ${WATCH_OUT}/ (never dist/, which only \`build\` writes), serve it on localhost with live reload, and rebuild on every change`,
    )
    .option('--content <dir>', CONTENT_HELP, existingFolder, 'content')
    .addOption(portOption())
    .addOption(allowedHostOption())
    .action(async (opts: { content: string; port?: number; allowedHost: string[] }) => {
      const { watchCommand } = await import('./watchCommand.ts');
      exit(await watchCommand(resolvePaths({ content: opts.content, out: path.join(projectRoot, WATCH_OUT) }), portChoice(opts.port), opts.allowedHost));
    });

  program
    .command('publish')
    .description('upload a built site to an S3-compatible bucket: only changed files, assets before pages, stale objects last')
    .argument('[dir]', 'built site folder', 'dist')
    .requiredOption('--bucket <name>', 'bucket to publish to')
    .option(
      '--prefix <prefix>',
      'key prefix inside the bucket, as previews/pr-42/: plain segments (letters, digits, -, _, ~, .) separated by / (default: the bucket root)',
    )
    .addOption(endpointOption('S3-compatible endpoint (MinIO, R2, …)'))
    .option('--region <region>', 'bucket region; none found is refused before any request (default: AWS_REGION or the AWS profile)')
    .option('--delete', 'delete objects the build no longer has (hashed assets only after --asset-retention days)')
    .option('--delete-all', 'delete every object of the site at --prefix (a preview whose pull request closed) instead of publishing; --prefix is required')
    .option('--asset-retention <days>', 'days to keep hashed assets of earlier releases', nonNegative, 7)
    .option('--dry-run', 'print the plan and change nothing')
    .option('--force', 'upload every file even if the bucket has the same bytes (after a change of header rules)')
    .option(
      '--overlap-sites',
      'publish where another published site has objects: among the objects of a site around the prefix (stale ones are then never deleted), or over a site published inside it',
    )
    .option(
      '--mix-live-and-previews',
      'publish a preview (a build with --drafts) into a bucket that holds the live site, or the live site into one that holds previews: they then share an origin',
    )
    .option('--concurrency <n>', 'uploads at a time', positiveInteger, 8)
    .option('--verbose', 'list every key uploaded, deleted or kept')
    .action(
      async (
        dir: string,
        opts: {
          bucket: string;
          prefix?: string;
          endpoint?: string;
          region?: string;
          delete?: boolean;
          deleteAll?: boolean;
          assetRetention: number;
          dryRun?: boolean;
          force?: boolean;
          overlapSites?: boolean;
          mixLiveAndPreviews?: boolean;
          concurrency: number;
          verbose?: boolean;
        },
      ) => {
        const { publishCommand } = await import('./publishCommand.ts');
        exit(
          await publishCommand(dir, {
            bucket: opts.bucket,
            prefix: opts.prefix,
            endpoint: opts.endpoint,
            region: opts.region,
            delete: Boolean(opts.delete),
            deleteAll: Boolean(opts.deleteAll),
            assetRetentionDays: opts.assetRetention,
            dryRun: Boolean(opts.dryRun),
            force: Boolean(opts.force),
            overlapSites: Boolean(opts.overlapSites),
            mixLiveAndPreviews: Boolean(opts.mixLiveAndPreviews),
            concurrency: opts.concurrency,
            verbose: Boolean(opts.verbose),
          }),
        );
      },
    );

  program
    .command('diff')
    .description(
      'list the pages and other files added, changed and removed between two built sites (or their page manifests), asset renames ignored; exit 0 either way',
    )
    .argument('[old]', 'the site before: a built folder, a page manifest, or s3://BUCKET/PREFIX/ for the site published there (none yet: an empty site)')
    .argument('[new]', 'the site after: a built folder, a page manifest or s3://BUCKET/PREFIX/')
    .addOption(
      new Option('--format <format>', 'text for a terminal, json for tools, markdown for a pull-request comment')
        .choices(Object.keys(DIFF_FORMATS))
        .default('text'),
    )
    .option('--preview-url <url>', 'where the new site is previewed: added and changed paths link there (text and markdown)', previewUrl)
    .option('--manifest <dir>', 'print the page manifest of a built folder (JSON), to compare with later in place of the folder')
    .addOption(endpointOption('S3-compatible endpoint of an s3:// side (MinIO, R2, …)'))
    .option('--region <region>', "region of an s3:// side's bucket (default: AWS_REGION or the AWS profile)")
    .action(
      async (
        old: string | undefined,
        next: string | undefined,
        opts: { format: DiffFormatName; previewUrl?: string; manifest?: string; endpoint?: string; region?: string },
      ) => {
        const { diffCommand } = await import('./diffCommand.ts');
        exit(
          await diffCommand(
            [old, next].filter((side) => side !== undefined),
            opts,
          ),
        );
      },
    );

  program
    .command('review')
    .description(
      'capture the pages a change alters before and after it, at 390 and 1280 px in Chromium, compare them pixel by pixel and write the review to a folder; exit 0 either way',
    )
    .argument('<old>', 'the site before: a built folder, or s3://BUCKET/PREFIX/ for the site published there')
    .argument('<new>', 'the site after: a built folder, or s3://BUCKET/PREFIX/')
    .option('--out <dir>', 'the folder the review is written to (replaced if it holds a review, refused if it holds anything else)', 'sitegen-review')
    .option('--images-url <url>', "where the review's folder will be served: the comment (comment.md) shows its images from there", previewUrl)
    .option(
      '--page <route>',
      'capture this page too, whether or not the change alters it (repeatable)',
      (route: string, routes: string[]) => [...routes, route],
      [],
    )
    .option('--weight-growth <percent>', 'flag a page that loads more than this many percent more bytes than before', nonNegative, 10)
    .option('--concurrency <n>', "captures made at once, a page being up to four (default: the machine's cores)", positiveInteger)
    .addOption(endpointOption('S3-compatible endpoint of an s3:// side (MinIO, R2, …)'))
    .option('--region <region>', "region of an s3:// side's bucket (default: AWS_REGION or the AWS profile)")
    .action(
      async (
        old: string,
        next: string,
        opts: { out: string; imagesUrl?: string; page: string[]; weightGrowth: number; concurrency?: number; endpoint?: string; region?: string },
      ) => {
        const { reviewCommand } = await import('./reviewCommand.ts');
        exit(await reviewCommand(old, next, opts));
      },
    );

  return program;
}

export async function main(argv: string[]): Promise<number> {
  let code: number = EXIT.ok;
  const program = sitegenProgram((result) => (code = result));
  try {
    await program.parseAsync(argv);
  } catch (error) {
    if (error instanceof CommanderError) {
      return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    }
    process.stderr.write(`${describeCrash(error)}\n`);
    return systemFault(error) ? EXIT.system : EXIT.content;
  }
  return code;
}

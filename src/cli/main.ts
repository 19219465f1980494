import { Command, CommanderError, InvalidArgumentError } from 'commander';
import { build } from '../build/build.ts';
import { resolvePaths } from '../config.ts';
import { EXIT, progressReporter, reportFailure, summaryLine, verboseLines } from './report.ts';

function port(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new InvalidArgumentError('must be a port number (0–65535)');
  return n;
}

export async function main(argv: string[]): Promise<number> {
  const program = new Command()
    .name('sitegen')
    .description("Builds Touchline's public website from content/ (YAML and markdown) and templates/ (React).")
    .exitOverride()
    .showHelpAfterError('(run with --help for usage)')
    .configureOutput({ writeErr: (s) => process.stderr.write(s) });

  let code: number = EXIT.ok;

  program
    .command('build')
    .description('validate all content, render every page and write the site (atomically) to dist/')
    .option('--content <dir>', 'content folder to read', 'content')
    .option('--out <dir>', 'output folder', 'dist')
    .option('--verbose', 'print per-page render timings')
    .action(async (opts: { content: string; out: string; verbose?: boolean }) => {
      const paths = resolvePaths({ content: opts.content, out: opts.out });
      const progress = progressReporter();
      try {
        const result = await build(paths, { onProgress: progress.update });
        progress.done();
        if (opts.verbose) process.stdout.write(`${verboseLines(result).join('\n')}\n`);
        process.stdout.write(`${summaryLine(result, opts.out)}\n`);
      } catch (error) {
        progress.done();
        code = reportFailure(error);
      }
    });

  program
    .command('check')
    .description('validate all content, internal links and images without writing anything')
    .option('--content <dir>', 'content folder to read', 'content')
    .action(async (opts: { content: string }) => {
      try {
        const result = await build(resolvePaths({ content: opts.content }), { check: true });
        process.stdout.write(`content is valid (${Math.round(result.ms)} ms)\n`);
      } catch (error) {
        code = reportFailure(error);
      }
    });

  program
    .command('serve')
    .description('serve a built site the way object storage behind a CDN would (clean URLs, 404 page, compression)')
    .argument('[dir]', 'built site folder', 'dist')
    .option('--port <n>', 'port to listen on', port, 4173)
    .action(async (dir: string, opts: { port: number }) => {
      const { serveCommand } = await import('./serveCommand.ts');
      code = await serveCommand(dir, opts.port);
    });

  program
    .command('watch')
    .description('build, serve on localhost with live reload, and rebuild on every change')
    .option('--content <dir>', 'content folder to read', 'content')
    .option('--out <dir>', 'output folder', 'dist')
    .option('--port <n>', 'port to listen on', port, 4173)
    .action(async (opts: { content: string; out: string; port: number }) => {
      const { watchCommand } = await import('./watchCommand.ts');
      code = await watchCommand(resolvePaths({ content: opts.content, out: opts.out }), opts.port);
    });

  try {
    await program.parseAsync(argv);
  } catch (error) {
    if (error instanceof CommanderError) {
      return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    }
    // A fault in templates, styles or the generator itself: say what and where, without a source dump.
    const err = error as Error;
    process.stderr.write(`sitegen: ${err.message}\n${(err.stack ?? '').split('\n').slice(1, 6).join('\n')}\n`);
    return EXIT.content;
  }
  return code;
}

import { execFile } from 'node:child_process';
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { codeFrame, excerptOf } from './codeFrame.ts';
import { isError, sortDiagnostics, type Diagnostic } from './diagnostics.ts';
import { problemDetails } from './problemDetails.ts';
import { markdownText, markdownUrl, shown, urlPath, workflowData, workflowProperty } from './escape.ts';
import { ruleDocs } from './rules.ts';
import { mappedFrame } from './stackSources.ts';
import { systemFault, type SystemFault } from './systemFault.ts';
import { plural } from './text.ts';

/** Colours for a terminal; the identity when the output is not one (see cli/colour.ts). */
export interface Paint {
  place(text: string): string;
  error(text: string): string;
  warning(text: string): string;
  dim(text: string): string;
}

export const noPaint: Paint = { place: (t) => t, error: (t) => t, warning: (t) => t, dim: (t) => t };

const shownPath = (file: string, dir: string) => path.relative(dir, file) || file;

/** The diagnostics with their files relative to `dir`: what a reader there (a terminal, a tool, the browser) is shown. */
export function relativeTo(list: readonly Diagnostic[], dir: string): Diagnostic[] {
  return list.map((d) => ({ ...d, file: shownPath(d.file, dir) }));
}

/** One problem as one line: `path:line:column  message  [rule]`, warnings marked as such; a control character in a name or message is shown as its escape. */
export function formatDiagnostic(d: Diagnostic, cwd = process.cwd(), paint = noPaint): string {
  const label = d.severity === 'warning' ? `${paint.warning('warning:')} ` : '';
  return `${paint.place(`${shown(shownPath(d.file, cwd))}:${d.line}:${d.column}`)}  ${label}${shown(d.message)}  ${paint.dim(`[${d.rule}]`)}`;
}

/** Where a problem's rule is explained: its entry in the catalogue (or the site rule's own page), a path in the repository; undefined for a site rule that names none. */
export const docsOf = (d: Diagnostic): string | undefined => d.docs ?? ruleDocs(d.rule);

/**
 * The text for a terminal: each problem's line, then its details (`problemDetails`: its code
 * frame, and once per kind its hint and where its rule is explained) dimmed where not a frame;
 * then the counts.
 */
export function formatDiagnostics(list: readonly Diagnostic[], cwd = process.cwd(), paint = noPaint): string {
  const sorted = sortDiagnostics(list);
  const details = problemDetails(sorted, docsOf);
  const lines = sorted.flatMap((d, i) => {
    const { frame, hint, docs } = details[i]!;
    return [
      formatDiagnostic(d, cwd, paint),
      ...frame.map((line) => `    ${shown(line)}`),
      ...(hint === undefined ? [] : [`    ${paint.dim(`hint: ${shown(hint)}`)}`]),
      ...(docs === undefined ? [] : [`    ${paint.dim(`docs: ${shown(docs)}`)}`]),
    ];
  });
  lines.push(countLine(list, paint));
  return lines.join('\n');
}

/** One JSON array for tools, every field always present (an end the source does not know is null; `docs`, the rule's entry in the catalogue, null for a rule the site uses and never declared). */
export function diagnosticsJson(list: readonly Diagnostic[], cwd = process.cwd()): string {
  const entries = relativeTo(sortDiagnostics(list), cwd).map((d) => ({
    file: d.file,
    line: d.line,
    column: d.column,
    endLine: d.endLine ?? null,
    endColumn: d.endColumn ?? null,
    severity: d.severity,
    rule: d.rule,
    message: d.message,
    hint: d.hint,
    docs: docsOf(d) ?? null,
  }));
  return JSON.stringify(entries);
}

/**
 * GitHub Actions workflow commands, one per problem (`::error file=…,line=…::message`), which the
 * pull request's "Files changed" view shows on the line each points at. The hint follows the
 * message on a line of its own; the end is given only when the source knows it.
 */
export function githubCommands(list: readonly Diagnostic[], root: string, links: SourceLinks | undefined): string {
  return relativeTo(sortDiagnostics(list), root)
    .map((d) => ({ ...d, file: d.file.split(path.sep).join('/') }))
    .map((d) => {
      const end =
        d.endLine === undefined || d.endColumn === undefined
          ? []
          : [
              ['endLine', d.endLine],
              ['endColumn', d.endColumn],
            ];
      // The title names the rule and where it is explained, as a link to the commit's copy of the catalogue when the run says which.
      const docs = docsOf(d);
      const title = docs ? `${d.rule} (${links ? `${links.blob}/${docs}` : docs})` : d.rule;
      const properties = [['file', d.file], ['line', d.line], ['col', d.column], ...end, ['title', title]] as const;
      const props = properties.map(([key, value]) => `${key}=${workflowProperty(String(value))}`).join(',');
      return `::${d.severity} ${props}::${workflowData(`${shown(d.message)}\nhint: ${shown(d.hint)}`)}`;
    })
    .join('\n');
}

/** How many errors and warnings in how many files, as the text's last line says it. */
export function countLine(list: readonly Diagnostic[], paint = noPaint): string {
  const errors = list.filter(isError).length;
  const warnings = list.length - errors;
  const files = new Set(list.map((d) => d.file)).size;
  const counts = [errors || !warnings ? paint.error(plural(errors, 'error')) : '', warnings ? paint.warning(plural(warnings, 'warning')) : ''].filter(Boolean);
  return `${counts.join(' and ')} in ${plural(files, 'file')}`;
}

/** The first problems of a long list a step summary shows; the rest are in the log and on the diff. */
export const SUMMARY_ROWS = 50;

/** Where a summary's file names link to: the commit's files on GitHub, when the run says which. */
export interface SourceLinks {
  /** e.g. https://github.com/touchline/web/blob/3f2a…; a file's path and `#L6` are appended. */
  blob: string;
}

/**
 * The folder GitHub names files from: the repository's checkout (`GITHUB_WORKSPACE`), so that an
 * annotation lands on its file however deep in it sitegen runs; else the current folder.
 */
export const githubRoot = (cwd: string, env: NodeJS.ProcessEnv = process.env): string => env.GITHUB_WORKSPACE || cwd;

/** The links to a run's commit from the variables GitHub Actions sets, or undefined outside it. */
export function sourceLinksFromEnv(env: NodeJS.ProcessEnv = process.env): SourceLinks | undefined {
  const { GITHUB_SERVER_URL: server, GITHUB_REPOSITORY: repo, GITHUB_SHA: sha } = env;
  return server && repo && sha ? { blob: `${server}/${repo}/blob/${sha}` } : undefined;
}

/**
 * The links to the default branch of the repository a remote's URL names, when it is on GitHub
 * (`git@github.com:owner/repo.git`, `https://github.com/owner/repo`); undefined for another host.
 */
export function sourceLinksFromRemote(url: string): SourceLinks | undefined {
  const repo = /^(?:https:\/\/|ssh:\/\/git@|git@)github\.com[:/]([\w.-]+)\/([\w.-]+?)(?:\.git)?\/?$/.exec(url.trim());
  return repo ? { blob: `https://github.com/${repo[1]}/${repo[2]}/blob/HEAD` } : undefined;
}

/** The links to the project's repository on GitHub, from its `origin` remote; undefined outside a git checkout, or with no such remote. */
export async function sourceLinksFromGit(root: string): Promise<SourceLinks | undefined> {
  const remote = await promisify(execFile)('git', ['-C', root, 'config', '--get', 'remote.origin.url']).catch(() => undefined);
  return remote && sourceLinksFromRemote(remote.stdout);
}

/** The problems as watch sends them to the browser: sorted, files relative to the project, and `docs` where each rule is explained (the overlay links it). */
export function browserDiagnostics(list: readonly Diagnostic[], root: string): Diagnostic[] {
  return relativeTo(sortDiagnostics(list), root).map((d) => {
    const docs = docsOf(d);
    return docs === undefined ? d : { ...d, docs };
  });
}

/**
 * The Markdown a run appends to GitHub's step summary: what ran and its counts, then a table of
 * the first problems, each linked to its line when the commit is known.
 */
export function stepSummary(title: string, list: readonly Diagnostic[], cwd = process.cwd(), links?: SourceLinks): string {
  if (!list.length) return `### ${title}: no problems\n`;
  const rows = relativeTo(sortDiagnostics(list), cwd)
    .slice(0, SUMMARY_ROWS)
    .map((d) => {
      const place = `${d.file}:${d.line}:${d.column}`;
      const where = links
        ? `[${markdownText(place)}](${markdownUrl(`${links.blob}/${urlPath(d.file.split(path.sep).join('/'))}`)}#L${d.line})`
        : markdownText(place);
      return `| ${d.severity} | ${where} | ${markdownText(d.message)} | \`${d.rule}\` |`;
    });
  const more = list.length > SUMMARY_ROWS ? [``, `…and ${list.length - SUMMARY_ROWS} more: see the log, or the annotations on the pull request's files.`] : [];
  return [`### ${title}: ${countLine(list)}`, '', '| | where | problem | rule |', '|---|---|---|---|', ...rows, ...more, ''].join('\n');
}

/**
 * A way to print the problems of a run (`--format`). Every format prints them on stdout, and the
 * run's other lines (progress, the summary) on stderr, as ESLint and tsc do: `check > problems.txt`
 * keeps the problems, and a tool reads stdout alone.
 */
export interface DiagnosticFormat {
  /** Whether its text ends with the counts of errors and warnings; the others' summary line says them on stderr. */
  counts: boolean;
  /** The problems of a run (none when it went well) as the text to print; '' prints nothing. */
  render(list: readonly Diagnostic[], cwd: string, paint: Paint): string;
}

export const FORMATS = {
  text: { counts: true, render: (list, cwd, paint) => (list.length ? formatDiagnostics(list, cwd, paint) : '') },
  json: { counts: false, render: (list, cwd) => diagnosticsJson(list, cwd) },
  // The runner reads workflow commands on stdout.
  github: { counts: false, render: (list, cwd) => githubCommands(list, githubRoot(cwd), sourceLinksFromEnv()) },
} satisfies Record<string, DiagnosticFormat>;

export type FormatName = keyof typeof FORMATS;

/** Where a stack frame points: an absolute file, its line and its column, at the end of the frame. */
const FRAME_PLACE = /\(?(\/[^():]+):(\d+):(\d+)\)?$/;

/**
 * Frames in node_modules/, in Node, or in no file (`at new Promise (<anonymous>)`); an anonymous
 * function in a template (`at <anonymous> (/…/NotFound.tsx:13:9)`) has a file and is kept.
 */
const NOT_OWN_FRAME = /node_modules|\(node:|at node:|\(<anonymous>\)$|^\s+at <anonymous>$/;

/** The frames of a crash shown: the project's own (templates/, src/), which source maps point at. */
const OWN_FRAMES = 6;

/**
 * A fault in a template, a worker or the generator itself: what failed and where (the page and
 * content file when a page was rendering) on one line, a name's control characters shown as
 * escapes, then the frames of the original error's stack that are the project's own (their source
 * maps point them at templates/ and src/ lines: `stackSources.ts`), paths relative to `cwd`, the first one with a code
 * frame of the line that threw; frames in node_modules/ and Node's own are folded into one line.
 */
export function describeCrash(error: unknown, cwd = process.cwd()): string {
  const fault = systemFault(error);
  if (fault) return systemFaultLine(fault, undefined, cwd);
  const err = error instanceof Error ? error : new Error(String(error));
  const origin = err.cause instanceof Error ? err.cause : err;
  const frames = (origin.stack ?? '')
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .map(mappedFrame);
  const own = frames.filter((line) => !NOT_OWN_FRAME.test(line)).slice(0, OWN_FRAMES);
  const folded = frames.length - own.length;
  const lines = own.map((line) => `    ${line.trim().replace(FRAME_PLACE, (whole, file: string) => whole.replace(file, shownPath(file, cwd)))}`);
  const place = FRAME_PLACE.exec(own[0] ?? '');
  const frame = place ? sourceFrame(place[1]!, Number(place[2]), Number(place[3])) : [];
  return [
    `sitegen: ${shown(err.message)}`,
    ...lines.slice(0, 1),
    ...frame.map((line) => `    ${shown(line)}`),
    ...lines.slice(1),
    ...(folded ? [`    … ${folded} ${folded === 1 ? 'frame' : 'frames'} in node_modules/ and Node`] : []),
  ].join('\n');
}

/**
 * A refusal of the system, in one line: the path, the fault in words and its code, then `kept`,
 * what the refusal left as it was (`the previous output in dist is unchanged`).
 */
export function systemFaultLine(fault: SystemFault, kept?: string, cwd = process.cwd()): string {
  const rel = fault.path && path.relative(cwd, fault.path);
  // A path outside the folder it runs in is clearer whole than as ../../…
  const where = fault.path ? ` ${shown(rel && !rel.startsWith('..') ? rel : fault.path)}` : '';
  return `sitegen: cannot ${fault.doing}${where}: ${fault.words} (${fault.code})${kept ? `; ${kept}` : ''}`;
}

/** The lines around `line` of a source file, as a code frame; none when it cannot be read. */
function sourceFrame(file: string, line: number, column: number): string[] {
  try {
    const text = readFileSync(file, 'utf8');
    const at = { line, column: throwColumn(text.split(/\r?\n/)[line - 1] ?? '', column) };
    return codeFrame(excerptOf(text, at), at);
  } catch {
    return [];
  }
}

/**
 * Where the statement that threw starts, when a stack points at the `new` of `throw new Error(…)`
 * (V8 places an error at its construction): the caret goes under `throw`; else `column`.
 */
export function throwColumn(lineText: string, column: number): number {
  const thrown = /\bthrow\s+$/.exec(lineText.slice(0, column - 1));
  return thrown && /^new\b/.test(lineText.slice(column - 1)) ? thrown.index + 1 : column;
}

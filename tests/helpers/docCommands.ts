import { FENCE } from './docPages.ts';

/**
 * The commands README.md and docs/ tell a person to type: the fenced shell blocks, each with the
 * marker before it that says how a test runs it, and the commands written inline in the prose.
 */

/** How the docs test treats a fenced command block, from the HTML comment on the line before it. */
export type BlockMarker =
  /** `<!-- run -->`, or `<!-- run: SETUP -->` with a command run first, out of the reader's sight (what an earlier page's step made). */
  | { kind: 'run'; setup?: string }
  /** `<!-- not run: REASON -->`: a block that cannot run here (the AWS CLI, an account's keys). */
  | { kind: 'not run'; reason: string }
  /** `<!-- output: NAME -->`: what the tool prints, made by tests/docs/examples/NAME.ts. */
  | { kind: 'output'; name: string }
  | { kind: 'none' };

export interface CommandBlock {
  file: string;
  /** The 1-based line of the opening fence. */
  line: number;
  marker: BlockMarker;
  /** Each command of the block, as the shell reads a line (continuations joined), comments and `$ ` prompts left as written. */
  commands: string[];
}

const SHELL_INFO = /^(sh|bash|shell|console|zsh)$/;
/** A line a reader types: a shell prompt, or a block of a shell language. */
const PROMPT = /^\$ /;

function markerOf(line: string | undefined): BlockMarker {
  const comment = /^<!-- (run|not run|output)(?:: (.+?))? -->$/.exec((line ?? '').trim());
  if (!comment) return { kind: 'none' };
  const [, kind, value] = comment;
  if (kind === 'run') return value ? { kind, setup: value } : { kind };
  if (!value) throw new Error(`<!-- ${kind} --> needs ${kind === 'output' ? 'the name of its example' : 'a reason'} after a colon`);
  return kind === 'output' ? { kind, name: value } : { kind: 'not run', reason: value };
}

/**
 * Every fenced block of a markdown file that holds commands: a shell block (```sh, bash, shell,
 * console) or any block with a `$ ` prompt. Other blocks (YAML, JSON, markdown, a tree of
 * folders) are shown, not typed. A block's commands are its lines with `\` continuations joined;
 * in a block with prompts, only the prompted lines are commands (the rest is their output).
 */
export function commandBlocks(markdown: string, file: string): CommandBlock[] {
  const lines = markdown.split('\n');
  const blocks: CommandBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE.exec(lines[i]!);
    if (!open) continue;
    const [whole, indent = '', fence = ''] = open;
    const info = lines[i]!.slice(whole.length).trim();
    const close = lines.findIndex((l, j) => j > i && l.trim() === fence);
    if (close < 0) throw new Error(`${file}:${i + 1}: a fenced block is never closed`);
    const body = lines.slice(i + 1, close).map((l) => (l.startsWith(indent) ? l.slice(indent.length) : l.trimStart()));
    const prompted = body.some((l) => PROMPT.test(l));
    if (SHELL_INFO.test(info) || prompted) {
      const joined = body
        .join('\n')
        .replace(/\\\n\s*/g, ' ')
        .split('\n');
      const commands = prompted ? joined.filter((l) => PROMPT.test(l)).map((l) => l.slice(2)) : joined.filter((l) => l.trim() && !l.trim().startsWith('#'));
      blocks.push({ file, line: i + 1, marker: markerOf(lines[i - 1]), commands });
    }
    i = close;
  }
  return blocks;
}

/** A command written inline, in a code span of the prose or a table: `npm run dev`, `npx sitegen check --drafts`. */
export interface InlineCommand {
  file: string;
  line: number;
  command: string;
}

/**
 * A code span that starts as a person types a command here. `sitegen build` alone names the
 * command (a person types it through npx or npm), and `node bin/x.mjs` alone names the file.
 */
const INLINE = /`((?:npx sitegen|npm run|npm test|npm ci|node bin\/)[^`]*)`/g;
const NAME_ONLY = /^node bin\/\S+$/;

/** Every inline command of a markdown file, outside fenced blocks, with the line it starts on; a span broken over lines is read as one line. */
export function inlineCommands(markdown: string, file: string): InlineCommand[] {
  let fenced: string | undefined;
  // Fenced blocks blanked, so that their text is never read as prose and lines keep their numbers.
  const prose = markdown
    .split('\n')
    .map((line) => {
      const fence = FENCE.exec(line)?.[2];
      if (fence && (fenced === undefined || line.trim() === fenced)) {
        fenced = fenced === undefined ? fence : undefined;
        return '';
      }
      return fenced === undefined ? line : '';
    })
    .join('\n');
  return [...prose.matchAll(INLINE)]
    .map((match) => ({
      file,
      line: prose.slice(0, match.index).split('\n').length,
      // A table cell writes `|` as `\|`: the command has a plain one.
      command: match[1]!.replace(/\\\|/g, '|').replace(/\s+/g, ' ').trim(),
    }))
    .filter((c) => !NAME_ONLY.test(c.command));
}

/**
 * Words a reader replaces before running a command: an uppercase name (`OLD`, `N`, `DIR`,
 * `SLUG`), an ellipsis, or a choice written with `|` or brackets.
 */
export const hasPlaceholder = (command: string): boolean => /(^|[\s=/])[A-Z][A-Z_]*\b|…|\[|\||<[a-z]/.test(command.replace(/\$\{?[A-Z_]+\}?|\b[A-Z_]+=/g, ''));

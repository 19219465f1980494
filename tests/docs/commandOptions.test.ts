import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Argument, Command, Option } from 'commander';
import { describe, expect, it } from 'vitest';
import { WATCH_BEGINS, WATCH_ENDS } from '../../src/cli/checkCommand.ts';
import { sitegenProgram } from '../../src/cli/main.ts';

/**
 * The option tables of docs/README.md's commands are made from the commander program of
 * src/cli/main.ts (each option's flags, description and default, as `--help` prints them): a
 * table cannot drift from what the command takes. `SITEGEN_WRITE_DOCS=1 npx vitest run
 * tests/docs/commandOptions.test.ts` rewrites them.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const PAGE = 'docs/README.md';
const HEADER = '| option | argument | default | what it does |';

const program = sitegenProgram(() => {});

/** A default that is not a value is said at the end of the description, as commander says the others: `(default: …)`. */
const SAID_DEFAULT = / \(default: ([^()]+)\)$/;

const code = (text: string) => `\`${text}\``;
const cell = (text: string) => text.replace(/\|/g, '\\|');
const sentence = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

function row(name: string, argument: string, fallback: string, description: string): string {
  return `| ${[name, argument, fallback, sentence(description.replace(SAID_DEFAULT, ''))].map(cell).join(' | ')} |`;
}

/** What a command works on without the option: its default value, the default its description says, or the variable read first. */
function fallback(option: Option | Argument, description: string): string {
  const said = option.defaultValueDescription ?? SAID_DEFAULT.exec(description)?.[1];
  const value = typeof option.defaultValue === 'string' || typeof option.defaultValue === 'number' ? code(String(option.defaultValue)) : '';
  const stated = said ?? value;
  if ('mandatory' in option && option.mandatory) return 'required';
  if ('envVar' in option && option.envVar) return `${code(option.envVar)} when set, else ${stated}`;
  return stated;
}

const ORDINAL = ['first', 'second', 'third'];

/** The table of one command: its arguments, then its options in the order `--help` lists them. */
function optionTable(command: Command): string {
  const placeholder = (flags: string) => /<(\w+)>/.exec(flags)?.[1]?.toUpperCase();
  return [
    HEADER,
    '|---|---|---|---|',
    ...command.registeredArguments.map((argument, i) =>
      row(`${code(argument.name().toUpperCase())}, the ${ORDINAL[i]} argument`, '', fallback(argument, argument.description), argument.description),
    ),
    ...command.options.map((option) => {
      const value = placeholder(option.flags);
      const argument = option.argChoices ? option.argChoices.map(code).join(', ') : value ? code(value) : '';
      return row(code(option.long!), argument, fallback(option, option.description), option.description);
    }),
  ].join('\n');
}

const commandNamed = (name: string) => program.commands.find((command) => command.name() === name)!;

/** Where each command's table is in the page: the lines of the table under its heading `### NAME`, which must have one. */
function tablePlaces(lines: readonly string[]): Map<string, { start: number; end: number }> {
  const places = new Map<string, { start: number; end: number }>();
  const commands = lines.indexOf('## Commands');
  if (commands < 0) throw new Error(`${PAGE} has no section "## Commands"`);
  for (const command of program.commands) {
    const heading = lines.findIndex((line, i) => i > commands && line === `### ${command.name()}`);
    if (heading < 0) throw new Error(`${PAGE} has no section "### ${command.name()}" under "## Commands"`);
    const next = lines.findIndex((line, i) => i > heading && /^#{1,3} /.test(line));
    const start = lines.findIndex((line, i) => i > heading && (next < 0 || i < next) && line === HEADER);
    if (start < 0) throw new Error(`${PAGE}: "### ${command.name()}" has no line "${HEADER}" where its table goes`);
    let end = start;
    while (lines[end + 1]?.startsWith('|')) end++;
    places.set(command.name(), { start, end });
  }
  return places;
}

/** The page with each command's table made again, from the last table up so that the places of those above stay right. */
function withTables(markdown: string): string {
  const lines = markdown.split('\n');
  const places = [...tablePlaces(lines)].sort(([, a], [, b]) => b.start - a.start);
  for (const [name, { start, end }] of places) lines.splice(start, end - start + 1, ...optionTable(commandNamed(name)).split('\n'));
  return lines.join('\n');
}

describe(`the commands of ${PAGE}`, () => {
  it('have each a section `### NAME` with its options as a table, made from the command line', () => {
    const file = path.join(ROOT, PAGE);
    if (process.env.SITEGEN_WRITE_DOCS) writeFileSync(file, withTables(readFileSync(file, 'utf8')));
    const lines = readFileSync(file, 'utf8').split('\n');
    for (const [name, place] of tablePlaces(lines))
      expect(
        lines.slice(place.start, place.end + 1).join('\n'),
        `${PAGE}: the options of ${name} differ from src/cli/main.ts (SITEGEN_WRITE_DOCS=1 npx vitest run tests/docs/commandOptions.test.ts rewrites them)`,
      ).toBe(optionTable(commandNamed(name)));
  });

  it('show every default an option has in the default column, so no description hides one mid-sentence', () => {
    for (const command of program.commands)
      for (const option of [...command.options, ...command.registeredArguments]) {
        const { description } = option;
        if (/\bdefault\b/i.test(description.replace(SAID_DEFAULT, '')))
          expect.fail(`${command.name()} ${'long' in option ? option.long : option.name()}: say its default at the end, as "(default: …)"`);
        const stated = fallback(option, description);
        if (option.defaultValue !== undefined && !(Array.isArray(option.defaultValue) && option.defaultValue.length === 0))
          expect(stated, `${command.name()} ${description}`).not.toBe('');
      }
  });

  it('say which variable an option reads when it is not given, which option is required, and the lines check --watch prints', () => {
    const publish = commandNamed('publish');
    expect(optionTable(publish)).toContain('| `--endpoint` | `URL` | `AWS_ENDPOINT_URL_S3` when set, else AWS S3 |');
    expect(optionTable(publish)).toContain('| `--bucket` | `NAME` | required |');
    const watch = commandNamed('check').options.find((option) => option.long === '--watch')!;
    expect(watch.description).toContain(`\`${WATCH_BEGINS}\``);
    expect(watch.description).toContain(`\`${WATCH_ENDS}\``);
  });
});

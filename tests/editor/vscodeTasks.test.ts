import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WATCH_BEGINS, WATCH_ENDS } from '../../src/cli/checkCommand.ts';
import { wantsColour } from '../../src/cli/colour.ts';
import { fixtureCopy, runCli } from '../helpers/fixture.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const readJson = (rel: string) => JSON.parse(readFileSync(path.join(ROOT, rel), 'utf8')) as unknown;

interface Pattern {
  regexp: string;
  file: number;
  line: number;
  column: number;
  severity: number;
  message: number;
  code: number;
}
interface Background {
  activeBegins: boolean;
  beginsPattern: string;
  endsPattern: string;
}
interface Task {
  label: string;
  command: string;
  isBackground?: boolean;
  options?: { env?: Record<string, string> };
  problemMatcher: { severity: string; fileLocation: string[]; pattern: Pattern; background?: Background };
}

const tasks = (readJson('.vscode/tasks.json') as { tasks: Task[] }).tasks;
const task = tasks.find((t) => t.label === 'sitegen: check')!;
const watchTask = tasks.find((t) => t.label === 'sitegen: check --watch')!;

/** The problems VS Code reads from a task's output with the task's matcher: each line the pattern matches is one. */
function matchedProblems(output: string) {
  const { pattern, severity } = task.problemMatcher;
  const regexp = new RegExp(pattern.regexp);
  return output.split('\n').flatMap((text) => {
    const m = regexp.exec(text);
    if (!m) return [];
    return [
      {
        file: path.resolve(m[pattern.file]!),
        line: Number(m[pattern.line]),
        column: Number(m[pattern.column]),
        severity: m[pattern.severity] ?? severity,
        message: m[pattern.message],
        rule: m[pattern.code],
      },
    ];
  });
}

let fx: Awaited<ReturnType<typeof fixtureCopy>>;
beforeAll(async () => {
  fx = await fixtureCopy();
  // A problem of each kind an editor meets: a value out of its set in an article's frontmatter, a
  // broken link in a markdown body, a warning across two articles, and a YAML syntax error (with its code frame).
  await fx.edit('articles/second-look.md', (text) => text.replace('category: Strategy', 'category: Stratgy'));
  await fx.write(
    'articles/first-steps-again.md',
    readFileSync(fx.file('articles/first-steps.md'), 'utf8').replace('A clean inventory', 'A [clean inventory](/inventry)'),
  );
  await fx.edit('pages/legal.yaml', (text) => text.replace('heading: Legal Stuff', 'heading: Legal\n  stuff: wrong indent'));
});
afterAll(() => fx?.remove());

describe('VS Code', () => {
  it('recommends the YAML extension that reads the schemas sitegen writes', () => {
    expect(readJson('.vscode/extensions.json')).toEqual({ recommendations: ['redhat.vscode-yaml'] });
  });

  it('puts every problem sitegen check prints, YAML and markdown, in the Problems panel with its file, place, severity, message and rule', async () => {
    expect(task.command).toBe('npx sitegen check --format text');
    const text = await runCli('check', '--content', fx.content, '--format', 'text');
    const json = await runCli('check', '--content', fx.content, '--format', 'json');
    expect(text.code).toBe(1);
    const expected = (JSON.parse(json.stdout) as { file: string; line: number; column: number; severity: string; message: string; rule: string }[]).map(
      ({ file, line, column, severity, message, rule }) => ({ file: path.resolve(file), line, column, severity, message, rule }),
    );
    expect(new Set(expected.map((p) => path.extname(p.file)))).toEqual(new Set(['.md', '.yaml']));
    expect(expected.map((p) => p.rule).sort()).toEqual([
      'article/duplicate-title',
      'article/duplicate-title',
      // The copy is featured too: the older mark is said to be ignored.
      'article/featured-twice',
      'article/invalid-value',
      'link/broken',
      // One mistake (a key indented too far), one problem: the parser's cascade is not repeated.
      'yaml-syntax',
    ]);
    // Nothing else is read as a problem: not the code frame, the hints or the count.
    expect(matchedProblems(text.stdout)).toEqual(expected);
  });

  it("runs the check without colours, whose codes the matcher would not read on the task's terminal", () => {
    const terminal = { isTTY: true, hasColors: () => true } as unknown as NodeJS.WriteStream;
    for (const t of [task, watchTask]) expect(wantsColour(terminal, { ...t.options?.env }), t.label).toBe(false);
  });

  it('has a background task, check --watch, that reads problems as the check task does, between the lines each run starts and ends with', () => {
    expect(watchTask.command).toBe('npx sitegen check --watch --format text');
    expect(watchTask.isBackground).toBe(true);
    const { background, ...matcher } = watchTask.problemMatcher;
    expect(matcher).toEqual(task.problemMatcher);
    const begins = new RegExp(background!.beginsPattern);
    const ends = new RegExp(background!.endsPattern);
    expect([begins.test(WATCH_BEGINS), ends.test(WATCH_ENDS), begins.test(WATCH_ENDS), ends.test(WATCH_BEGINS)]).toEqual([true, true, false, false]);
    expect(new RegExp(task.problemMatcher.pattern.regexp).test(WATCH_BEGINS)).toBe(false);
  });
});

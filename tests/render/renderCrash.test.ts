import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finished, projectCopy, type Project } from '../helpers/project.ts';

/** A template fault that only one article meets. */
const FAULT = "  if (article.slug === 'second-look') throw new Error('the card has no sponsor');\n";

describe.each([
  ['on the main thread', 0],
  ['on worker threads', 300],
])('a template that throws while rendering %s', (_where, articles) => {
  let project: Project;
  /** The line the fault was written on. */
  let line = 0;
  beforeAll(async () => {
    project = await projectCopy({ content: 'fixture', articles, env: { SITEGEN_WORKER_THRESHOLD: '300' } });
    await project.edit('templates/pages/Article.tsx', (t) => {
      const faulty = t.replace(/(export function Article\([^)]*\) \{\n)/, `$1${FAULT}`);
      line = faulty.split('\n').indexOf(FAULT.trimEnd()) + 1;
      return faulty;
    });
  }, 60_000);
  afterAll(() => project?.remove());

  it('names the page, its content file and the template line, with exit 1', async () => {
    const { code, stderr } = await project.run(['build']);
    expect(code).toBe(1);
    // Lines before it say how rendering progresses, when it takes over a second.
    const lines = stderr.trimEnd().split('\n');
    const [first, ...frames] = lines.slice(lines.findIndex((l) => l.startsWith('sitegen: ')));
    expect(first).toBe('sitegen: content/articles/second-look.md: rendering /articles/second-look failed: the card has no sponsor');
    expect(line).toBeGreaterThan(0);
    // The template's own frame, relative to the project, then the line that threw, framed; React's frames folded into one line.
    expect(frames[0]).toMatch(new RegExp(`^\\s+at Article \\(templates/pages/Article\\.tsx:${line}:\\d+\\)$`));
    const marked = frames.find((f) => new RegExp(`^ {4}> +${line} \\| `).test(f));
    expect(marked).toContain("throw new Error('the card has no sponsor')");
    // The caret sits under the statement that threw, though the stack points at its `new Error`.
    const caret = frames[frames.indexOf(marked!) + 1]!;
    expect(marked!.slice(caret.indexOf('^'))).toMatch(/^throw new Error/);
    expect(frames.filter((f) => f.includes('node_modules') && !f.startsWith('    …'))).toEqual([]);
    expect(frames.at(-1)).toMatch(/^ {4}… \d+ frames? in node_modules\/ and Node$/);
  }, 60_000);

  // watch builds on one thread of its own, whatever the size: once is enough.
  it.runIf(articles === 0)(
    'is described by watch as build describes it, with the template frame first',
    async () => {
      const child = project.start(['watch', '--port', '0']);
      const ended = finished(child);
      let log = '';
      child.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()));
      try {
        for (let i = 0; i < 1200 && !/rendering \/articles\/second-look failed[^\n]*\n(\s+at [^\n]*\n)+/.test(log); i++) await sleep(50);
      } finally {
        child.kill('SIGINT');
        await ended;
      }
      const lines = log.split('\n');
      const first = lines.findIndex((l) => l.includes('rendering /articles/second-look failed'));
      expect(lines[first], log).toBe('sitegen: content/articles/second-look.md: rendering /articles/second-look failed: the card has no sponsor');
      expect(lines[first + 1]).toMatch(new RegExp(`^\\s+at Article \\(.*templates/pages/Article\\.tsx:${line}:\\d+\\)$`));
    },
    90_000,
  );
});

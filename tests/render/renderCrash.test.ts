import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectCopy, type Project } from '../helpers/project.ts';

/** A template fault that only one article meets. */
const FAULT = "  if (article.slug === 'value-banks') throw new Error('the card has no sponsor');\n";

describe.each([
  ['on the main thread', 0],
  ['on worker threads', 300],
])('a template that throws while rendering %s', (_where, articles) => {
  let project: Project;
  /** The line the fault was written on. */
  let line = 0;
  beforeAll(async () => {
    project = await projectCopy({ articles, env: { SITEGEN_WORKER_THRESHOLD: '300' } });
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
    const [first, ...frames] = stderr.trimEnd().split('\n');
    expect(first).toBe('sitegen: content/articles/value-banks.md: rendering /articles/value-banks failed: the card has no sponsor');
    expect(line).toBeGreaterThan(0);
    expect(frames[0]).toMatch(new RegExp(`^\\s+at Article \\(.*templates/pages/Article\\.tsx:${line}:\\d+\\)$`));
    expect(frames.length).toBeLessThanOrEqual(6);
  }, 60_000);
});

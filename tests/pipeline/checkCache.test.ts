import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { treeHashes } from '../helpers/fixture.ts';
import { projectCopy, type Project } from '../helpers/project.ts';

let project: Project;
beforeAll(async () => {
  project = await projectCopy({ content: 'fixture' });
  const built = await project.run(['build']);
  expect(built.code, built.stdout).toBe(0);
});
afterAll(() => project?.remove());

describe('sitegen check after a build', () => {
  it('reads the analyses the build kept and writes nothing in .sitegen-cache/ nor in the output, whatever it finds', async () => {
    const before = { cache: await treeHashes(project.cache), out: await treeHashes(project.out) };
    const clean = await project.run(['check']);
    expect({ code: clean.code, stdout: clean.stdout }).toEqual({ code: 0, stdout: '' });
    await project.edit('content/articles/first-steps.md', (text) => text.replace('category: Strategy', 'category: Stratgy'));
    const broken = await project.run(['check']);
    expect(broken.code).toBe(1);
    expect(broken.stdout).toContain('category: "Stratgy" is not allowed');
    expect({ cache: await treeHashes(project.cache), out: await treeHashes(project.out) }).toEqual(before);
  });
});

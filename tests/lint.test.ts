import { writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectCopy, type Project } from './helpers/project.ts';

/** The import direction of src/ is a lint rule (eslint.config.js): it must fail on what it forbids. */
describe('the lint rule on imports', () => {
  let project: Project;
  beforeAll(async () => {
    project = await projectCopy();
  }, 60_000);
  afterAll(() => project?.remove());

  it('passes on the project as it is', async () => {
    await expect(project.lint()).resolves.toBeDefined();
  }, 60_000);

  it('fails when a stage imports a later one, and on a cycle inside a stage', async () => {
    await project.edit('src/validate/publicFiles.ts', (t) => `${t}\nexport { Builder } from '../pipeline/builder.ts';\n`);
    await writeFile(project.file('src/pipeline/cache/loop.ts'), "import { Builder } from '../builder.ts';\n\nexport const builder = Builder;\n");
    await project.edit('src/pipeline/builder.ts', (t) => `${t}\nexport { builder } from './cache/loop.ts';\n`);
    const failure = await project.lint().then(
      () => '',
      (error: Error) => error.message,
    );
    expect(failure).toMatch(/publicFiles\.ts[\s\S]*'\.\.\/pipeline\/builder\.ts' import is restricted[\s\S]*validate may not import a later stage/);
    expect(failure).toMatch(/loop\.ts\s+1:1\s+error\s+Dependency cycle detected\s+import-x\/no-cycle/);
  }, 60_000);
});

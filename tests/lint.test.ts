import { writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectCopy, type Project } from './helpers/project.ts';

/** The import direction of src/, and templates' imports of it, are lint rules (eslint.config.js): they must fail on what they forbid. */
describe('the lint rule on imports', () => {
  let project: Project;
  beforeAll(async () => {
    project = await projectCopy();
  }, 60_000);
  afterAll(() => project?.remove());

  // Each test lints the files it breaks, not the whole project: .ci/run lints the whole checkout (npm run lint) before the tests.
  const STAGES = ['src/validate/publicFiles.ts', 'src/pipeline/builder.ts'];
  const API = ['templates/pages/Blocks.tsx', 'templates/islands/NavMenus.tsx', 'src/diff/fileKinds.ts'];

  it('passes on the files the next tests break, as they are', async () => {
    await expect(project.lint(...STAGES, ...API)).resolves.toBeDefined();
  }, 60_000);

  it('fails when a stage imports a later one, and on a cycle inside a stage', async () => {
    await project.edit('src/validate/publicFiles.ts', (t) => `${t}\nexport { Builder } from '../pipeline/builder.ts';\n`);
    await writeFile(project.file('src/pipeline/cache/loop.ts'), "import { Builder } from '../builder.ts';\n\nexport const builder = Builder;\n");
    await project.edit('src/pipeline/builder.ts', (t) => `${t}\nexport { builder } from './cache/loop.ts';\n`);
    const failure = await project.lint(...STAGES, 'src/pipeline/cache/loop.ts').then(
      () => '',
      (error: Error) => error.message,
    );
    expect(failure).toMatch(/publicFiles\.ts[\s\S]*'\.\.\/pipeline\/builder\.ts' import is restricted[\s\S]*validate may not import a later stage/);
    expect(failure).toMatch(/loop\.ts\s+1:1\s+error\s+Dependency cycle detected\s+import-x\/no-cycle/);
  }, 60_000);

  it("fails when a template imports src/ other than through its API, an island other than through the islands' runtime, and when src/ imports the API", async () => {
    await project.edit('templates/pages/Blocks.tsx', (t) => t.replace("'../../src/template-api.ts'", "'../../src/model.ts'"));
    await project.edit('templates/islands/NavMenus.tsx', (t) => t.replace("'../../src/islands/base.ts'", "'../../src/template-api.ts'"));
    await project.edit('src/diff/fileKinds.ts', (t) => `${t}\nexport { text } from '../template-api.ts';\n`);
    const failure = await project.lint(...API).then(
      () => '',
      (error: Error) => error.message,
    );
    expect(failure).toMatch(
      /Blocks\.tsx[\s\S]*'\.\.\/\.\.\/src\/model\.ts' import is restricted[\s\S]*templates import the generator only through src\/template-api\.ts/,
    );
    expect(failure).toMatch(
      /NavMenus\.tsx[\s\S]*'\.\.\/\.\.\/src\/template-api\.ts' import is restricted[\s\S]*islands run in the browser: of the generator they import only the islands' runtime/,
    );
    expect(failure).toMatch(/fileKinds\.ts[\s\S]*'\.\.\/template-api\.ts' import is restricted[\s\S]*the templates' API is theirs/);
  }, 60_000);

  it('says which file is not formatted as Prettier formats it, and npm run format formats it', async () => {
    await expect(project.formatCheck('src/hash.ts')).resolves.toBeDefined();
    await project.edit('src/hash.ts', (t) => `${t}\nexport const   spaced = [ 1,2 ];\n`);
    const failure = await project.formatCheck('src').then(
      () => '',
      (error: Error) => error.message,
    );
    expect(failure).toMatch(/\[warn\] src\/hash\.ts/);
    // As the README tells a developer to mend it.
    await project.npm('run', 'format');
    await expect(project.formatCheck('src/hash.ts')).resolves.toBeDefined();
  }, 120_000);
});

import { readdir, readFile, truncate } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as Compiler from '../../src/runtime/compile.mjs';
import { projectCopy, type Project } from '../helpers/project.ts';

// Watch runs the generator compiled apart from the templates, which it compiles again after each
// edit of them and loads into the running worker: the templates must use that worker's modules
// (one React, one site context), and their compilations heal as the generator's do.
let project: Project;
let compiler: Compiler.WatchCompiler;
const warnings: string[] = [];

beforeAll(async () => {
  project = await projectCopy();
  const compile = (await import(pathToFileURL(project.file('src/runtime/compile.mjs')).href)) as typeof Compiler;
  compiler = compile.watchCompiler(project.root, (line) => warnings.push(line));
}, 60_000);
afterAll(async () => {
  await compiler?.dispose();
  await project?.remove();
});

/** Every compiled module of a templates compilation, by its path in it. */
async function modules(dir: string): Promise<Map<string, string>> {
  const files = (await readdir(dir, { recursive: true })).filter((file) => file.endsWith('.mjs'));
  return new Map(await Promise.all(files.map(async (file): Promise<[string, string]> => [file, await readFile(path.join(dir, file), 'utf8')])));
}

describe("watch's compilations", () => {
  it("compile the templates against the worker's own modules of src/, by relative paths, and leave dependencies to node_modules", async () => {
    const { worker, templates } = await compiler.generator();
    const compiled = await modules(templates);
    expect(compiled.has('templates/index.mjs')).toBe(true);
    const imports = [...compiled].flatMap(([file, code]) => [...code.matchAll(/^import .* from "([^"]+)";$/gm)].map((m) => ({ file, spec: m[1]! })));
    const ofSrc = imports.filter(({ spec }) => spec.includes('/src/'));
    expect(ofSrc.length).toBeGreaterThan(0);
    // Each names the worker's module relative to the importing file: the pair moves with the project.
    for (const { file, spec } of ofSrc) {
      expect(spec, file).toMatch(/^\.\.\//);
      expect(path.resolve(templates, path.dirname(file), spec).startsWith(path.join(worker, 'src') + path.sep), spec).toBe(true);
      await expect(readFile(path.resolve(templates, path.dirname(file), spec), 'utf8')).resolves.toBeTruthy();
    }
    expect(imports.map(({ spec }) => spec)).toContain('react/jsx-runtime');
    // No module of src/ is compiled into the templates (esbuild names each module it bundles in a comment).
    for (const [file, code] of compiled) expect(code, file).not.toMatch(/^\/\/ src\//m);
  }, 60_000);

  it('compile the templates again after an edit of them, for the same worker, and reuse an intact compilation', async () => {
    const first = await compiler.generator();
    expect(await compiler.templates(first.worker)).toBe(first.templates);
    await project.edit('templates/pages/NotFound.tsx', (t) => t.replace('Error 404', 'Error 404, edited'));
    const edited = await compiler.templates(first.worker);
    expect(edited).not.toBe(first.templates);
    expect([...(await modules(edited)).values()].join('\n')).toContain('Error 404, edited');
    expect((await compiler.generator()).worker).toBe(first.worker);
  }, 60_000);

  it('compile the worker and its templates again after an edit of src/', async () => {
    const before = await compiler.generator();
    await project.edit('src/render/siteContext.ts', (t) => `${t}\n// An edit of the generator.\n`);
    const after = await compiler.generator();
    expect(after.worker).not.toBe(before.worker);
    expect([...(await modules(after.templates)).values()].join('\n')).toContain(`/worker/${path.basename(after.worker)}/src/`);
  }, 60_000);

  it('compile a damaged templates compilation again, and say so once', async () => {
    const { worker, templates } = await compiler.generator();
    await truncate(path.join(templates, 'templates/index.mjs'), 10);
    warnings.length = 0;
    const healed = await compiler.templates(worker);
    expect(healed).not.toBe(templates);
    expect(warnings).toEqual([
      expect.stringMatching(
        /^sitegen: node_modules\/\.cache\/sitegen\/watch\/templates\/[0-9a-f]{16}-[0-9a-f]{8} is damaged \(templates\/index\.mjs .+\); the generator is compiled again$/,
      ),
    ]);
    expect((await readFile(path.join(healed, 'templates/index.mjs'), 'utf8')).length).toBeGreaterThan(10);
  }, 60_000);
});

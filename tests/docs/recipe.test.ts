import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markedBlocks } from '../helpers/docPages.ts';
import { projectCopy, type Project } from '../helpers/project.ts';

/**
 * The README's recipe, followed as an editor follows it: each block marked
 * `<!-- recipe: FILE -->` saved as FILE in a copy of the project, a photo saved where the
 * article's thumbnail says, and `sitegen check` finds nothing to say.
 */
const README = path.resolve(import.meta.dirname, '../../README.md');

describe("the README's recipe for an article, a page and an image", () => {
  let project: Project;
  let recipes: ReturnType<typeof markedBlocks>;
  beforeAll(async () => {
    recipes = markedBlocks(await readFile(README, 'utf8'), 'README.md', 'recipe');
    project = await projectCopy();
  }, 60_000);
  afterAll(() => project?.remove());

  it('gives an article and a page that check accepts', async () => {
    expect(recipes.map((r) => r.name)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^content\/articles\/.+\.md$/), expect.stringMatching(/^content\/pages\/.+\.yaml$/)]),
    );
    for (const recipe of recipes) await writeFile(project.file(recipe.name), `${recipe.text}\n`);
    const article = recipes.find((r) => r.name.startsWith('content/articles/'))!;
    const thumbnail = /^thumbnail: (\/images\/\S+\.jpg)$/m.exec(article.text)?.[1];
    expect(thumbnail, 'the article names a photo in public/images/').toBeDefined();
    await mkdir(path.dirname(project.file(`public${thumbnail}`)), { recursive: true });
    await copyFile(project.file('public/images/articles/pga-canada-case-study.jpg'), project.file(`public${thumbnail}`));

    // The recipe is an article's beginning: its length is the one thing check says of it, a warning.
    const { code, stdout } = await project.run(['check', '--format', 'json']);
    expect(code).toBe(0);
    expect((JSON.parse(stdout) as { file: string; rule: string }[]).map(({ file, rule }) => ({ file, rule }))).toEqual([
      { file: article.name, rule: 'article/reading-time' },
    ]);
  }, 120_000);
});

import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { docFiles, markedBlocks, rewriteBlocks } from '../helpers/docPages.ts';
import { removeNewArticleBuilds } from '../helpers/newArticle.ts';

/**
 * Every `<!-- output: NAME -->` block of README.md and docs/ equals what
 * tests/docs/examples/NAME.ts returns, which runs the real tool on the fixture site (never the
 * real content, which editors change at will): an example cannot drift from the tool.
 * `SITEGEN_WRITE_DOCS=1 npx vitest run tests/docs/examples.test.ts` writes the blocks from the modules instead.
 */
const REWRITE = 'SITEGEN_WRITE_DOCS=1 npx vitest run tests/docs/examples.test.ts';
const ROOT = path.resolve(import.meta.dirname, '../..');
const WRITE = process.env.SITEGEN_WRITE_DOCS === '1';

const modulePath = (name: string) => path.join(import.meta.dirname, 'examples', `${name}.ts`);

/** Each example runs once, however many pages show it. */
const produced = new Map<string, Promise<string>>();
// The diff examples of one new article share its two builds, in every format they print.
afterAll(removeNewArticleBuilds);

function produce(name: string): Promise<string> {
  if (!produced.has(name))
    produced.set(
      name,
      import(modulePath(name))
        .then(async (example: { default: () => Promise<string> }) => (await example.default()).replace(/\n$/, ''))
        // Most examples break a file of the fixture site: a change to the fixture may have moved it.
        .catch((error: Error) => {
          throw new Error(`tests/docs/examples/${name}.ts could not show its example, update it: ${error.message}`, { cause: error });
        }),
    );
  return produced.get(name)!;
}

for (const file of docFiles(ROOT)) {
  const markdown = readFileSync(path.join(ROOT, file), 'utf8');
  const blocks = markedBlocks(markdown, file, 'output');
  if (!blocks.length) continue;

  describe(file, () => {
    if (WRITE) {
      it('has its example outputs written from their modules', async () => {
        const texts: Record<string, string> = {};
        for (const block of blocks) {
          expect(existsSync(modulePath(block.name)), `${file}:${block.line}: no module tests/docs/examples/${block.name}.ts`).toBe(true);
          texts[block.name] = await produce(block.name);
        }
        writeFileSync(path.join(ROOT, file), rewriteBlocks(markdown, blocks, texts));
      }, 120_000);
      return;
    }
    for (const block of blocks) {
      it(`line ${block.line}: ${block.name}`, async () => {
        expect(existsSync(modulePath(block.name)), `${file}:${block.line}: no module tests/docs/examples/${block.name}.ts`).toBe(true);
        expect(
          block.text,
          `${file}:${block.line}: the output of ${block.name} is not what tests/docs/examples/${block.name}.ts prints now; if the change is meant, rewrite the blocks with \`${REWRITE}\`, read the docs it changed and commit them`,
        ).toBe(await produce(block.name));
      }, 120_000);
    }
  });
}

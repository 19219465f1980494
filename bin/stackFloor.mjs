#!/usr/bin/env node
// node bin/stackFloor.mjs POSTS OUT
// The floor of the libraries the spec names, for bin/compare.mjs: what any build of these posts
// with them costs before templates, validation, assets, caches or a versioned output. Each
// markdown file is read, parsed as sitegen parses it (remark-parse with frontmatter, directives
// and GitHub-flavoured markdown without autolink literals), its frontmatter read with yaml, its
// tree turned into HTML with remark-rehype and React's renderToString, and written as a page of
// its own; the files are split evenly between this thread and a worker per other core, with the
// V8 flags sitegen sets.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { optimiseLater } from './v8Flags.mjs';

process.env.NODE_ENV = 'production';

async function buildPages(files, out) {
  const [{ unified }, { default: remarkParse }, { default: remarkFrontmatter }, { default: remarkRehype }, { directive }, { directiveFromMarkdown }] =
    await Promise.all([
      import('unified'),
      import('remark-parse'),
      import('remark-frontmatter'),
      import('remark-rehype'),
      import('micromark-extension-directive'),
      import('mdast-util-directive'),
    ]);
  const [table, strikethrough, taskList, tableTree, strikethroughTree, taskListTree] = await Promise.all([
    import('micromark-extension-gfm-table'),
    import('micromark-extension-gfm-strikethrough'),
    import('micromark-extension-gfm-task-list-item'),
    import('mdast-util-gfm-table'),
    import('mdast-util-gfm-strikethrough'),
    import('mdast-util-gfm-task-list-item'),
  ]);
  const [{ toJsxRuntime }, runtime, { createElement }, { renderToString }, { parseDocument }] = await Promise.all([
    import('hast-util-to-jsx-runtime'),
    import('react/jsx-runtime'),
    import('react'),
    import('react-dom/server'),
    import('yaml'),
  ]);
  function syntax() {
    const data = this.data();
    (data.micromarkExtensions ??= []).push(table.gfmTable(), strikethrough.gfmStrikethrough(), taskList.gfmTaskListItem(), directive());
    (data.fromMarkdownExtensions ??= []).push(
      tableTree.gfmTableFromMarkdown(),
      strikethroughTree.gfmStrikethroughFromMarkdown(),
      taskListTree.gfmTaskListItemFromMarkdown(),
      directiveFromMarkdown(),
    );
  }
  const parser = unified().use(remarkParse).use(remarkFrontmatter).use(syntax);
  const toHast = unified().use(remarkRehype);
  for (const file of files) {
    const tree = parser.parse(readFileSync(file, 'utf8'));
    const head = tree.children[0];
    const data = head?.type === 'yaml' ? parseDocument(head.value).toJS() : {};
    const body = toJsxRuntime(await toHast.run(tree), { Fragment: runtime.Fragment, jsx: runtime.jsx, jsxs: runtime.jsxs });
    const html = renderToString(
      createElement('html', null, createElement('body', null, createElement('h1', null, data.title), createElement('main', null, body))),
    );
    const dir = path.join(out, path.basename(file, '.md'));
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'index.html'), `<!doctype html>${html}`);
  }
}

if (isMainThread) {
  // Before anything loads; the worker threads share the process's flags.
  optimiseLater();
  const [posts, out] = process.argv.slice(2);
  if (!posts || !out) throw new Error('usage: node bin/stackFloor.mjs POSTS OUT');
  const files = readdirSync(posts)
    .filter((name) => name.endsWith('.md'))
    .map((name) => path.join(posts, name));
  const threads = Math.max(1, Math.min(availableParallelism(), 4));
  const shares = Array.from({ length: threads }, (_, i) => files.filter((_, n) => n % threads === i));
  const workers = shares.slice(1).map(
    (share) =>
      new Promise((resolve, reject) => {
        const worker = new Worker(new URL(import.meta.url), { workerData: { files: share, out } });
        worker.once('message', resolve).once('error', reject);
      }),
  );
  await buildPages(shares[0], out);
  await Promise.all(workers);
} else {
  await buildPages(workerData.files, workerData.out);
  parentPort.postMessage('done');
}

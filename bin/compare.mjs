#!/usr/bin/env node
// node bin/compare.mjs --eleventy DIR [--articles 250,1000,4000] [--runs 5] [--keep]
// Cold builds of the same synthetic posts by sitegen and by Eleventy, side by side in one run.
// DIR is a folder where Eleventy is installed (`npm install @11ty/eleventy@3.1.8` in a temporary
// folder: it is not one of the project's dependencies). For each count of posts, each generator
// builds once to warm the machine's caches, then both build RUNS times, alternately, each from
// nothing (no output, no cache): whole-process wall time, with the medians and the median of the
// per-run ratios sitegen ÷ Eleventy. sitegen is timed twice: from nothing at all, and with only
// its processed images cached (the 136 variants of the real site's photos and cards, about 2.9 s
// of a cold build, which the posts do not change and Eleventy is not asked to make).
// Then a pull-request build: one post edited (in both projects), sitegen's cache as the build
// before left it, and no output, as a CI job of a pull request that restored the cache runs it.
// sitegen builds the real site with the posts as articles, with its real templates; Eleventy
// builds the same posts into the same pages (see eleventyTemplates). The floor is what the
// libraries the spec names cost alone on the same posts (bin/stackFloor.mjs), before any work of
// a generator's own.
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { copyProject } from './projectCopy.mjs';
import { syntheticArticle } from './syntheticArticles.mjs';

const root = path.resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    eleventy: { type: 'string' },
    articles: { type: 'string', default: '250,1000,4000' },
    runs: { type: 'string', default: '5' },
    keep: { type: 'boolean', default: false },
  },
});
if (!values.eleventy) throw new Error('--eleventy DIR: a folder where @11ty/eleventy is installed');
const eleventyCli = path.resolve(values.eleventy, 'node_modules/@11ty/eleventy/cmd.cjs');
const runs = Number(values.runs);

/**
 * Eleventy's templates, made from a page sitegen built so that both write the same pages: the
 * real document around <main> (head, header with its menus, footer), with the page's own values
 * as Nunjucks expressions; in <main>, the article's header, cover, body and three related
 * articles of its category, with the real templates' markup. Lists: the blog's numbered pages
 * and one series per category, 12 cards a page; a sitemap and a feed of the 20 newest.
 */
function eleventyTemplates(page, post) {
  const main = page.slice(page.indexOf('<main'), page.indexOf('</main>') + '</main>'.length);
  const escape = (text) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const values = [
    [escape(post.title), '{{ title }}'],
    [escape(post.excerpt), '{{ excerpt }}'],
    [post.title, '{{ title }}'],
    [post.excerpt, '{{ excerpt }}'],
    [escape(post.thumbnailAlt), '{{ thumbnailAlt }}'],
    [`/articles/${post.slug}`, '{{ page.url }}'],
    [post.date, '{{ page.date | isoDate }}'],
  ];
  let shell = `{% raw %}${page.replace(main, '{% endraw %}<main id="main" tabindex="-1" class="focus:outline-none">{{ content | safe }}</main>{% raw %}')}{% endraw %}`;
  for (const [value, expression] of values) shell = shell.split(value).join(`{% endraw %}${expression}{% raw %}`);
  const card = `<li><article class="group relative flex h-full flex-col overflow-hidden rounded-card border border-slate-200 bg-white shadow-card transition-shadow hover:shadow-lg"><img src="{{ item.data.thumbnail }}" alt="" width="1200" height="675" loading="lazy" decoding="async" class="aspect-video h-auto w-full object-cover"/><div class="flex flex-1 flex-col p-6"><p class="eyebrow">{{ item.data.category }}</p><h3 class="mt-2 text-lg font-bold leading-snug text-ink-900"><a href="{{ item.url }}" class="after:absolute after:inset-0 group-hover:text-brand-700">{{ item.data.title }}</a></h3><p class="mt-3 line-clamp-3 text-sm leading-relaxed text-slate-600">{{ item.data.excerpt }}</p><p class="mt-auto pt-5 text-xs text-slate-600">{{ item.data.author }} · <time dateTime="{{ item.date | isoDate }}">{{ item.date | longDate }}</time></p></div></article></li>`;
  const cards = (list) => `<ul class="mt-8 grid gap-6 md:grid-cols-2 lg:grid-cols-3">{% for item in ${list} %}${card}{% endfor %}</ul>`;
  const postLayout = `---
layout: base.njk
---
<article><header class="container-page max-w-4xl pt-10 sm:pt-14"><a href="/news-insights" class="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 hover:underline"><span aria-hidden="true">←</span> Back to Articles</a><p class="eyebrow mt-8">{{ category }}</p><h1 class="mt-3 text-3xl font-extrabold leading-tight tracking-tight text-ink-900 sm:text-5xl sm:leading-[1.1]">{{ title }}</h1><p class="mt-5 max-w-2xl text-lg leading-relaxed text-slate-600">{{ excerpt }}</p><p class="mt-6 flex flex-wrap gap-x-3 gap-y-1 text-sm text-slate-600"><span class="font-semibold text-ink-900">{{ author }}</span><span aria-hidden="true">·</span><time dateTime="{{ page.date | isoDate }}">{{ page.date | longDate }}</time></p></header>
<div class="container-page mt-10 max-w-5xl"><img src="{{ thumbnail }}" alt="{{ thumbnailAlt }}" width="1200" height="675" fetchPriority="high" class="aspect-video h-auto w-full rounded-3xl object-cover"/></div>
<div class="container-page max-w-4xl py-12"><div class="prose-body max-w-2xl">{{ content | safe }}</div></div></article>
<section class="border-t border-slate-200 bg-slate-50 py-16"><div class="container-page"><h2 class="text-2xl font-bold text-ink-900">Related articles</h2>${cards('collections.post | related(category, page.url)')}</div></section>
`;
  const list = (heading) =>
    `<section class="container-page py-14"><h1 class="text-4xl font-extrabold text-ink-900">${heading}</h1>${cards('items')}<nav aria-label="Pagination"><ol class="mt-10 flex gap-2">{% for href in pages %}<li><a href="{{ href }}">{{ loop.index }}</a></li>{% endfor %}</ol></nav></section>`;
  const blogIndex = `---
layout: base.njk
title: News & Insights
excerpt: Articles on sponsorship sales, fulfillment and analytics.
pagination:
  data: collections.post
  size: 12
  reverse: true
  alias: items
permalink: "/news-insights/{% if pagination.pageNumber > 0 %}page/{{ pagination.pageNumber + 1 }}/{% endif %}"
---
{% set pages = pagination.hrefs %}
${list('News &amp; Insights')}
`;
  const categoryPages = `---
layout: base.njk
excerpt: Articles of one category.
pagination:
  data: collections.categoryPages
  size: 1
  alias: entry
permalink: "/news-insights/{{ entry.slug }}/{% if entry.number > 1 %}page/{{ entry.number }}/{% endif %}"
eleventyComputed:
  title: "{{ entry.category }}"
---
{% set items = entry.items %}{% set pages = entry.hrefs %}
${list('{{ entry.category }}')}
`;
  const sitemap = `---
permalink: /sitemap.xml
eleventyExcludeFromCollections: true
---
<?xml version="1.0" encoding="utf-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">{% for item in collections.all %}<url><loc>https://www.touchline.example{{ item.url }}</loc></url>{% endfor %}</urlset>
`;
  const feed = `---
permalink: /feed.xml
eleventyExcludeFromCollections: true
---
<?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom"><title>Touchline News &amp; Insights</title>{% for item in collections.post | reverse %}{% if loop.index <= 20 %}<entry><title>{{ item.data.title }}</title><link href="https://www.touchline.example{{ item.url }}"/><updated>{{ item.date | isoDate }}</updated><summary>{{ item.data.excerpt }}</summary><content type="html">{{ item.content }}</content></entry>{% endif %}{% endfor %}</feed>
`;
  const config = `export default function (config) {
  const months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
  config.addFilter('isoDate', (date) => new Date(date).toISOString().slice(0, 10));
  config.addFilter('longDate', (date) => { const d = new Date(date); return months[d.getUTCMonth()] + ' ' + d.getUTCDate() + ', ' + d.getUTCFullYear(); });
  config.addFilter('related', (posts, category, url) => posts.filter((p) => p.data.category === category && p.url !== url).slice(-3).reverse());
  config.addCollection('categoryPages', (api) => {
    const posts = api.getFilteredByTag('post').reverse();
    const pages = [];
    for (const category of [...new Set(posts.map((p) => p.data.category))]) {
      const slug = category.toLowerCase().replace(/\\s+/g, '-');
      const of = posts.filter((p) => p.data.category === category);
      const hrefs = [];
      for (let i = 0; i < of.length; i += 12) hrefs.push('/news-insights/' + slug + '/' + (i ? 'page/' + (i / 12 + 1) + '/' : ''));
      for (let i = 0; i < of.length; i += 12) pages.push({ category, slug, number: i / 12 + 1, items: of.slice(i, i + 12), hrefs });
    }
    return pages;
  });
}
`;
  return {
    'eleventy.config.mjs': config,
    '_includes/base.njk': shell,
    '_includes/post.njk': postLayout,
    'news-insights.njk': blogIndex,
    'categories.njk': categoryPages,
    'sitemap.njk': sitemap,
    'feed.njk': feed,
  };
}

/** A project of each generator holding `count` posts, in a folder of its own; sitegen's has been built once. */
async function projects(count) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sitegen-compare-'));
  const sitegen = path.join(dir, 'sitegen');
  await mkdir(sitegen);
  // The generator compiles itself in the first build.
  await copyProject(root, sitegen);
  const eleventy = path.join(dir, 'eleventy');
  await mkdir(path.join(eleventy, 'posts'), { recursive: true });
  await mkdir(path.join(eleventy, '_includes'));
  await writeFile(path.join(eleventy, 'posts/posts.json'), JSON.stringify({ layout: 'post.njk', tags: 'post', permalink: '/articles/{{ page.fileSlug }}/' }));
  for (let i = 0; i < count; i++) {
    const text = syntheticArticle(i);
    await writeFile(path.join(eleventy, 'posts', `synthetic-${i}.md`), text);
    await writeFile(path.join(sitegen, 'content/articles', `synthetic-${i}.md`), text);
  }
  const project = { dir, eleventy, sitegen, edits: 0 };
  await timed('sitegen', project);
  const post = Object.fromEntries(
    [
      ...syntheticArticle(0)
        .split('---')[1]
        .matchAll(/^(\w+): "?(.*?)"?$/gm),
    ].map(([, key, value]) => [key, value]),
  );
  const page = await readFile(path.join(sitegen, 'dist/articles/synthetic-0/index.html'), 'utf8');
  for (const [file, text] of Object.entries(eleventyTemplates(page, { ...post, slug: 'synthetic-0' }))) await writeFile(path.join(eleventy, file), text);
  return project;
}

/**
 * Wall time in seconds of one build. `cold`: from nothing; `images`: sitegen keeps its processed
 * images; `pull-request`: a CI job of a pull request that edits one post, with sitegen's whole
 * cache restored (as the last build left it) and no output.
 */
async function timed(generator, project, mode = 'cold') {
  const cwd = generator === 'floor' ? project.dir : project[generator];
  // sitegen's output is the link `dist` and its versions in `.dist.sitegen`: from nothing is without either.
  const outputs = { eleventy: ['_site'], sitegen: ['dist', '.dist.sitegen'], floor: ['floor'] }[generator];
  for (const name of outputs) await rm(path.join(cwd, name), { recursive: true, force: true });
  if (generator === 'sitegen' && mode !== 'pull-request') {
    const cache = path.join(cwd, '.sitegen-cache');
    for (const name of await readdir(cache).catch(() => []))
      if (!(mode === 'images' && name === 'images')) await rm(path.join(cache, name), { recursive: true, force: true });
  }
  if (mode === 'pull-request') {
    // The same edit in both projects, so that they go on building the same posts.
    for (const posts of [path.join(project.sitegen, 'content/articles'), path.join(project.eleventy, 'posts')]) {
      const post = path.join(posts, 'synthetic-7.md');
      await writeFile(post, `${await readFile(post, 'utf8')}\nA paragraph a pull request added, number ${++project.edits}.\n`);
    }
  }
  const args = {
    eleventy: [eleventyCli, '--quiet'],
    sitegen: [path.join(cwd, 'bin/sitegen.mjs'), 'build'],
    floor: [path.join(root, 'bin/stackFloor.mjs'), path.join(project.eleventy, 'posts'), path.join(cwd, 'floor')],
  }[generator];
  // What was just removed goes to disk before the clock starts, not inside a build that flushes its own output.
  spawnSync('sync');
  const started = process.hrtime.bigint();
  // Room for the warnings of thousands of posts (Node's default of 1 MB kills the build at 4,000 posts).
  const result = spawnSync(process.execPath, args, { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (result.status !== 0) throw new Error(`${generator} failed:\n${result.stdout}${result.stderr}`);
  return seconds;
}

const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
const format = (list) => `median ${median(list).toFixed(2)} s (${Math.min(...list).toFixed(2)}–${Math.max(...list).toFixed(2)})`;

console.log(`${os.cpus().length} cores, node ${process.version}, ${runs} builds of each kind after one to warm up`);
for (const count of values.articles.split(',').map(Number)) {
  const project = await projects(count);
  await timed('eleventy', project);
  const times = { eleventy: [], floor: [], cold: [], images: [], pullRequest: [] };
  for (let r = 0; r < runs; r++) {
    times.eleventy.push(await timed('eleventy', project));
    times.floor.push(await timed('floor', project));
    times.cold.push(await timed('sitegen', project));
    times.images.push(await timed('sitegen', project, 'images'));
    times.pullRequest.push(await timed('sitegen', project, 'pull-request'));
  }
  const ratio = (list) => {
    const ratios = list.map((s, r) => s / times.eleventy[r]);
    return `÷ Eleventy: median ${median(ratios).toFixed(2)} (${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)})`;
  };
  console.log(`${String(count).padStart(5)} posts   Eleventy                      ${format(times.eleventy)}`);
  console.log(`              the spec's libraries alone    ${format(times.floor)}   ${ratio(times.floor)}`);
  console.log(`              sitegen                       ${format(times.cold)}   ${ratio(times.cold)}`);
  console.log(`              sitegen, images cached        ${format(times.images)}   ${ratio(times.images)}`);
  console.log(`              sitegen, pull-request build   ${format(times.pullRequest)}   ${ratio(times.pullRequest)}`);
  if (values.keep) console.log(`              both projects and their output kept in ${project.dir}`);
  else await rm(project.dir, { recursive: true, force: true });
}

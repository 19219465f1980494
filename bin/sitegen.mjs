#!/usr/bin/env node
// The sitegen command. It runs the generator compiled once per source change (bin/generator.mjs),
// so `npx sitegen` works right after `npm ci` with no build step to remember.
// React's production build: the development one is several times slower and only adds dev warnings.
process.env.NODE_ENV ??= 'production';
process.setSourceMapsEnabled(true);
const { loadGenerator } = await import('./generator.mjs');
const { main } = await loadGenerator();
process.exitCode = await main(process.argv);

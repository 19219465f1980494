#!/usr/bin/env node
// Runs the TypeScript sources directly (tsx), so `npx sitegen` works right after `npm ci`.
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

// React's production build: the development one is several times slower and only adds dev warnings.
process.env.NODE_ENV ??= 'production';
// The project's tsconfig, whatever the working directory (it sets the React JSX runtime).
register({ tsconfig: fileURLToPath(new URL('../tsconfig.json', import.meta.url)) });
const { main } = await import('../src/cli/main.ts');
process.exitCode = await main(process.argv);

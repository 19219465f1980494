#!/usr/bin/env node
// Runs the TypeScript sources directly (tsx), so `npx sitegen` works right after `npm ci`.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli/main.ts');
process.exitCode = await main(process.argv);

// Worker entry: the TypeScript build runs inside it, so a template change can start a fresh module graph.
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

process.env.NODE_ENV ??= 'production';
register({ tsconfig: fileURLToPath(new URL('../../tsconfig.json', import.meta.url)) });
await import('./buildWorkerMain.ts');

// Worker entry for MarkdownPool: registers tsx, then runs the TypeScript worker.
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

process.env.NODE_ENV ??= 'production';
register({ tsconfig: fileURLToPath(new URL('../../tsconfig.json', import.meta.url)) });
await import('./markdownWorkerMain.ts');

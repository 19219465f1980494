// A worker thread's entry when the generator runs from its TypeScript sources (tests): registers
// tsx in this thread, then imports the thread's own entry (named in workerData).
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

process.env.NODE_ENV ??= 'production';
const root = fileURLToPath(new URL('../../', import.meta.url));
register({ tsconfig: path.join(root, 'tsconfig.json') });
await import(pathToFileURL(path.join(root, workerData.entry)).href);

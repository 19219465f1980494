// Worker entry: the TypeScript build runs inside it, so a template change can start a fresh module graph.
import { register } from 'tsx/esm/api';

register();
await import('./buildWorkerMain.ts');

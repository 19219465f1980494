import { parentPort, workerData } from 'node:worker_threads';
import { setCompiled } from '../../runtime/compiled.ts';
import { loadSite } from '../loadDefinition.ts';
import { MarkdownWorkspace } from '../markdownWork.tsx';
import { answerCalls, type MarkdownWorkerData } from './protocol.ts';

const { paths, base, compiled } = workerData as MarkdownWorkerData;
setCompiled(compiled);
const site = loadSite(paths.templates);
// It keeps the bodies it pre-rendered: the pool sends each page back to the worker that has its body.
answerCalls(parentPort!, new MarkdownWorkspace(paths, () => site, base, false));

export function compileGenerator(root: string, warn?: (line: string) => void): Promise<string>;
export interface WatchCompiler {
  /** The generator a new watch worker runs, and the templates it starts with. */
  generator(): Promise<{ worker: string; templates: string }>;
  /** The templates again, for the worker running `workerDir`. */
  templates(workerDir: string): Promise<string>;
  dispose(): Promise<void>;
}
export function watchCompiler(root: string, warn?: (line: string) => void): WatchCompiler;

export interface CompileSession {
  compileInto(dir: string): Promise<unknown>;
  dispose(): Promise<void>;
}
export function compileGenerator(root: string, warn?: (line: string) => void, session?: CompileSession): Promise<string>;
export function compileSession(root: string): CompileSession;

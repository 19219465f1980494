/** The text of a failed compilation for the terminal and the overlay; undefined when `error` is no esbuild failure. */
export function describeCompileFailure(error: unknown, root: string): Promise<string | undefined>;
export interface ExplainedSyntaxError {
  message: string;
  hint: string;
  /** 1-based. */
  line: number;
  column: number;
  /** How many characters from the column to mark. */
  length: number;
  lineText: string;
}
export function explainSyntaxError(text: string, fileName?: string): ExplainedSyntaxError | undefined;

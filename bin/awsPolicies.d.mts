/** The values the documents are filled in with, and the folder they are written to. */
export interface PolicyValues {
  account?: string;
  repository?: string;
  siteBucket?: string;
  previewBucket?: string;
  out?: string;
}

/** What is wrong with the values, each a line naming its option; none when all is well. */
export function valueProblems(values: PolicyValues): string[];

/** A template's text with its `{{NAME}}` placeholders filled in from `values`; throws on one it has no value for, or on text that is not JSON. */
export function fill(template: string, name: string, values: Record<string, string | undefined>): string;

/** Writes every document for `values` into `values.out`; returns the paths written. */
export function writePolicies(values: Required<PolicyValues>): Promise<string[]>;

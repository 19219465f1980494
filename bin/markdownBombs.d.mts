/** What sitegen does with a hostile body: reads it, or refuses it with a rule at a run of `mark` on a line of the body. */
export type BombOutcome = 'parsed' | { rule: string; line: number; mark: string };

export interface MarkdownBomb {
  name: string;
  body: string;
  expect: BombOutcome;
}

export function markdownBombs(bytes: number): MarkdownBomb[];

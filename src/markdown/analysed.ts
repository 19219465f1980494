import type { PropsFile } from '../islands/Island.tsx';
import type { MarkdownFacts } from './facts.ts';

/** A markdown body rendered to HTML ahead of its page, with the islands it holds. */
export interface PreRendered {
  html: string;
  islands: string[];
  /** The props files of its shared islands. */
  propsFiles: PropsFile[];
  /** The processed images it names (paths in the output), which the builder makes. */
  images: string[];
}

/** A markdown file after analysis: its facts, a hash of its text, and its body pre-rendered (when it has no errors). */
export interface AnalysedMarkdown {
  facts: MarkdownFacts;
  hash: string;
  body: PreRendered | undefined;
}

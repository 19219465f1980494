import type { Code, Construct, Extension, State, TokenizeContext } from 'micromark-util-types';
import type { Processor } from 'unified';
import type { Place } from '../diagnostics.ts';

const ASTERISK = 42;
const UNDERSCORE = 95;
const RIGHT_SQUARE_BRACKET = 93;
const GRAVE_ACCENT = 96;
const TILDE = 126;

/**
 * The most work one paragraph (heading, table cell) may ask of the parser, in marks times
 * characters. The parser pairs each closing emphasis mark (`*`, `_`, `~`) with an opening one by
 * searching back through the paragraph, searches back the same way for the `[` each `]` closes,
 * and tries each run of backticks as code up to the paragraph's end: its work grows with the
 * marks times the paragraph's length, so a 40 KB paragraph of `*` took minutes, and 160 KB of
 * `[`…`]` 47 s. A paragraph of N characters may hold 250,000 / N such marks and runs of backticks
 * (250 in a paragraph of 1,000 characters, 50 in one of 5,000): real ones hold a few dozen, and a
 * table's cells are each a paragraph of their own.
 */
export const MAX_MARKS_TIMES_LENGTH = 250_000;

/** A file refused before the parser's work grew past any real file's: what is too much, and where. */
export class TooComplex extends Error {
  constructor(
    message: string,
    readonly at: Place,
  ) {
    super(message);
  }
}

interface Tally {
  /** Emphasis marks and runs of backticks read so far. */
  marks: number;
  /** Where the paragraph's first mark is, and where the paragraph ends. */
  from: number;
  to: number;
}

/**
 * A micromark extension that bounds, in each paragraph (each text the parser reads as one), its
 * emphasis marks, closing brackets and runs of backticks times its length, and throws TooComplex at the run that
 * passes the bound. At a paragraph's first mark it reads on to the paragraph's end, once, to learn
 * its length. It gives back what it reads: the parser's own constructs then read it as always.
 */
export function boundedInline(this: Processor) {
  const data = this.data();
  (data.micromarkExtensions ??= []).push(boundedInlineSyntax);
}

const tallies = new WeakMap<TokenizeContext, Tally>();

/**
 * A counter for runs of one mark. Its `previous` is code's (`\``): a mark after the same mark is
 * no place to start a run, unless that one was escaped, and the counter must not make it one.
 */
const counter = (mark: number): Construct => ({
  name: 'boundedInline',
  previous(code) {
    return code !== mark || this.events.at(-1)?.[1].type === 'characterEscape';
  },
  tokenize(effects, _ok, nok) {
    const last = this.events.at(-1)?.[1].type;
    const known = tallies.get(this);
    const start = this.now();
    let marker: Code = null;
    let size = 0;
    const inRun = (code: Code): State | undefined => {
      if (code === marker) {
        size++;
        effects.consume(code);
        return inRun;
      }
      return known ? counted(code) : toEnd(code);
    };
    const toEnd = (code: Code): State | undefined => {
      if (code !== null) {
        effects.consume(code);
        return toEnd;
      }
      return counted(code);
    };
    const counted = (code: Code): State | undefined => {
      effects.exit('data');
      const tally = known ?? { marks: 0, from: start.offset, to: this.now().offset };
      tallies.set(this, tally);
      // A run of backticks is tried as code once; each emphasis mark and `]` is paired on its own.
      tally.marks += marker === GRAVE_ACCENT ? 1 : size;
      const length = tally.to - tally.from;
      if (tally.marks * length > MAX_MARKS_TIMES_LENGTH) {
        const what =
          marker === GRAVE_ACCENT
            ? 'a run of backticks'
            : size === 1
              ? `a ${String.fromCharCode(marker!)}`
              : `a run of ${size} ${String.fromCharCode(marker!)}`;
        throw new TooComplex(
          `this paragraph holds ${tally.marks} or more emphasis marks, closing brackets and runs of backticks in the ${length} characters from its first mark to its end, the last counted ${what} here; at most ${Math.floor(MAX_MARKS_TIMES_LENGTH / length)} are read in that many characters`,
          { line: start.line, column: start.column, endLine: start.line, endColumn: start.column + size },
        );
      }
      return nok(code);
    };
    return (code) => {
      // The rest of a run read already (a mark after an escaped one starts a run: `\**`).
      if (this.previous === mark && last !== 'characterEscape') return nok(code);
      marker = code;
      effects.enter('data');
      return inRun(code);
    };
  },
});

const boundedInlineSyntax: Extension = {
  text: Object.fromEntries([ASTERISK, UNDERSCORE, RIGHT_SQUARE_BRACKET, GRAVE_ACCENT, TILDE].map((mark) => [mark, counter(mark)])),
};

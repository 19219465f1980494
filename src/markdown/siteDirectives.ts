import { directiveFromMarkdown } from 'mdast-util-directive';
import { directive } from 'micromark-extension-directive';
import type { Code, Construct, State } from 'micromark-util-types';
import type { Processor } from 'unified';
import { directiveNames } from './directives.ts';

const COLON = 58;
const LEFT_BRACKET = 91;
const RIGHT_BRACKET = 93;
const LEFT_BRACE = 123;
const RIGHT_BRACE = 125;

/**
 * Directives as the site writes them, `::figure{…}` and `:::callout{…} … :::` on lines of their
 * own, each keeping where its attributes are written (so that a problem points at one). Inside a
 * line, the generic syntax reads every `:word` as a directive, which made `7:30pm`, `won 2:1`,
 * `Leeds:Chelsea` or `sales:team` unknown directives and swallowed what followed (the link in
 * `7:30pm[report](/x)`). No site directive is written inside a line, so there the parser itself
 * keeps a colon as text, character for character, except where an editor meant a directive:
 * `:name{…}`, or `:callout[…]` with a site directive's name, read so that it is reported.
 */
export function siteDirectives(this: Processor) {
  const { flow, text } = directive();
  const data = this.data();
  (data.micromarkExtensions ??= []).push({ flow, text: { [COLON]: meantInline(text![COLON] as Construct) } });
  (data.fromMarkdownExtensions ??= []).push(directiveFromMarkdown({ verbose: true }));
}

/** The inline directive, read only where `meantAsDirective` sees one and with its brackets or braces closed. */
function meantInline(inline: Construct): Construct {
  return {
    previous: inline.previous,
    tokenize(effects, ok, nok) {
      const closed = (code: Code) => (this.previous === RIGHT_BRACE || this.previous === RIGHT_BRACKET ? ok(code) : nok(code));
      return effects.check(meantAsDirective, effects.attempt(inline, closed, nok), nok);
    },
  };
}

/** `:name{`, or `:name[` where `name` is a site directive's (a check: what it reads is given back). */
const meantAsDirective: Construct = {
  partial: true,
  tokenize(effects, ok, nok) {
    let name = '';
    const inName = (code: Code): State | undefined => {
      if (name && (code === LEFT_BRACE || (code === LEFT_BRACKET && (directiveNames as string[]).includes(name)))) {
        effects.exit('directiveText');
        return ok(code);
      }
      if (!nameCharacter(code)) return nok(code);
      name += String.fromCharCode(code!);
      effects.consume(code);
      return inName;
    };
    return (code) => {
      effects.enter('directiveText');
      effects.consume(code);
      return inName;
    };
  },
};

/** A character a directive's name may hold, as micromark-extension-directive reads names: no space, no punctuation but `-` and `_`. */
function nameCharacter(code: Code): boolean {
  if (code === null || code < 0) return false;
  const character = String.fromCharCode(code);
  return character === '-' || character === '_' || !/[\s\p{P}\p{S}]/u.test(character);
}

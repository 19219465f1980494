import { describe, expect, it } from 'vitest';
import { parsePrefix } from '../../src/publish/prefix.ts';

describe('parsePrefix', () => {
  it('normalises a plain prefix to one trailing slash, and reads a prefix left out as the bucket root', () => {
    expect(parsePrefix(undefined)).toEqual({ prefix: '' });
    expect(parsePrefix('previews/pr-7')).toEqual({ prefix: 'previews/pr-7/' });
    expect(parsePrefix('previews/pr-7/')).toEqual({ prefix: 'previews/pr-7/' });
    expect(parsePrefix('www')).toEqual({ prefix: 'www/' });
    expect(parsePrefix('a.b_c~d/v1.2')).toEqual({ prefix: 'a.b_c~d/v1.2/' });
  });

  it.each([
    ['', /^is empty: leave --prefix out/],
    ['/', /^starts with \//],
    ['//', /^starts with \//],
    ['///', /^starts with \//],
    ['/previews/pr-7/', /^starts with \//],
    ['zz/../', /^the segment "\.\." is not allowed/],
    ['../x', /^the segment "\.\." is not allowed/],
    ['..', /^the segment "\.\." is not allowed/],
    ['./', /^the segment "\." is not allowed/],
    ['a/./b', /^the segment "\." is not allowed/],
    ['a\\b/', /^holds a backslash/],
    [' ', /^the segment " " may hold only letters/],
    [' previews/', /^the segment " previews" may hold only letters/],
    ['previews /', /^the segment "previews " may hold only letters/],
    ['\n', /^holds the control character U\+000A/],
    ['pr\u0000/', /^holds the control character U\+0000/],
    ['pr\u007f', /^holds the control character U\+007F/],
    ['previews//pr', /^has an empty segment/],
    ['previews/pr-7//', /^has an empty segment/],
    ['.hidden/', /^the segment "\.hidden" may hold only letters/],
    ['pr%2F7/', /^the segment "pr%2F7" may hold only letters/],
    ['prévue/', /^the segment "prévue" may hold only letters/],
    ['a'.repeat(257), /^is longer than 256 characters/],
  ])('refuses %j, naming the fault', (value, problem) => {
    const parsed = parsePrefix(value);
    expect(parsed).toHaveProperty('problem');
    expect((parsed as { problem: string }).problem).toMatch(problem);
  });
});

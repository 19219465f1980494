/** Words per minute used for reading times: a typical adult reading pace for non-fiction. */
export const WORDS_PER_MINUTE = 220;

export function countWords(text: string): number {
  const matches = text.match(/[\p{L}\p{N}][\p{L}\p{N}'’.,-]*/gu);
  return matches ? matches.length : 0;
}

export function readingMinutes(words: number): number {
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE));
}

import { noPaint, type Paint } from '../diagnosticFormats.ts';

/**
 * Whether to colour what is written to `stream`, by the conventions terminals and CI share:
 * FORCE_COLOR decides when set (`0` or `false` turn colour off), then NO_COLOR (any non-empty
 * value) turns it off, and otherwise only a terminal that supports colours gets them.
 */
export function wantsColour(stream: NodeJS.WriteStream, env: NodeJS.ProcessEnv = process.env): boolean {
  const force = env.FORCE_COLOR;
  if (force !== undefined) return force !== '0' && force.toLowerCase() !== 'false';
  if (env.NO_COLOR) return false;
  return Boolean(stream.isTTY) && (stream.hasColors?.() ?? false);
}

const sgr = (open: number, close: number) => (text: string) => `\x1b[${open}m${text}\x1b[${close}m`;

/** Bold places, red errors, yellow warnings, dim rule ids; plain text when colour is not wanted. */
export function paintFor(stream: NodeJS.WriteStream, env: NodeJS.ProcessEnv = process.env): Paint {
  if (!wantsColour(stream, env)) return noPaint;
  return { place: sgr(1, 22), error: sgr(31, 39), warning: sgr(33, 39), dim: sgr(2, 22) };
}

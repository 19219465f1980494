import { diagnostic, type Diagnostic } from '../diagnostics.ts';

const strict = new TextDecoder('utf-8', { fatal: true });

/** The offset of the first byte that is not part of a well-formed UTF-8 character, or -1. */
function firstInvalidByte(bytes: Uint8Array): number {
  for (let i = 0; i < bytes.length;) {
    const lead = bytes[i]!;
    const tail = lead < 0x80 ? 0 : lead >= 0xc2 && lead <= 0xdf ? 1 : lead >= 0xe0 && lead <= 0xef ? 2 : lead >= 0xf0 && lead <= 0xf4 ? 3 : -1;
    if (tail < 0) return i;
    for (let k = 1; k <= tail; k++) if (((bytes[i + k] ?? 0) & 0xc0) !== 0x80) return i;
    const next = bytes[i + 1] ?? 0;
    // Overlong forms, surrogates and code points past U+10FFFF.
    if ((lead === 0xe0 && next < 0xa0) || (lead === 0xed && next > 0x9f) || (lead === 0xf0 && next < 0x90) || (lead === 0xf4 && next > 0x8f)) return i;
    i += tail + 1;
  }
  return -1;
}

/**
 * Reads a content file as strict UTF-8. Bytes that are not UTF-8 (a file saved as Latin-1 or
 * Windows-1252) would silently become U+FFFD on the site: they are an error at the first such
 * byte's line and column. The text is still returned (with U+FFFD) so the rest of the file is checked.
 */
export function decodeContent(file: string, bytes: Uint8Array): { text: string; problem?: Diagnostic } {
  try {
    return { text: strict.decode(bytes) };
  } catch {
    const at = firstInvalidByte(bytes);
    const before = bytes.subarray(0, Math.max(at, 0));
    const lineStart = before.lastIndexOf(0x0a) + 1;
    const line = before.filter((b) => b === 0x0a).length + 1;
    const column = [...strict.decode(before.subarray(lineStart))].length + 1;
    const byte = (bytes[at] ?? 0).toString(16).toUpperCase().padStart(2, '0');
    return {
      text: Buffer.from(bytes).toString('utf8'),
      problem: diagnostic(
        file,
        { line, column, endLine: line, endColumn: column + 1 },
        'content/encoding',
        `the file is not valid UTF-8: byte 0x${byte} here is no part of a character (save the file as UTF-8)`,
      ),
    };
  }
}

/**
 * The one reading of an http(s):// address written in content, a redirect or an option: the WHATWG
 * URL parser's, which is how browsers read it. An address is taken only when the parser reads
 * back what was written, so that what an editor sees in a pull request is where a visitor goes:
 * `https:///x` and `https:x` are read as the host `x`, `https://a.example\@b.example/` as
 * `b.example` with a user name, `https://0x7f.1/` as `127.0.0.1`, and `/a/../b` as `/b`. What a
 * page, a Location header or a bucket's redirect carries is the parser's serialisation (`href`).
 */
export type WebAddress =
  | { href: string }
  | {
      /** `host`: a browser would go to another host than the one written; `text`: it would change other characters. */
      fault: 'host' | 'text';
      /** Says what is wrong, to follow the address in a message (`link "…" names no host …`). */
      problem: string;
    };

export function readWebAddress(written: string): WebAddress {
  let url: URL;
  try {
    url = new URL(written);
  } catch {
    return { fault: 'host', problem: 'is not an address a browser can read: write https://, the host, then the path, such as https://example.com/page' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { fault: 'host', problem: 'must be an http:// or https:// address' };
  if (url.username || url.password)
    return { fault: 'host', problem: `holds a user name before an @, and a browser would go to ${url.host}: write the address of the page itself` };
  const origin = `${url.protocol}//${url.host}`;
  const writtenOrigin = written.slice(0, origin.length);
  // Only ASCII letters fold: the parser maps the Kelvin sign (U+212A) to k, and a host is compared as written.
  if (writtenOrigin.replace(/[A-Z]/g, (c) => c.toLowerCase()) !== origin || (written.length > origin.length && !/[/?#]/.test(written[origin.length]!))) {
    return /^https?:\/\/[^/\\?#]/i.test(written)
      ? { fault: 'host', problem: `names its host otherwise than a browser reads it: a browser would go to ${url.host}; write ${origin}` }
      : { fault: 'host', problem: `names no host right after ${url.protocol}// (a browser would read ${url.host} out of what follows)` };
  }
  const rest = written.slice(origin.length);
  const read = url.href.slice(origin.length);
  if (rest !== read && !(rest === '' && read === '/'))
    return {
      fault: 'text',
      problem: `is not what a browser reads from it (${url.href}): percent-encode spaces, quotes, < > and other characters, and write no . or .. parts`,
    };
  return { href: url.href };
}

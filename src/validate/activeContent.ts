import { gunzipSync } from 'node:zlib';
import { contentTypeFor } from '../hosting/policy.ts';
import { IMAGE_LIMITS } from './imageLimits.ts';

/**
 * What a browser opens as a document of the site's origin, by the type the host serves the file
 * with (so an extension the host maps to such a type cannot slip by): an SVG image (`.svg`, and
 * `.svgz` once a host sends it decompressed), and HTML or XML (`.html`, `.xhtml`, `.xml`, `.xsl`,
 * `.rss`, any `+xml` type), where XHTML-namespaced elements run as HTML does.
 */
export function documentKind(file: string): 'svg' | 'document' | undefined {
  const type = contentTypeFor(file).split(';')[0]!;
  if (type === 'image/svg+xml') return 'svg';
  if (type === 'text/html' || type === 'text/xml' || type === 'application/xml' || type.endsWith('+xml')) return 'document';
  return undefined;
}

/** Why a document of public/ could run script or reach beyond itself, with where in its text, or undefined when it cannot. */
export interface ActiveContent {
  reason: string;
  /** The offset in the file's text; none when the file is compressed. */
  index?: number;
}

const GZIP = Buffer.from([0x1f, 0x8b]);
const OTHER_ENCODING = [Buffer.from([0xfe, 0xff]), Buffer.from([0xff, 0xfe]), Buffer.from([0, 0, 0xfe, 0xff])];

/** Elements that run script or embed another document: with any namespace prefix (`<svg:script>` runs too). */
const EMBEDDING = /<(?:[^\s<>/:]+:)?(script|foreignObject|iframe|frame|object|embed|applet|portal)[\s>/]/i;
/** An event attribute: after a quote or a slash too, where HTML starts a new attribute. */
const HANDLER = /(?<=[\s/"'])(on[a-z]+)\s*=/i;
/** Attributes that load or lead to another address, with any prefix (`xlink:href`, or `x:href` with x bound to XLink). */
const ADDRESS =
  /(?<=[\s/"'])((?:[^\s<>/:="']+:)?(?:href|src|srcset|srcdoc|action|formaction|data|poster|background|ping|codebase))\s*=\s*(["']?)\s*([^"'\s>]*)/gi;

/**
 * What makes a document unsafe to publish as it is: it runs in the site's origin when opened on
 * its own, so no scripts, event handlers, embedded HTML or documents, and no references to other
 * files or hosts (which could track readers or change what it shows). Links inside the file
 * (#id) are fine. The check reads text, so what could spell markup it cannot see is refused too:
 * an entity declaration, a text that is not UTF-8, an XSLT stylesheet.
 */
export function activeContent(bytes: Buffer, kind: 'svg' | 'document'): ActiveContent | undefined {
  if (bytes.subarray(0, 2).equals(GZIP)) {
    let inflated: Buffer;
    try {
      inflated = gunzipSync(bytes, { maxOutputLength: IMAGE_LIMITS.bytes });
    } catch {
      return { reason: 'it is compressed, and cannot be read to check it (damaged, or larger than 30 MB once decompressed)' };
    }
    const found = activeContent(inflated, kind);
    return found && { reason: found.reason };
  }
  if (OTHER_ENCODING.some((bom) => bytes.subarray(0, bom.length).equals(bom)) || bytes.includes(0)) {
    return { reason: 'it is not UTF-8 text, which could hide markup from this check: save it as UTF-8' };
  }
  const text = bytes.toString('utf8');
  const at = (match: RegExpMatchArray | null | undefined, reason: (m: RegExpMatchArray) => string) => match && { reason: reason(match), index: match.index };
  // Every address, not only the first: one to #id must not let the next one through.
  const elsewhere = (pattern: RegExp) => [...text.matchAll(pattern)].find((m) => !m.at(-1)!.startsWith('#'));
  return (
    at(EMBEDDING.exec(text), (m) =>
      /^script$/i.test(m[1]!)
        ? 'it holds a <script>'
        : /^foreignObject$/i.test(m[1]!)
          ? 'it embeds HTML (<foreignObject>)'
          : `it embeds another document (<${m[1]}>)`,
    ) ??
    (kind === 'svg' ? at(/http:\/\/www\.w3\.org\/1999\/xhtml/i.exec(text), () => 'it embeds HTML (the XHTML namespace)') : null) ??
    at(HANDLER.exec(text), (m) => `it has an event attribute (${m[1]})`) ??
    at(/<meta[^>]*http-equiv/i.exec(text), () => 'it tells the browser to go elsewhere (<meta http-equiv>)') ??
    at(/<!ENTITY/i.exec(text), () => 'it declares an entity (<!ENTITY>), which could spell out markup') ??
    at(/<\?xml-stylesheet/i.exec(text), () => 'it asks to be transformed by a stylesheet (<?xml-stylesheet?>)') ??
    at(/attributeName\s*=\s*["']\s*(?:[^\s"':]+:)?href/i.exec(text), () => 'it animates a link (attributeName="href")') ??
    at(/(?:java|vb)script:/i.exec(text), (m) => `it holds a ${m[0].toLowerCase()} address`) ??
    at(elsewhere(ADDRESS), ([, name, quote, value]) => `it refers to another file or host (${name}=${quote}${value}${quote})`) ??
    at(elsewhere(/url\(\s*['"]?\s*([^'")\s]*)/gi), (m) => `it refers to another file or host (url(${m[1]}))`) ??
    at(/@import/i.exec(text), () => 'its style imports another file (@import)') ??
    undefined
  );
}

/**
 * The URI references of an HTML document: the values of its URL attributes
 * (src/html/attributes.ts), lists split (srcset's image candidates, the
 * space-separated lists), each character placed where it is written.
 *
 * @module
 */
import { type UrlAttribute, urlAttributes } from "../html/attributes.js";
import { DEFAULT_MAX_DEPTH, HtmlDocumentError } from "../html/base.js";
import { tryParse } from "../components/parse.js";
import { type FoundUri, decodeReferences, fileOffset, foundAt } from "./found.js";
import { type LintReader, NotReadError } from "./reader.js";
import { errorClass } from "../syntax/profile.js";

/**
 * The base URI of the document for its relative references: the `href` of
 * the first BASE element that has one, when it is an absolute URI (5.1.1,
 * Appendix D); a BASE that is not one is reported as any `href` is, and
 * applied to nothing.
 */
function baseOf(attrs: readonly UrlAttribute[]): string | undefined {
  const base = attrs.find((a) => a.element === "base" && a.attribute === "href");
  if (base === undefined) return undefined;
  const href = base.value.replace(/^[\t\n\f\r ]+|[\t\n\f\r ]+$/g, "");
  const parsed = tryParse(href);
  return parsed.ok && parsed.value.scheme !== undefined ? href : undefined;
}

/** The URI references of the HTML `text`, in tree order; relative ones carry the document's base. */
export function htmlUris(text: string, maxDepth: number = DEFAULT_MAX_DEPTH): FoundUri[] {
  const out: FoundUri[] = [];
  const attrs = urlAttributes(text, maxDepth);
  const base = baseOf(attrs);
  for (const attr of attrs) {
    const where = `${attr.element} ${attr.attribute}`;
    const whole: FoundUri =
      attr.raw === undefined || attr.rawStart === undefined
        ? {
            value: attr.value,
            start: 0,
            map: Array.from({ length: attr.value.length + 1 }, () => 0),
            where,
            approximate: true,
          }
        : foundAt(attr.value, attr.raw, attr.rawStart, where, (r) => decodeReferences(r));
    for (const [from, to] of pieces(attr)) {
      const value = attr.value.slice(from, to);
      const map: number[] = [];
      for (let i = from; i <= to; i++) map.push(fileOffset(whole, i));
      const exact = map.every((o, k) => o === map[0] + k);
      const approximate = whole.approximate === true;
      const found: FoundUri =
        exact && !approximate ? { value, start: map[0], where } : { value, start: map[0], map, where, approximate };
      const isBase = attr.element === "base" && attr.attribute === "href";
      out.push(base === undefined || isBase ? found : { ...found, base });
    }
  }
  return out;
}

/** ASCII white space as HTML has it. */
function isSpace(c: string): boolean {
  return c === " " || c === "\t" || c === "\n" || c === "\f" || c === "\r";
}

/**
 * The [from, to) spans of the URI references of an attribute's value: the
 * value with leading and trailing white space stripped (HTML strips it from
 * a URL), each word of a space-separated list, or each URL of a srcset.
 */
function pieces(attr: UrlAttribute): [number, number][] {
  const v = attr.value;
  if (attr.kind === "one") {
    let a = 0;
    let b = v.length;
    while (a < b && isSpace(v[a])) a++;
    while (b > a && isSpace(v[b - 1])) b--;
    return [[a, b]];
  }
  const out: [number, number][] = [];
  if (attr.kind === "spaces") {
    for (let i = 0; i < v.length;) {
      while (i < v.length && isSpace(v[i])) i++;
      const from = i;
      while (i < v.length && !isSpace(v[i])) i++;
      if (i > from) out.push([from, i]);
    }
    return out;
  }
  return srcsetUrls(v);
}

/**
 * The URLs of a srcset (HTML's "parse a srcset attribute"): white space and
 * commas before a candidate are skipped, its URL runs to white space, a
 * URL's trailing commas end the candidate, and its descriptors run to the
 * next comma outside parentheses.
 */
function srcsetUrls(v: string): [number, number][] {
  const out: [number, number][] = [];
  let i = 0;
  while (i < v.length) {
    while (i < v.length && (isSpace(v[i]) || v[i] === ",")) i++;
    if (i >= v.length) break;
    const from = i;
    while (i < v.length && !isSpace(v[i])) i++;
    let to = i;
    let ended = false;
    while (to > from && v[to - 1] === ",") {
      to--;
      ended = true;
    }
    if (to > from) out.push([from, to]);
    if (ended) continue;
    let depth = 0;
    while (i < v.length && !(v[i] === "," && depth === 0)) {
      if (v[i] === "(") depth++;
      else if (v[i] === ")" && depth > 0) depth--;
      i++;
    }
  }
  return out;
}

/** The HTML reader; an HTML template (ERB, Handlebars, Liquid...) is read as HTML when included. */
export const htmlReader: LintReader = {
  name: "html",
  title: "every URL attribute of HTML 4.01 and HTML5, srcset, and relative references against <base href>",
  documents: { extensions: ["html", "htm", "shtml"] },
  included: {
    extensions: [
      "erb",
      "hbs",
      "handlebars",
      "mustache",
      "njk",
      "liquid",
      "jinja",
      "jinja2",
      "j2",
      "twig",
      "vue",
      "svelte",
    ],
  },
  comments: ["<!--"],
  read(text, settings) {
    try {
      return htmlUris(text, settings.maxDepth);
    } catch (e) {
      if (e instanceof errorClass(HtmlDocumentError))
        throw new NotReadError(Math.min(e.offset ?? 0, text.length), e.message);
      throw e;
    }
  },
};

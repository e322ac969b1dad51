/**
 * The attributes of an HTML document whose values are URI references, or
 * lists of them, with where each value is written in the source: what
 * `rfc2396 lint` checks in HTML. Every attribute HTML 4.01 types %URI or
 * %URIs and every URL attribute of HTML5, on any element (an unknown
 * element's `href` is as likely a link as a known one's).
 *
 * @module
 */
import type { DefaultTreeAdapterMap, Token } from "parse5";
import { own } from "../args.js";
import { elements, parseDocument } from "./base.js";

type Element = DefaultTreeAdapterMap["element"];

/** How an attribute holds URI references. */
export type UrlAttributeKind = "one" | "spaces" | "srcset";

/**
 * The URL attributes: HTML 4.01's %URI and %URIs (href, src, action, cite,
 * longdesc, usemap, codebase, classid, data, profile, background, archive)
 * and HTML5's (formaction, poster, manifest, itemid, itemtype, ping, srcset,
 * imagesrcset), with SVG's and MathML's xlink:href. `archive`, `ping` and
 * `itemtype` hold lists separated by white space, `srcset` and
 * `imagesrcset` image candidate strings (HTML 4.8.4.3.1).
 */
export const URL_ATTRIBUTES: Readonly<Record<string, UrlAttributeKind>> = Object.freeze({
  href: "one",
  "xlink:href": "one",
  src: "one",
  action: "one",
  formaction: "one",
  cite: "one",
  longdesc: "one",
  usemap: "one",
  codebase: "one",
  classid: "one",
  data: "one",
  profile: "one",
  background: "one",
  poster: "one",
  manifest: "one",
  itemid: "one",
  archive: "spaces",
  ping: "spaces",
  itemtype: "spaces",
  srcset: "srcset",
  imagesrcset: "srcset",
});

/** One URL attribute of a document. */
export interface UrlAttribute {
  /** The element's name, as parse5 gives it (lower case for HTML). */
  element: string;
  /** The attribute's name, lower case, with its prefix (`xlink:href`). */
  attribute: string;
  kind: UrlAttributeKind;
  /** The value, character references decoded. */
  value: string;
  /** The value as written in the source (between its quotes), when the source has the attribute. */
  raw: string | undefined;
  /** The UTF-16 offset of `raw` in the source. */
  rawStart: number | undefined;
}

/**
 * Every URL attribute of the document in tree order (template contents
 * included), from parse5's tree with source locations. Elements nested
 * deeper than `maxDepth` make the document an HtmlDocumentError, as for
 * resolveLinks.
 */
export function urlAttributes(html: string, maxDepth: number): UrlAttribute[] {
  const doc = parseDocument(html, "urlAttributes", maxDepth, true);
  const out: UrlAttribute[] = [];
  for (const { element } of elements(doc.childNodes, true)) {
    for (const attr of element.attrs) {
      const prefix = own(attr, "prefix");
      const name = (typeof prefix === "string" && prefix !== "" ? `${prefix}:${attr.name}` : attr.name).toLowerCase();
      if (!Object.prototype.hasOwnProperty.call(URL_ATTRIBUTES, name)) continue;
      const place = valuePlace(html, element, name);
      out.push({
        element: element.tagName,
        attribute: name,
        kind: URL_ATTRIBUTES[name],
        value: attr.value,
        raw: place?.raw,
        rawStart: place?.start,
      });
    }
  }
  return out;
}

/** Where the value of attribute `name` is written: after `=`, white space and its quote. */
function valuePlace(html: string, element: Element, name: string): { raw: string; start: number } | undefined {
  const locations = own(element, "sourceCodeLocation") as Token.ElementLocation | null | undefined;
  const attrs = locations === undefined || locations === null ? undefined : own(locations, "attrs");
  const loc =
    typeof attrs === "object" && attrs !== null ? (own(attrs, name) as Token.Location | undefined) : undefined;
  if (loc === undefined) return undefined;
  let i = loc.startOffset;
  const end = loc.endOffset;
  while (i < end && html[i] !== "=") i++;
  if (i >= end) return { raw: "", start: end };
  i++;
  while (i < end && /[\t\n\f\r ]/.test(html[i])) i++;
  const quote = html[i];
  if (quote === '"' || quote === "'") return { raw: html.slice(i + 1, end - 1), start: i + 1 };
  return { raw: html.slice(i, end), start: i };
}

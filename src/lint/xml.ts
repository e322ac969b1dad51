/**
 * The URI references of an XML document: `xml:base` (XML Base),
 * `xlink:href` (XLink), namespace names (`xmlns`, `xmlns:p`: Namespaces in
 * XML), `xsi:schemaLocation` (its URIs, in pairs) and
 * `xsi:noNamespaceSchemaLocation`, and the attributes and elements a schema
 * types `xs:anyURI` (by local name). A scanner of its own, one pass, no
 * recursion: markup is read for its attributes and the text of the elements
 * asked for, comments, CDATA sections, processing instructions and the
 * document type declaration are passed over.
 *
 * Prefixes are matched by name (`xml:`, `xlink:`, `xsi:`), as almost every
 * document writes them; a document that binds the XLink or XML Schema
 * instance namespace to another prefix is read with that prefix too, from
 * its declarations anywhere in the document (reading R85).
 *
 * @module
 */
import { type FoundUri, decodeReferences, foundAt } from "./found.js";
import { type AnyUriNames, type LintReader, NotReadError } from "./reader.js";

const XLINK = "http://www.w3.org/1999/xlink";
const XSI = "http://www.w3.org/2001/XMLSchema-instance";

export type { AnyUriNames } from "./reader.js";

/** A document that is not well-formed where the scanner needs it to be. */
export class NotXmlError extends NotReadError {
  override readonly name = "NotXmlError";
  constructor(offset: number, message: string) {
    super(offset, message, "XML");
  }
}

interface Attribute {
  name: string;
  raw: string;
  start: number;
}

interface Tag {
  name: string;
  attributes: Attribute[];
  selfClosing: boolean;
  closing: boolean;
  next: number;
}

/** What markup passed over ends with, after what it starts with. */
const SKIPPED: readonly [string, string][] = [
  ["<!--", "-->"],
  ["<![CDATA[", "]]>"],
  ["<?", "?>"],
];

/** Each tag of the document, in order; `onText` gets the character data between tags. */
function* tags(text: string): Generator<Tag> {
  let i = 0;
  while (i < text.length) {
    const lt = text.indexOf("<", i);
    if (lt < 0) return;
    const skip = SKIPPED.find(([open]) => text.startsWith(open, lt));
    if (skip !== undefined) {
      const end = text.indexOf(skip[1], lt + skip[0].length);
      if (end < 0) throw new NotXmlError(lt, `${skip[0]} without its ${skip[1]}`);
      i = end + skip[1].length;
      continue;
    }
    if (text.startsWith("<!", lt)) {
      i = skipDeclaration(text, lt);
      continue;
    }
    const tag = readTag(text, lt);
    yield tag;
    i = tag.next;
  }
}

/** Passes over `<!DOCTYPE ...>` and its internal subset (quotes and brackets respected). */
function skipDeclaration(text: string, at: number): number {
  let depth = 0;
  let quote = "";
  for (let i = at + 2; i < text.length; i++) {
    const c = text[i];
    if (quote !== "") {
      if (c === quote) quote = "";
    } else if (c === '"' || c === "'") quote = c;
    else if (c === "[") depth++;
    else if (c === "]") depth--;
    else if (c === ">" && depth <= 0) return i + 1;
  }
  throw new NotXmlError(at, "a declaration (<!...) without its >");
}

const NAME = /[^\s/>=<"']+/y;

function readTag(text: string, lt: number): Tag {
  let i = lt + 1;
  const closing = text[i] === "/";
  if (closing) i++;
  NAME.lastIndex = i;
  const m = NAME.exec(text);
  if (m === null) throw new NotXmlError(lt, "a < that starts no tag (write &lt;)");
  const name = m[0];
  i = NAME.lastIndex;
  const attributes: Attribute[] = [];
  for (;;) {
    while (i < text.length && /\s/.test(text[i])) i++;
    if (i >= text.length) throw new NotXmlError(lt, `the tag <${name} is not closed`);
    if (text[i] === ">") return { name, attributes, selfClosing: false, closing, next: i + 1 };
    if (text.startsWith("/>", i)) return { name, attributes, selfClosing: true, closing, next: i + 2 };
    NAME.lastIndex = i;
    const a = NAME.exec(text);
    if (a === null) throw new NotXmlError(i, `an attribute name expected in <${name}`);
    i = NAME.lastIndex;
    while (i < text.length && /\s/.test(text[i])) i++;
    if (text[i] !== "=") throw new NotXmlError(i, `= expected after the attribute ${a[0]}`);
    i++;
    while (i < text.length && /\s/.test(text[i])) i++;
    const q = text[i];
    if (q !== '"' && q !== "'") throw new NotXmlError(i, `the value of ${a[0]} must be in quotes`);
    const end = text.indexOf(q, i + 1);
    if (end < 0) throw new NotXmlError(i, `the value of ${a[0]} is not closed`);
    attributes.push({ name: a[0], raw: text.slice(i + 1, end), start: i + 1 });
    i = end + 1;
  }
}

/** The prefixes bound to `namespace` anywhere in the document, with `usual`. */
function prefixesOf(all: readonly Attribute[], namespace: string, usual: string): Set<string> {
  const out = new Set([usual]);
  for (const a of all) if (a.name.startsWith("xmlns:") && a.raw.trim() === namespace) out.add(a.name.slice(6));
  return out;
}

/**
 * The URI references of the XML `text`, in document order.
 * @throws {NotXmlError} where the markup cannot be read.
 */
export function xmlUris(
  text: string,
  anyUri: AnyUriNames = { attributes: new Set(), elements: new Set() },
): FoundUri[] {
  const all: Tag[] = [...tags(text)];
  const attrs = all.flatMap((t) => t.attributes);
  // READING: R85
  const xlink = prefixesOf(attrs, XLINK, "xlink");
  const xsi = prefixesOf(attrs, XSI, "xsi");
  const out: FoundUri[] = [];
  let open: { name: string; from: number } | undefined;
  for (const tag of all) {
    if (tag.closing) {
      if (open !== undefined && open.name === tag.name) {
        const lt = text.lastIndexOf("<", tag.next - 1);
        out.push(...words(text.slice(open.from, lt), open.from, tag.name, false));
      }
      open = undefined;
      continue;
    }
    for (const a of tag.attributes) {
      const colon = a.name.indexOf(":");
      const prefix = colon < 0 ? "" : a.name.slice(0, colon);
      const local = colon < 0 ? a.name : a.name.slice(colon + 1);
      const where = `${tag.name} ${a.name}`;
      if (
        a.name === "xml:base" ||
        a.name === "xmlns" ||
        prefix === "xmlns" ||
        (xlink.has(prefix) && local === "href")
      ) {
        out.push(...words(a.raw, a.start, where, false));
      } else if (xsi.has(prefix) && (local === "schemaLocation" || local === "noNamespaceSchemaLocation")) {
        out.push(...words(a.raw, a.start, where, true));
      } else if (anyUri.attributes.has(local)) {
        out.push(...words(a.raw, a.start, where, false));
      }
    }
    const local = tag.name.slice(tag.name.indexOf(":") + 1);
    open = !tag.selfClosing && anyUri.elements.has(local) ? { name: tag.name, from: tag.next } : undefined;
  }
  return out;
}

/**
 * The URI (or, for a list, each URI) of an attribute value or element text
 * written as `raw` at `start`: references decoded; white space around
 * collapsed away, as xs:anyURI's whiteSpace facet (collapse) has it.
 */
function words(raw: string, start: number, where: string, list: boolean): FoundUri[] {
  if (raw.includes("<")) return [];
  const whole = foundAt(decodeReferences(raw).value, raw, start, where, (r) => decodeReferences(r));
  const v = whole.value;
  const at = (i: number): number => (whole.map === undefined ? whole.start + i : whole.map[i]);
  const spans: [number, number][] = [];
  if (list) {
    for (let i = 0; i < v.length;) {
      while (i < v.length && /\s/.test(v[i])) i++;
      const from = i;
      while (i < v.length && !/\s/.test(v[i])) i++;
      if (i > from) spans.push([from, i]);
    }
  } else {
    let a = 0;
    let b = v.length;
    while (a < b && /\s/.test(v[a])) a++;
    while (b > a && /\s/.test(v[b - 1])) b--;
    spans.push([a, b]);
  }
  return spans.map(([a, b]) => {
    const value = v.slice(a, b);
    const map: number[] = [];
    for (let i = a; i <= b; i++) map.push(at(i));
    const approximate = whole.approximate === true;
    return map.every((o, k) => o === map[0] + k) && !approximate
      ? { value, start: map[0], where }
      : { value, start: map[0], map, where, approximate };
  });
}

/**
 * What an XML Schema types xs:anyURI: the `name` of every `attribute` and
 * `element` declaration whose `type` is `anyURI` under any prefix (by
 * local name, which is what a schema's prefix maps to in nearly every
 * schema; reading R85).
 */
export function anyUriNames(schema: string): AnyUriNames {
  const attributes = new Set<string>();
  const elements = new Set<string>();
  for (const tag of tags(schema)) {
    if (tag.closing) continue;
    const local = tag.name.slice(tag.name.indexOf(":") + 1);
    if (local !== "attribute" && local !== "element") continue;
    const type = tag.attributes.find((a) => a.name === "type")?.raw.trim();
    const name = tag.attributes.find((a) => a.name === "name")?.raw.trim();
    if (name === undefined || type === undefined || type.slice(type.indexOf(":") + 1) !== "anyURI") continue;
    (local === "attribute" ? attributes : elements).add(name);
  }
  return { attributes, elements };
}

/** The XML reader. */
export const xmlReader: LintReader = {
  name: "xml",
  title: "xml:base, xlink:href, namespace names, xsi:schemaLocation, and xs:anyURI with --schema",
  documents: {
    extensions: ["xml", "xhtml", "xsd", "xsl", "xslt", "svg", "rss", "atom", "rdf", "wsdl", "opf", "plist", "xlf"],
  },
  included: { extensions: ["csproj", "vbproj", "fsproj", "props", "targets", "xaml", "resx"] },
  comments: ["<!--"],
  read: (text, settings) => xmlUris(text, settings.anyUri),
};

/**
 * Reading a base URI from HTML (Appendix D): the BASE element of a
 * document's HEAD, and every link of a document resolved (5.2) against the
 * base established from it and the other sources of 5.1 (src/text/base.ts).
 *
 * HTML is parsed by parse5 (the WHATWG tree construction algorithm), never
 * by regular expressions: element and attribute names are case-insensitive
 * (parse5 lowercases them), character references in attribute values are
 * decoded, and elements are placed where a browser would place them. This
 * folder is the only place that imports parse5.
 *
 * @module
 */
import { defaultTreeAdapter, parse as parse5, type DefaultTreeAdapterMap, type Token, type TreeAdapter } from "parse5";
import { parse } from "../components/parse.js";
import { UriSyntaxError } from "../syntax/errors.js";
import { resolve, UriResolutionError, type ResolveOptions } from "../reference/resolve.js";
import { checkBoolean, checkCount, checkEnum, checkOptionsObject, describe, isRecord, own, quote } from "../args.js";
import {
  BaseUriError,
  type EstablishBaseOptions,
  type EstablishedBase,
  checkEstablishOptions,
  checkSources,
  establish,
} from "../text/base.js";
import { errorClass } from "../syntax/profile.js";

type Document = DefaultTreeAdapterMap["document"];
type Element = DefaultTreeAdapterMap["element"];
type ChildNode = DefaultTreeAdapterMap["childNode"];
type Template = DefaultTreeAdapterMap["template"];

const HTML_NAMESPACE = "http://www.w3.org/1999/xhtml";

// ---------------------------------------------------------------------------
// Parsing, with a bound on depth

/** How deep elements may nest (as Chromium's HTML parser caps the tree at 512). */
export const DEFAULT_MAX_DEPTH = 512;

/** Why an HTML document was not read. */
export type HtmlDocumentErrorCode = "too-deep";

/**
 * An HTML document that is not read: elements nested deeper than
 * `maxDepth` (`<ul><li>` a thousand times over, or nested templates). The
 * HTML parser's own work grows with the depth at every element, and its
 * end-of-file handling of templates recurses, so an unbounded depth would
 * cost quadratic time or overflow the stack; a document is refused instead.
 */
export class HtmlDocumentError extends Error {
  override readonly name = "HtmlDocumentError";
  readonly code: HtmlDocumentErrorCode;
  /** The depth allowed. */
  readonly maxDepth: number;
  /** Where, in UTF-16 code units of the HTML, the element that went too deep starts (when known). */
  readonly offset: number | undefined;

  constructor(fn: string, maxDepth: number, offset: number | undefined) {
    super(
      `${fn}: elements nest deeper than ${maxDepth}${offset === undefined ? "" : ` (at offset ${offset})`}; ` +
        "the document is not read (pass a larger maxDepth to read it)",
    );
    this.code = "too-deep";
    this.maxDepth = maxDepth;
    this.offset = offset;
  }
}

/**
 * The document tree, as a browser builds it, refusing one whose elements
 * nest deeper than `maxDepth`: parse5's tree adapter is wrapped so that each
 * element inserted counts its ancestors (up to the bound, so the check is
 * O(maxDepth) per element), template contents counting under their template.
 */
export function parseDocument(html: string, fn: string, maxDepth: number, locations: boolean): Document {
  type Node = DefaultTreeAdapterMap["node"];
  const hostOf = new WeakMap<object, Node>();
  const depthOf = (parent: Node): number => {
    let depth = 0;
    for (let n: Node | null | undefined = parent; n !== null && n !== undefined && depth <= maxDepth; depth++) {
      n = (own(n, "parentNode") as Node | null | undefined) ?? hostOf.get(n);
    }
    return depth;
  };
  const check = (parent: Node, node: Node): void => {
    if (!isElement(node)) return;
    if (depthOf(parent) > maxDepth) {
      const loc = own(node, "sourceCodeLocation") as Element["sourceCodeLocation"];
      throw new (errorClass(HtmlDocumentError))(fn, maxDepth, loc?.startOffset);
    }
  };
  const adapter: TreeAdapter<DefaultTreeAdapterMap> = {
    ...defaultTreeAdapter,
    appendChild(parent, node) {
      check(parent, node);
      defaultTreeAdapter.appendChild(parent, node);
    },
    insertBefore(parent, node, reference) {
      check(parent, node);
      defaultTreeAdapter.insertBefore(parent, node, reference);
    },
    setTemplateContent(template, content) {
      hostOf.set(content, template);
      defaultTreeAdapter.setTemplateContent(template, content);
    },
  };
  return parse5(html, { treeAdapter: adapter, sourceCodeLocationInfo: locations });
}

// ---------------------------------------------------------------------------
// Appendix D: the BASE element

/** Options of {@link baseFromHtml}. */
export interface BaseFromHtmlOptions {
  /**
   * Where a BASE element counts. `'head'` as Appendix D (and RFC 1866) say:
   * only inside HEAD. `'document'` as today's HTML does: anywhere in the
   * document. Either way parse5 builds the tree as a browser does, so a
   * BASE written before `<body>` (even after `</head>`, or with no HEAD
   * tag at all) is placed inside HEAD and counts, while a BASE inside the
   * body stays there. Template contents never count.
   * @defaultValue 'head'
   */
  scope?: "head" | "document";
  /**
   * Strip leading and trailing ASCII whitespace (tab, LF, FF, CR, space)
   * from the value, as HTML does with URLs in attributes. Whitespace inside
   * is kept (it makes the URI invalid).
   * @defaultValue true
   */
  trim?: boolean;
  /**
   * How deep elements may nest; a deeper document is refused with an
   * {@link HtmlDocumentError} (code `'too-deep'`) rather than parsed in
   * quadratic time.
   * @defaultValue 512
   */
  maxDepth?: number;
}

/**
 * The base URI embedded in an HTML document (5.1.1, Appendix D): the `href`
 * of its first BASE element that has one, or `undefined` when there is
 * none. Names are case-insensitive (`<BASE HREF=...>`). When there are two
 * or more, the first in tree order wins, as HTML says; a BASE without an
 * `href` (one with only `target`) is passed over. The value is the
 * attribute's value with character references decoded (`&amp;` is `&`) and,
 * by default, surrounding ASCII whitespace trimmed; it is not checked here
 * (`establishBase` does that). A `javascript:` or `data:` URI is no base,
 * as HTML has it (its frozen base URL falls back to the document's): then
 * the result is `undefined` (reading R63 of docs/readings.md).
 *
 * @throws {TypeError} when `html` is not a string or an option has the wrong type.
 * @throws {RangeError} when `scope` is not `'head'` or `'document'`, or `maxDepth` is not a whole number >= 1.
 * @throws {HtmlDocumentError} `too-deep` when elements nest deeper than `maxDepth`.
 * @example
 * baseFromHtml('<HTML><HEAD><BASE HREF="http://www.ics.uci.edu/Test/a/b/c"></HEAD></HTML>')
 * // 'http://www.ics.uci.edu/Test/a/b/c'
 * baseFromHtml("<p>No base here</p>")                          // undefined
 * baseFromHtml("<body><base href='http://a/'></body>")          // undefined (not in HEAD)
 * baseFromHtml("<body><base href='http://a/'></body>", { scope: "document" })  // 'http://a/'
 * baseFromHtml("<head><base href='javascript:alert(1)'></head>") // undefined (R63)
 */
export function baseFromHtml(html: string, options?: BaseFromHtmlOptions): string | undefined {
  if (typeof html !== "string") throw new TypeError(`baseFromHtml: the HTML must be a string; got ${describe(html)}`);
  const { scope, trim, maxDepth } = checkBaseOptions(options, "baseFromHtml", ["scope", "trim", "maxDepth"]);
  const href = findBaseHref(parseDocument(html, "baseFromHtml", maxDepth, false), scope);
  // READING: R54
  const value = href === undefined ? undefined : trim ? trimAsciiWhitespace(href) : href;
  // READING: R63
  return value === undefined || ignoredBaseScheme(value) !== undefined ? undefined : value;
}

/**
 * `'javascript'` or `'data'` when `href` is a URI of that scheme (in any
 * case), which HTML never takes for a document's base: its "set the frozen
 * base URL" falls back to the document's fallback base URL, so that a
 * `<base href="javascript:...">` cannot turn `href=""` or `href="#x"` into
 * script. Undefined for any other value.
 */
function ignoredBaseScheme(href: string): "javascript" | "data" | undefined {
  const colon = href.indexOf(":");
  if (colon !== 4 && colon !== 10) return undefined;
  const scheme = href.slice(0, colon).toLowerCase();
  return scheme === "javascript" || scheme === "data" ? scheme : undefined;
}

/** The `href` of the first BASE element with one, in HEAD or in the whole document. */
function findBaseHref(doc: Document, scope: "head" | "document"): string | undefined {
  let roots: readonly ChildNode[] = doc.childNodes;
  // READING: R48
  if (scope === "head") {
    const html = doc.childNodes.find((n) => isHtmlElement(n, "html"));
    const head = html === undefined ? undefined : (html as Element).childNodes.find((n) => isHtmlElement(n, "head"));
    if (head === undefined) return undefined;
    roots = [head];
  }
  for (const { element } of elements(roots, false)) {
    if (element.tagName !== "base" || element.namespaceURI !== HTML_NAMESPACE) continue;
    const href = element.attrs.find((a) => a.name === "href" && own(a, "prefix") === undefined);
    // READING: R49
    if (href !== undefined) return href.value;
  }
  return undefined;
}

/**
 * Whether a node of the tree is an element. parse5's nodes are plain objects
 * whose fields are their own properties: only those are read, so that what
 * Object.prototype holds (a polluted `tagName`, `parentNode`, `prefix`) is
 * never taken for a part of the document.
 */
export function isElement(node: object): node is Element {
  return typeof own(node, "tagName") === "string";
}

function isHtmlElement(node: ChildNode, tagName: string): boolean {
  return isElement(node) && node.tagName === tagName && node.namespaceURI === HTML_NAMESPACE;
}

/**
 * The elements under `roots` in tree order (depth first, iteratively, so a
 * deep document cannot overflow the stack), with the contents of
 * `template` elements when `templates` is true.
 */
export function* elements(
  roots: readonly ChildNode[],
  templates: boolean,
): Generator<{ element: Element; inTemplate: boolean }> {
  const stack: { node: ChildNode; inTemplate: boolean }[] = [];
  for (let i = roots.length - 1; i >= 0; i--) stack.push({ node: roots[i], inTemplate: false });
  while (stack.length > 0) {
    const { node, inTemplate } = stack.pop() as { node: ChildNode; inTemplate: boolean };
    if (!isElement(node)) continue;
    yield { element: node, inTemplate };
    const children = node.childNodes;
    for (let i = children.length - 1; i >= 0; i--) stack.push({ node: children[i], inTemplate });
    if (templates && node.tagName === "template" && node.namespaceURI === HTML_NAMESPACE) {
      const content = (node as Template).content.childNodes;
      // The contents come after the template's (empty) children, in tree order.
      const at = stack.length - children.length;
      const items = content.map((c) => ({ node: c, inTemplate: true })).reverse();
      stack.splice(at, 0, ...items);
    }
  }
}

/** HTML's "strip leading and trailing ASCII whitespace": tab, LF, FF, CR, space. */
function trimAsciiWhitespace(s: string): string {
  let start = 0;
  let end = s.length;
  while (start < end && isAsciiWhitespace(s.charCodeAt(start))) start++;
  while (end > start && isAsciiWhitespace(s.charCodeAt(end - 1))) end--;
  return s.slice(start, end);
}

function isAsciiWhitespace(c: number): boolean {
  return c === 0x09 || c === 0x0a || c === 0x0c || c === 0x0d || c === 0x20;
}

// ---------------------------------------------------------------------------
// Every link of a document

/** An attribute that holds a URI reference, on an element (`'*'` for any). */
export interface LinkAttribute {
  /** An element name (any case), or `'*'` for every element. */
  element: string;
  /** An attribute name (any case); `xlink:href` for SVG's and MathML's namespaced one. */
  attribute: string;
}

/**
 * The attributes {@link resolveLinks} reads by default: every `href` and
 * `src`, and the other HTML attributes whose value is one URI reference.
 * Left out: attributes holding lists or more than a URI (`srcset`, `ping`,
 * `archive`, `content` of `meta refresh`), `usemap` (a fragment name in
 * HTML5), and `codebase`, `classid`, `profile`, `manifest`.
 */
export const DEFAULT_LINK_ATTRIBUTES: readonly LinkAttribute[] = Object.freeze(
  (
    [
      ["*", "href"], // a, area, link, base, and SVG 2
      ["*", "xlink:href"], // SVG 1.1, MathML
      ["*", "src"], // img, script, iframe, frame, embed, input, audio, video, source, track
      ["form", "action"],
      ["button", "formaction"],
      ["input", "formaction"],
      ["blockquote", "cite"],
      ["q", "cite"],
      ["del", "cite"],
      ["ins", "cite"],
      ["object", "data"],
      ["video", "poster"],
      ["img", "longdesc"],
      ["frame", "longdesc"],
      ["iframe", "longdesc"],
      ["body", "background"],
    ] as const
  ).map(([element, attribute]) => Object.freeze({ element, attribute })),
);

/** Where an attribute is in the HTML source (from parse5). */
export interface SourceLocation {
  /** 1-based line of the attribute's first character. */
  line: number;
  /** 1-based column of the attribute's first character. */
  col: number;
  /** UTF-16 offset of the attribute's first character (its name). */
  startOffset: number;
  /** UTF-16 offset just after the attribute (after its value and closing quote). */
  endOffset: number;
}

/** What every entry of {@link ResolvedLinks.links} has. */
export interface LinkCommon {
  /** The element's name as parse5 gives it: lower case for HTML (`a`, `img`). */
  element: string;
  /** The attribute's name in lower case, with its prefix when it has one (`xlink:href`). */
  attribute: string;
  /** The attribute's value as written, character references decoded. */
  value: string;
  /**
   * The base URI it was resolved against: the document's, except for a
   * BASE element's own `href`, resolved against the base of the other
   * sources (the HTML rule); undefined when there is none.
   */
  base: string | undefined;
  /** Whether the element is inside a `template` element's contents. */
  inTemplate: boolean;
  /** Where the attribute is in the source. */
  location: SourceLocation | undefined;
}

/** A link resolved to an absolute URI. */
export interface ResolvedLink extends LinkCommon {
  ok: true;
  /** The absolute form (5.2). */
  uri: string;
}

/** A link that has no absolute form. */
export interface UnresolvedLink extends LinkCommon {
  ok: false;
  /**
   * UriSyntaxError: the value is not a URI reference. UriResolutionError:
   * it cannot be resolved against the base (a relative reference against
   * an opaque base, ...). BaseUriError: a BASE element's relative `href`
   * with no other source to resolve it against.
   */
  error: UriSyntaxError | UriResolutionError | BaseUriError;
}

/** One link of the document. */
export type Link = ResolvedLink | UnresolvedLink;

/** What {@link resolveLinks} returns. */
export interface ResolvedLinks {
  /** The document's base URI and its source. */
  base: EstablishedBase;
  /** Every link, in tree order. */
  links: Link[];
}

/** Options of {@link resolveLinks}. */
export interface ResolveLinksOptions extends EstablishBaseOptions, BaseFromHtmlOptions {
  /** 5.1.2: the base URI of the entity the document is enclosed in. */
  encapsulating?: string | null;
  /** 5.1.4: the application's default base URI. */
  fallback?: string | null;
  /**
   * Which attributes hold links; replaces the default.
   * @defaultValue {@link DEFAULT_LINK_ATTRIBUTES}
   */
  attributes?: readonly LinkAttribute[];
  /** Options passed to `resolve` for every link (`aboveRoot`, `allowSameSchemeRelative`). */
  resolve?: ResolveOptions;
}

/**
 * Resolves every link of an HTML document (every `href` and `src`, and the
 * other attributes of {@link DEFAULT_LINK_ATTRIBUTES}) against the
 * document's base URI, established by `establishBase` (from the core entry) from the BASE
 * element ({@link baseFromHtml}), then `options.encapsulating`, then
 * `retrievalUri`, then `options.fallback`. Each link comes with its element,
 * attribute, value as written, location, and either its absolute URI or the
 * error that prevents one: links that are invalid or cannot be resolved are
 * reported, not dropped. Surrounding ASCII whitespace is trimmed from each
 * value before resolving (`trim: false` keeps it). An empty value resolves
 * to the base without its fragment (4.2; for FORM's `action`, 4 says the same).
 *
 * A BASE whose `href` is a `javascript:` or `data:` URI is passed over, as
 * HTML passes over it (reading R63): the base comes from the other sources,
 * and `base.ignored` holds a BaseUriError (code `'scheme-not-allowed'`)
 * saying so, so that `href=""` and `href="#x"` never resolve to script.
 *
 * Links come in tree order, the order parse5's tree construction gives
 * (elements that HTML moves, such as those foster-parented out of a table,
 * come where they were moved to; `location` says where they were written).
 * Links inside `template` contents are included and marked `inTemplate`.
 *
 * @throws {TypeError} when `html` is not a string, `retrievalUri` is neither a
 *   string nor undefined/null, or an option has the wrong type.
 * @throws {RangeError} when an option has a value that is not allowed.
 * @throws {BaseUriError} when no base URI can be established (see `establishBase` in the core entry).
 * @throws {HtmlDocumentError} `too-deep` when elements nest deeper than `maxDepth`.
 * @example
 * const html = `<!doctype html public "-//IETF//DTD HTML//EN">
 * <HTML><HEAD>
 * <TITLE>An example HTML document</TITLE>
 * <BASE href="http://www.ics.uci.edu/Test/a/b/c">
 * </HEAD><BODY>
 * ... <A href="../x">a hypertext anchor</A> ...
 * </BODY></HTML>`;
 * const { base, links } = resolveLinks(html, "http://example.org/elsewhere");
 * base.source                        // 'embedded'
 * links.map((l) => [l.element, l.value, l.ok && l.uri])
 * // [['base', 'http://www.ics.uci.edu/Test/a/b/c', 'http://www.ics.uci.edu/Test/a/b/c'],
 * //  ['a', '../x', 'http://www.ics.uci.edu/Test/a/x']]
 */
export function resolveLinks(html: string, retrievalUri?: string | null, options?: ResolveLinksOptions): ResolvedLinks {
  if (typeof html !== "string") throw new TypeError(`resolveLinks: the HTML must be a string; got ${describe(html)}`);
  if (retrievalUri !== undefined && retrievalUri !== null && typeof retrievalUri !== "string") {
    throw new TypeError(
      `resolveLinks: the retrieval URI must be a string, or undefined when there is none; got ${describe(retrievalUri)}`,
    );
  }
  const opts = checkLinksOptions(options);
  const doc = parseDocument(html, "resolveLinks", opts.maxDepth, true);
  const href = findBaseHref(doc, opts.scope);
  let embedded = href === undefined ? undefined : opts.trim ? trimAsciiWhitespace(href) : href;
  const outerSources = checkSources(
    { encapsulating: opts.encapsulating, retrieval: retrievalUri, fallback: opts.fallback },
    "resolveLinks",
  );
  // READING: R63
  const scheme = embedded === undefined ? undefined : ignoredBaseScheme(embedded);
  const passedOver = scheme === undefined ? undefined : ignoredBase(embedded as string, scheme);
  if (passedOver !== undefined) embedded = undefined;
  const base = establish({ ...outerSources, embedded }, opts.establish);
  if (passedOver !== undefined) base.ignored.unshift(passedOver);

  // A BASE element's own href is resolved against the base of the other sources.
  let outer: EstablishedBase | BaseUriError | undefined;
  const outerBase = (): EstablishedBase | BaseUriError => {
    if (outer === undefined) {
      try {
        outer = establish(outerSources, opts.establish);
      } catch (e) {
        if (!(e instanceof errorClass(BaseUriError))) throw e;
        outer = e;
      }
    }
    return outer;
  };

  const links: Link[] = [];
  for (const { element, inTemplate } of elements(doc.childNodes, true)) {
    const tag = element.tagName.toLowerCase();
    for (const attr of element.attrs) {
      const prefix = own(attr, "prefix");
      const name = typeof prefix === "string" && prefix !== "" ? `${prefix}:${attr.name}` : attr.name;
      if (!opts.matches(tag, name.toLowerCase())) continue;
      const isBase = tag === "base" && name === "href" && element.namespaceURI === HTML_NAMESPACE;
      // READING: R55
      const against = isBase ? outerBase() : base;
      const common: LinkCommon = {
        element: element.tagName,
        attribute: name.toLowerCase(),
        value: attr.value,
        base: against instanceof errorClass(BaseUriError) ? undefined : against.uri,
        inTemplate,
        location: locationOf(element, name),
      };
      // READING: R54
      links.push(resolveLink(common, opts.trim ? trimAsciiWhitespace(attr.value) : attr.value, against, opts.resolve));
    }
  }
  return { base, links };
}

/** The error a javascript: or data: BASE would be, kept in `ignored` when it is passed over (R63). */
function ignoredBase(href: string, scheme: "javascript" | "data"): BaseUriError {
  return new (errorClass(BaseUriError))(
    "scheme-not-allowed",
    "embedded",
    href,
    `the embedded base URI ${quote(href)} is a ${scheme}: URI, which HTML never takes for a document's base (its frozen base URL falls back to the document's); it is passed over`,
  );
}

function resolveLink(
  common: LinkCommon,
  reference: string,
  against: EstablishedBase | BaseUriError,
  options: ResolveOptions | undefined,
): Link {
  try {
    if (against instanceof errorClass(BaseUriError)) {
      // No base: only an absolute URI has an absolute form (its own, 5.2 step 3).
      if (parse(reference).scheme !== undefined) return { ...common, ok: true, uri: reference };
      return { ...common, ok: false, error: against };
    }
    return { ...common, ok: true, uri: resolve(against.uri, reference, options) };
  } catch (e) {
    if (e instanceof errorClass(UriSyntaxError) || e instanceof errorClass(UriResolutionError))
      return { ...common, ok: false, error: e };
    throw e;
  }
}

/** Where the attribute `name` of `element` is in the source (own properties of parse5's records only). */
function locationOf(element: Element, name: string): SourceLocation | undefined {
  const locations = own(element, "sourceCodeLocation") as Token.ElementLocation | null | undefined;
  const attrs = locations === undefined || locations === null ? undefined : own(locations, "attrs");
  // (An attribute may be named "constructor" or "__proto__": only an own entry is its location.)
  const loc =
    typeof attrs === "object" && attrs !== null ? (own(attrs, name) as Token.Location | undefined) : undefined;
  if (loc === undefined) return undefined;
  return { line: loc.startLine, col: loc.startCol, startOffset: loc.startOffset, endOffset: loc.endOffset };
}

// ---------------------------------------------------------------------------
// Checking arguments

function checkBaseOptions(options: unknown, fn: string, names: readonly string[]): Required<BaseFromHtmlOptions> {
  const o = checkOptionsObject(options, fn, names);
  return {
    scope: checkEnum(o.scope, fn, "scope", ["head", "document"], "head"),
    trim: checkBoolean(o.trim, fn, "trim", true),
    maxDepth: checkCount(o.maxDepth, fn, "maxDepth", DEFAULT_MAX_DEPTH, 1),
  };
}

interface LinksOptions {
  scope: "head" | "document";
  trim: boolean;
  maxDepth: number;
  establish: Required<EstablishBaseOptions>;
  encapsulating: unknown;
  fallback: unknown;
  matches: (element: string, attribute: string) => boolean;
  resolve: ResolveOptions | undefined;
}

const LINKS_OPTION_NAMES = [
  "encapsulating",
  "fallback",
  "relativeEmbedded",
  "invalidEmbedded",
  "scope",
  "trim",
  "attributes",
  "resolve",
  "maxDepth",
];

function checkLinksOptions(options: ResolveLinksOptions | undefined): LinksOptions {
  const fn = "resolveLinks";
  const o = checkOptionsObject(options, fn, LINKS_OPTION_NAMES);
  const { scope, trim, maxDepth } = checkBaseOptions({ scope: o.scope, trim: o.trim, maxDepth: o.maxDepth }, fn, [
    "scope",
    "trim",
    "maxDepth",
  ]);
  const establishOptions = checkEstablishOptions(
    { relativeEmbedded: o.relativeEmbedded, invalidEmbedded: o.invalidEmbedded },
    fn,
  );
  const resolveOptions = o.resolve as ResolveOptions | undefined;
  if (resolveOptions !== undefined) {
    // resolve checks its own options; one call makes bad ones throw even in a document without links.
    resolve("x:/", "y", resolveOptions);
  }
  return {
    scope,
    trim,
    maxDepth,
    establish: establishOptions,
    encapsulating: o.encapsulating,
    fallback: o.fallback,
    matches: attributeMatcher(o.attributes),
    resolve: resolveOptions,
  };
}

function attributeMatcher(attributes: unknown): (element: string, attribute: string) => boolean {
  const list = attributes === undefined ? DEFAULT_LINK_ATTRIBUTES : attributes;
  if (!Array.isArray(list)) {
    throw new TypeError(
      `resolveLinks: attributes must be an array of { element, attribute } objects; got ${describe(list)}`,
    );
  }
  const any = new Set<string>();
  const specific = new Set<string>();
  list.forEach((entry: unknown, i: number) => {
    const element = isRecord(entry) ? own(entry, "element") : undefined;
    const attr = isRecord(entry) ? own(entry, "attribute") : undefined;
    if (typeof element !== "string" || typeof attr !== "string" || element === "" || attr === "") {
      throw new TypeError(
        `resolveLinks: attributes[${i}] must be { element, attribute } with non-empty strings ('*' for any element); got ${describe(entry)}`,
      );
    }
    const attribute = attr.toLowerCase();
    if (element === "*") any.add(attribute);
    else specific.add(`${element.toLowerCase()} ${attribute}`);
  });
  return (element, attribute) => any.has(attribute) || specific.has(`${element} ${attribute}`);
}

/**
 * Establishing a base URI (5.1) and reading it from HTML (Appendix D):
 * the BASE element of a document's HEAD, the order of precedence of the
 * four sources, and every link of a document resolved (5.2) against the
 * base so established.
 *
 * HTML is parsed by parse5 (the WHATWG tree construction algorithm), never
 * by regular expressions: element and attribute names are case-insensitive
 * (parse5 lowercases them), character references in attribute values are
 * decoded, and elements are placed where a browser would place them.
 *
 * @module
 */
import { parse as parseHtml, type DefaultTreeAdapterMap } from "parse5";
import { parse } from "../components/parse";
import { UriSyntaxError } from "../syntax/errors";
import { resolve, UriResolutionError, type ResolveOptions } from "../reference/resolve";
import { describe } from "../syntax/rules";

type Document = DefaultTreeAdapterMap["document"];
type Element = DefaultTreeAdapterMap["element"];
type ChildNode = DefaultTreeAdapterMap["childNode"];
type Template = DefaultTreeAdapterMap["template"];

const HTML_NAMESPACE = "http://www.w3.org/1999/xhtml";

// ---------------------------------------------------------------------------
// 5.1: the sources and their order of precedence

/**
 * The four ways of establishing a base URI (5.1.1 to 5.1.4), innermost
 * first: embedded in the document's content, the base URI of the
 * encapsulating entity, the URI used to retrieve the document, and the
 * application's default.
 */
export type BaseSource = "embedded" | "encapsulating" | "retrieval" | "fallback";

/** The sources in Section 5.1's order of precedence. */
export const BASE_SOURCES: readonly BaseSource[] = Object.freeze([
  "embedded",
  "encapsulating",
  "retrieval",
  "fallback",
] as const);

/** The candidates for a document's base URI; `undefined` or `null` when a source has none. */
export interface BaseSources {
  /** 5.1.1: embedded in the content, such as HTML's `<BASE HREF>` ({@link baseFromHtml}). */
  embedded?: string | null;
  /** 5.1.2: the base URI of the entity the document is enclosed in (a message, another document). */
  encapsulating?: string | null;
  /** 5.1.3: the URI the document was retrieved with (after redirects, the last one). */
  retrieval?: string | null;
  /** 5.1.4: the application's default. */
  fallback?: string | null;
}

/** Options of {@link establishBase}. */
export interface EstablishBaseOptions {
  /**
   * An embedded base that is a relative reference, which Appendix D forbids
   * ("The HREF attribute must be an absolute URI"): `'error'` throws
   * BaseUriError (code `relative-base`); `'resolve'` resolves it (5.2)
   * against the base the other sources establish (what browsers do);
   * `'ignore'` passes over it to the next source.
   * @defaultValue 'error'
   */
  relativeEmbedded?: "error" | "resolve" | "ignore";
  /**
   * An embedded base that is not a URI reference at all: `'error'` throws
   * BaseUriError (code `invalid-base`); `'ignore'` passes over it.
   * @defaultValue 'error'
   */
  invalidEmbedded?: "error" | "ignore";
}

/** The base URI of a document and where it came from. */
export interface EstablishedBase {
  /**
   * The base URI: always an Appendix A `absoluteURI`. A fragment on the
   * source is dropped (5.2 never uses it); the query is kept.
   */
  uri: string;
  /** The source that won. */
  source: BaseSource;
  /** That source's value as given. */
  value: string;
  /** For a relative embedded base resolved with `relativeEmbedded: 'resolve'`: the source it was resolved against. */
  resolvedAgainst?: BaseSource;
  /** Embedded bases passed over with `'ignore'`, as the errors they would have thrown. */
  ignored: BaseUriError[];
}

/** Why no base URI could be established. */
export type BaseErrorCode = "no-base" | "relative-base" | "invalid-base";

/** No base URI could be established from the sources (5.1). */
export class BaseUriError extends Error {
  override readonly name = "BaseUriError";
  /**
   * `'no-base'`: no source has a value; `'relative-base'`: the source's
   * value is a relative reference, not an absolute URI; `'invalid-base'`:
   * it is not a URI reference (see `detail`).
   */
  readonly code: BaseErrorCode;
  /** The source at fault; undefined for `'no-base'`. */
  readonly source: BaseSource | undefined;
  /** Its value; undefined for `'no-base'`. */
  readonly value: string | undefined;
  /** The underlying error: the UriSyntaxError of an invalid base, or the failure to resolve a relative embedded one. */
  readonly detail: UriSyntaxError | UriResolutionError | BaseUriError | undefined;

  constructor(
    code: BaseErrorCode,
    source: BaseSource | undefined,
    value: string | undefined,
    message: string,
    detail?: UriSyntaxError | UriResolutionError | BaseUriError,
  ) {
    super(message);
    this.code = code;
    this.source = source;
    this.value = value;
    this.detail = detail;
  }
}

/**
 * Establishes a document's base URI from the sources of Section 5.1, in its
 * order of precedence: embedded (5.1.1), then the encapsulating entity's
 * (5.1.2), then the retrieval URI (5.1.3), then the application's default
 * (5.1.4). The first source with a value wins (`''` is a value; `undefined`
 * and `null` are not), and it must be an absolute URI: a relative or
 * invalid value throws rather than falling through to the next source,
 * except for an embedded base with the options below. Sources after the
 * winner are not parsed (a relative embedded base being resolved looks at
 * the next one).
 *
 * An absolute base with an opaque part (`mailto:x@y`) is accepted; only
 * same-document and absolute references resolve against it (5), as
 * `resolve` reports.
 *
 * @throws {TypeError} when `sources` is not an object, a source is neither a
 *   string nor undefined/null, or an option has the wrong type.
 * @throws {RangeError} when an option has a value that is not allowed.
 * @throws {BaseUriError} `no-base` when no source has a value,
 *   `relative-base` when the winning value is relative (or, with
 *   `relativeEmbedded: 'resolve'`, cannot be resolved), `invalid-base` when
 *   it is not a URI reference.
 * @example
 * establishBase({ embedded: "http://www.ics.uci.edu/Test/a/b/c", retrieval: "http://x/y" })
 * // { uri: 'http://www.ics.uci.edu/Test/a/b/c', source: 'embedded',
 * //   value: 'http://www.ics.uci.edu/Test/a/b/c', ignored: [] }
 * establishBase({ retrieval: "http://a/b/c#top" }).uri                  // 'http://a/b/c'
 * establishBase({ embedded: "../d/", retrieval: "http://a/b/c" }, { relativeEmbedded: "resolve" })
 * // { uri: 'http://a/d/', source: 'embedded', value: '../d/', resolvedAgainst: 'retrieval', ignored: [] }
 */
export function establishBase(sources: BaseSources, options?: EstablishBaseOptions): EstablishedBase {
  const checked = checkSources(sources, "establishBase");
  const opts = checkEstablishOptions(options, "establishBase");
  return establish(checked, opts);
}

type CheckedSources = Partial<Record<BaseSource, string>>;

function establish(sources: CheckedSources, opts: Required<EstablishBaseOptions>): EstablishedBase {
  const ignored: BaseUriError[] = [];
  for (const source of BASE_SOURCES) {
    const value = sources[source];
    if (value === undefined) continue;
    let components;
    try {
      components = parse(value);
    } catch (e) {
      if (!(e instanceof UriSyntaxError)) throw e;
      const error = new BaseUriError(
        "invalid-base",
        source,
        value,
        `the ${source} base URI ${JSON.stringify(value)} is not a URI reference: ${e.message}`,
        e,
      );
      if (source === "embedded" && opts.invalidEmbedded === "ignore") {
        ignored.push(error);
        continue;
      }
      throw error;
    }
    if (components.scheme !== undefined) {
      return { uri: withoutFragment(value, components.fragment), source, value, ignored };
    }
    // A relative reference (5.1: a base URI is absolute; Appendix D: "must be an absolute URI").
    const relative = (why: string, detail?: UriResolutionError | BaseUriError): BaseUriError =>
      new BaseUriError(
        "relative-base",
        source,
        value,
        `the ${source} base URI ${JSON.stringify(value)} is a relative reference; ${why}`,
        detail,
      );
    if (source !== "embedded") throw relative("a base URI must be absolute (5.1)");
    if (opts.relativeEmbedded === "ignore") {
      ignored.push(relative("ignored (relativeEmbedded is 'ignore')"));
      continue;
    }
    if (opts.relativeEmbedded === "error") {
      throw relative(
        "Appendix D: the BASE element's HREF must be an absolute URI (pass relativeEmbedded: 'resolve' to resolve it against the next source, or 'ignore')",
      );
    }
    return { ...resolveEmbedded(value, sources, relative), ignored };
  }
  throw new BaseUriError(
    "no-base",
    undefined,
    undefined,
    "no base URI: none of embedded, encapsulating, retrieval or fallback has a value, and relative references are meaningless without one (5.1)",
  );
}

/** A relative embedded base resolved (5.2) against the base of the outer sources. */
function resolveEmbedded(
  value: string,
  sources: CheckedSources,
  relative: (why: string, detail?: UriResolutionError | BaseUriError) => BaseUriError,
): Omit<EstablishedBase, "ignored"> {
  let outer: EstablishedBase;
  try {
    outer = establish({ ...sources, embedded: undefined }, { relativeEmbedded: "error", invalidEmbedded: "error" });
  } catch (e) {
    if (e instanceof BaseUriError) throw relative(`it cannot be resolved, because ${e.message}`, e);
    throw e;
  }
  let uri: string;
  try {
    uri = resolve(outer.uri, value);
  } catch (e) {
    if (e instanceof UriResolutionError)
      throw relative(`resolving it against ${JSON.stringify(outer.uri)} failed: ${e.message}`, e);
    throw e;
  }
  return { uri: withoutFragment(uri, parse(uri).fragment), source: "embedded", value, resolvedAgainst: outer.source };
}

/** The URI without its `"#" fragment`: the fragment is the last part (4.1) and holds no "#". */
function withoutFragment(uri: string, fragment: string | undefined): string {
  return fragment === undefined ? uri : uri.slice(0, uri.length - fragment.length - 1);
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
}

/**
 * The base URI embedded in an HTML document (5.1.1, Appendix D): the `href`
 * of its first BASE element that has one, or `undefined` when there is
 * none. Names are case-insensitive (`<BASE HREF=...>`). When there are two
 * or more, the first in tree order wins, as HTML says; a BASE without an
 * `href` (one with only `target`) is passed over. The value is the
 * attribute's value with character references decoded (`&amp;` is `&`) and,
 * by default, surrounding ASCII whitespace trimmed; it is not checked here
 * ({@link establishBase} does that).
 *
 * @throws {TypeError} when `html` is not a string or an option has the wrong type.
 * @throws {RangeError} when `scope` is not `'head'` or `'document'`.
 * @example
 * baseFromHtml('<HTML><HEAD><BASE HREF="http://www.ics.uci.edu/Test/a/b/c"></HEAD></HTML>')
 * // 'http://www.ics.uci.edu/Test/a/b/c'
 * baseFromHtml("<p>No base here</p>")                          // undefined
 * baseFromHtml("<body><base href='http://a/'></body>")          // undefined (not in HEAD)
 * baseFromHtml("<body><base href='http://a/'></body>", { scope: "document" })  // 'http://a/'
 */
export function baseFromHtml(html: string, options?: BaseFromHtmlOptions): string | undefined {
  if (typeof html !== "string") throw new TypeError(`baseFromHtml: the HTML must be a string; got ${describe(html)}`);
  const { scope, trim } = checkBaseOptions(options, "baseFromHtml", ["scope", "trim"]);
  const href = findBaseHref(parseHtml(html), scope);
  return href === undefined ? undefined : trim ? trimAsciiWhitespace(href) : href;
}

/** The `href` of the first BASE element with one, in HEAD or in the whole document. */
function findBaseHref(doc: Document, scope: "head" | "document"): string | undefined {
  let roots: readonly ChildNode[] = doc.childNodes;
  if (scope === "head") {
    const html = doc.childNodes.find((n) => isHtmlElement(n, "html"));
    const head = html === undefined ? undefined : (html as Element).childNodes.find((n) => isHtmlElement(n, "head"));
    if (head === undefined) return undefined;
    roots = [head];
  }
  for (const { element } of elements(roots, false)) {
    if (element.tagName !== "base" || element.namespaceURI !== HTML_NAMESPACE) continue;
    const href = element.attrs.find((a) => a.name === "href" && a.prefix === undefined);
    if (href !== undefined) return href.value;
  }
  return undefined;
}

function isHtmlElement(node: ChildNode, tagName: string): boolean {
  return "tagName" in node && node.tagName === tagName && node.namespaceURI === HTML_NAMESPACE;
}

/**
 * The elements under `roots` in tree order (depth first, iteratively, so a
 * deep document cannot overflow the stack), with the contents of
 * `template` elements when `templates` is true.
 */
function* elements(
  roots: readonly ChildNode[],
  templates: boolean,
): Generator<{ element: Element; inTemplate: boolean }> {
  const stack: { node: ChildNode; inTemplate: boolean }[] = [];
  for (let i = roots.length - 1; i >= 0; i--) stack.push({ node: roots[i], inTemplate: false });
  while (stack.length > 0) {
    const { node, inTemplate } = stack.pop() as { node: ChildNode; inTemplate: boolean };
    if (!("tagName" in node)) continue;
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
 * document's base URI, established by {@link establishBase} from the BASE
 * element ({@link baseFromHtml}), then `options.encapsulating`, then
 * `retrievalUri`, then `options.fallback`. Each link comes with its element,
 * attribute, value as written, location, and either its absolute URI or the
 * error that prevents one: links that are invalid or cannot be resolved are
 * reported, not dropped. Surrounding ASCII whitespace is trimmed from each
 * value before resolving (`trim: false` keeps it). An empty value resolves
 * to the base without its fragment (4.2; for FORM's `action`, 4 says the same).
 *
 * Links come in tree order, the order parse5's tree construction gives
 * (elements that HTML moves, such as those foster-parented out of a table,
 * come where they were moved to; `location` says where they were written).
 * Links inside `template` contents are included and marked `inTemplate`.
 *
 * @throws {TypeError} when `html` is not a string, `retrievalUri` is neither a
 *   string nor undefined/null, or an option has the wrong type.
 * @throws {RangeError} when an option has a value that is not allowed.
 * @throws {BaseUriError} when no base URI can be established (see {@link establishBase}).
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
  const doc = parseHtml(html, { sourceCodeLocationInfo: true });
  const href = findBaseHref(doc, opts.scope);
  const embedded = href === undefined ? undefined : opts.trim ? trimAsciiWhitespace(href) : href;
  const outerSources = checkSources(
    { encapsulating: opts.encapsulating, retrieval: retrievalUri, fallback: opts.fallback },
    "resolveLinks",
  );
  const base = establish({ ...outerSources, embedded }, opts.establish);

  // A BASE element's own href is resolved against the base of the other sources.
  let outer: EstablishedBase | BaseUriError | undefined;
  const outerBase = (): EstablishedBase | BaseUriError => {
    if (outer === undefined) {
      try {
        outer = establish(outerSources, opts.establish);
      } catch (e) {
        if (!(e instanceof BaseUriError)) throw e;
        outer = e;
      }
    }
    return outer;
  };

  const links: Link[] = [];
  for (const { element, inTemplate } of elements(doc.childNodes, true)) {
    const tag = element.tagName.toLowerCase();
    for (const attr of element.attrs) {
      const name = attr.prefix ? `${attr.prefix}:${attr.name}` : attr.name;
      if (!opts.matches(tag, name.toLowerCase())) continue;
      const isBase = tag === "base" && name === "href" && element.namespaceURI === HTML_NAMESPACE;
      const against = isBase ? outerBase() : base;
      const common: LinkCommon = {
        element: element.tagName,
        attribute: name.toLowerCase(),
        value: attr.value,
        base: against instanceof BaseUriError ? undefined : against.uri,
        inTemplate,
        location: locationOf(element, name),
      };
      links.push(resolveLink(common, opts.trim ? trimAsciiWhitespace(attr.value) : attr.value, against, opts.resolve));
    }
  }
  return { base, links };
}

function resolveLink(
  common: LinkCommon,
  reference: string,
  against: EstablishedBase | BaseUriError,
  options: ResolveOptions | undefined,
): Link {
  try {
    if (against instanceof BaseUriError) {
      // No base: only an absolute URI has an absolute form (its own, 5.2 step 3).
      if (parse(reference).scheme !== undefined) return { ...common, ok: true, uri: reference };
      return { ...common, ok: false, error: against };
    }
    return { ...common, ok: true, uri: resolve(against.uri, reference, options) };
  } catch (e) {
    if (e instanceof UriSyntaxError || e instanceof UriResolutionError) return { ...common, ok: false, error: e };
    throw e;
  }
}

function locationOf(element: Element, name: string): SourceLocation | undefined {
  const loc = element.sourceCodeLocation?.attrs?.[name];
  if (loc === undefined) return undefined;
  return { line: loc.startLine, col: loc.startCol, startOffset: loc.startOffset, endOffset: loc.endOffset };
}

// ---------------------------------------------------------------------------
// Checking arguments

const SOURCE_NAMES: readonly string[] = BASE_SOURCES;

function checkSources(sources: unknown, fn: string): CheckedSources {
  if (typeof sources !== "object" || sources === null || Array.isArray(sources)) {
    throw new TypeError(
      `${fn}: the sources must be an object { embedded, encapsulating, retrieval, fallback }; got ${describe(sources)}`,
    );
  }
  const result: CheckedSources = {};
  for (const key of Object.keys(sources)) {
    if (!SOURCE_NAMES.includes(key)) {
      throw new TypeError(
        `${fn}: unknown source '${key}'; the sources are embedded, encapsulating, retrieval and fallback (5.1)`,
      );
    }
    const value = (sources as Record<string, unknown>)[key];
    if (value === undefined || value === null) continue;
    if (typeof value !== "string") {
      throw new TypeError(
        `${fn}: the ${key} base URI must be a string, or undefined/null when there is none; got ${describe(value)}`,
      );
    }
    result[key as BaseSource] = value;
  }
  return result;
}

function checkObject(options: unknown, fn: string, names: readonly string[]): Record<string, unknown> {
  if (options === undefined) return {};
  if (typeof options !== "object" || options === null || Array.isArray(options)) {
    throw new TypeError(`${fn}: options must be an object; got ${describe(options)}`);
  }
  for (const key of Object.keys(options)) {
    if (!names.includes(key))
      throw new TypeError(`${fn}: unknown option '${key}'; the options are ${names.join(", ")}`);
  }
  return options as Record<string, unknown>;
}

function oneOf<T extends string>(value: unknown, allowed: readonly T[], fallback: T, what: string): T {
  if (value === undefined) return fallback;
  if (typeof value !== "string" || !(allowed as readonly string[]).includes(value)) {
    throw new RangeError(`${what} must be ${allowed.map((a) => `'${a}'`).join(" or ")}; got ${describe(value)}`);
  }
  return value as T;
}

function checkEstablishOptions(
  options: unknown,
  fn: string,
  names = ["relativeEmbedded", "invalidEmbedded"],
): Required<EstablishBaseOptions> {
  const o = checkObject(options, fn, names);
  return {
    relativeEmbedded: oneOf(o.relativeEmbedded, ["error", "resolve", "ignore"], "error", `${fn}: relativeEmbedded`),
    invalidEmbedded: oneOf(o.invalidEmbedded, ["error", "ignore"], "error", `${fn}: invalidEmbedded`),
  };
}

function checkBaseOptions(options: unknown, fn: string, names: readonly string[]): Required<BaseFromHtmlOptions> {
  const o = checkObject(options, fn, names);
  if (o.trim !== undefined && typeof o.trim !== "boolean")
    throw new TypeError(`${fn}: trim must be a boolean; got ${describe(o.trim)}`);
  return {
    scope: oneOf(o.scope, ["head", "document"], "head", `${fn}: scope`),
    trim: (o.trim as boolean | undefined) ?? true,
  };
}

interface LinksOptions {
  scope: "head" | "document";
  trim: boolean;
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
];

function checkLinksOptions(options: ResolveLinksOptions | undefined): LinksOptions {
  const fn = "resolveLinks";
  const o = checkObject(options, fn, LINKS_OPTION_NAMES);
  const { scope, trim } = checkBaseOptions({ scope: o.scope, trim: o.trim }, fn, ["scope", "trim"]);
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
    const e = entry as Partial<LinkAttribute> | null;
    if (
      typeof e !== "object" ||
      e === null ||
      typeof e.element !== "string" ||
      typeof e.attribute !== "string" ||
      e.element === "" ||
      e.attribute === ""
    ) {
      throw new TypeError(
        `resolveLinks: attributes[${i}] must be { element, attribute } with non-empty strings ('*' for any element); got ${describe(entry)}`,
      );
    }
    const attribute = e.attribute.toLowerCase();
    if (e.element === "*") any.add(attribute);
    else specific.add(`${e.element.toLowerCase()} ${attribute}`);
  });
  return (element, attribute) => any.has(attribute) || specific.has(`${element} ${attribute}`);
}

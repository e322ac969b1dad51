/**
 * Establishing a base URI (5.1): the four sources and their order of
 * precedence. Reading the BASE element of an HTML document (Appendix D) and
 * resolving a document's links are in src/html/, the only part of the
 * library that parses HTML.
 *
 * @module
 */
import { parse } from "../components/parse.js";
import { UriSyntaxError } from "../syntax/errors.js";
import { resolve, UriResolutionError } from "../reference/resolve.js";
import { checkEnum, checkOptionsObject, cut, describe, isRecord, own, quote } from "../args.js";
import { errorClass } from "../syntax/profile.js";

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
  /** 5.1.1: embedded in the content, such as HTML's `<BASE HREF>` (`baseFromHtml` (rfc2396/html)). */
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
  /**
   * Embedded bases passed over with `'ignore'`, as the errors they would
   * have thrown; and, from `resolveLinks`, a `javascript:` or `data:` BASE,
   * which HTML ignores (code `'scheme-not-allowed'`).
   */
  ignored: BaseUriError[];
}

/** Why no base URI could be established, or why a source was passed over. */
export type BaseErrorCode = "no-base" | "relative-base" | "invalid-base" | "scheme-not-allowed";

/** No base URI could be established from the sources (5.1). */
export class BaseUriError extends Error {
  override readonly name = "BaseUriError";
  /**
   * `'no-base'`: no source has a value; `'relative-base'`: the source's
   * value is a relative reference, not an absolute URI; `'invalid-base'`:
   * it is not a URI reference (see `detail`); `'scheme-not-allowed'`: an
   * embedded base from HTML that is a `javascript:` or `data:` URI, which
   * HTML never takes for a base (`resolveLinks` passes over it and lists it
   * in `ignored`; never thrown).
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

/** Sources checked by {@link checkSources}. @internal */
export type CheckedSources = Partial<Record<BaseSource, string>>;

/** 5.1 on checked sources (for src/html/). @internal */
export function establish(sources: CheckedSources, opts: Required<EstablishBaseOptions>): EstablishedBase {
  const ignored: BaseUriError[] = [];
  for (const source of BASE_SOURCES) {
    // (Own properties only: the sources may be a spread copy, whose prototype is Object.prototype.)
    const value = own(sources, source) as string | undefined;
    // READING: R53
    if (value === undefined) continue;
    let components;
    try {
      components = parse(value);
    } catch (e) {
      if (!(e instanceof errorClass(UriSyntaxError))) throw e;
      const error = new (errorClass(BaseUriError))(
        "invalid-base",
        source,
        value,
        `the ${source} base URI ${quote(value)} is not a URI reference: ${e.message}`,
        e,
      );
      // READING: R51
      if (source === "embedded" && opts.invalidEmbedded === "ignore") {
        ignored.push(error);
        continue;
      }
      throw error;
    }
    // READING: R6
    if (components.scheme !== undefined) {
      // READING: R52
      return { uri: withoutFragment(value, components.fragment), source, value, ignored };
    }
    // A relative reference (5.1: a base URI is absolute; Appendix D: "must be an absolute URI").
    const relative = (why: string, detail?: UriResolutionError | BaseUriError): BaseUriError =>
      new (errorClass(BaseUriError))(
        "relative-base",
        source,
        value,
        `the ${source} base URI ${quote(value)} is a relative reference; ${why}`,
        detail,
      );
    // READING: R53
    if (source !== "embedded") throw relative("a base URI must be absolute (5.1)");
    // READING: R50
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
  throw new (errorClass(BaseUriError))(
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
    if (e instanceof errorClass(BaseUriError)) throw relative(`it cannot be resolved, because ${e.message}`, e);
    throw e;
  }
  let uri: string;
  try {
    uri = resolve(outer.uri, value);
  } catch (e) {
    if (e instanceof errorClass(UriResolutionError))
      throw relative(`resolving it against ${quote(outer.uri)} failed: ${e.message}`, e);
    throw e;
  }
  // READING: R52
  return { uri: withoutFragment(uri, parse(uri).fragment), source: "embedded", value, resolvedAgainst: outer.source };
}

/** The URI without its `"#" fragment`: the fragment is the last part (4.1) and holds no "#". */
function withoutFragment(uri: string, fragment: string | undefined): string {
  return fragment === undefined ? uri : uri.slice(0, uri.length - fragment.length - 1);
}

// ---------------------------------------------------------------------------
// Checking arguments

const SOURCE_NAMES: readonly string[] = BASE_SOURCES;

/** @internal */
export function checkSources(sources: unknown, fn: string): CheckedSources {
  if (!isRecord(sources)) {
    throw new TypeError(
      `${fn}: the sources must be an object { embedded, encapsulating, retrieval, fallback }; got ${describe(sources)}`,
    );
  }
  // No prototype: a source the caller did not give reads as undefined, whatever Object.prototype holds.
  const result: CheckedSources = Object.create(null);
  for (const key of Object.keys(sources)) {
    if (!SOURCE_NAMES.includes(key)) {
      throw new TypeError(
        `${fn}: unknown source '${cut(key)}'; the sources are embedded, encapsulating, retrieval and fallback (5.1)`,
      );
    }
    const value = sources[key];
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

/** @internal */
export function checkEstablishOptions(
  options: unknown,
  fn: string,
  names = ["relativeEmbedded", "invalidEmbedded"],
): Required<EstablishBaseOptions> {
  const o = checkOptionsObject(options, fn, names);
  return {
    relativeEmbedded: checkEnum(o.relativeEmbedded, fn, "relativeEmbedded", ["error", "resolve", "ignore"], "error"),
    invalidEmbedded: checkEnum(o.invalidEmbedded, fn, "invalidEmbedded", ["error", "ignore"], "error"),
  };
}

/**
 * Decoded views of a parsed URI reference (2.4.2: split first, then
 * unescape each component): the data each component stands for, and the
 * path as segments with their `;` parameters (3.3).
 *
 * @module
 */
import type { UriComponents } from "../components/parse.js";
import { unescape } from "./escape.js";
import { checkEnum, checkOptionsObject } from "../args.js";
import { inputComponents } from "../reference/input.js";

/** One path segment (3.3): `segment = *pchar *( ";" param )`, unescaped. */
export interface Segment {
  /** The segment up to its first `;`, unescaped. */
  name: string;
  /** The `;` parameters in order, each unescaped (`a;x;` has params `['x', '']`). */
  params: string[];
}

/**
 * The components of a URI reference, unescaped. Absent components are
 * `undefined`, present and empty ones `''`, as in {@link UriComponents}.
 */
export interface UnescapedComponents {
  /** 3.1; as written (a scheme holds no escapes). */
  scheme: string | undefined;
  /**
   * 3.2; the whole authority unescaped. For a server-based authority this
   * is for display only (`u%40x@h` gives `u@x@h`): read `userinfo`, `host`
   * and `port` instead. For a registry-based one (3.2.1) it is its data.
   */
  authority: string | undefined;
  /** 3.2.2; unescaped; only for a server-based authority with an `@`. */
  userinfo: string | undefined;
  /** 3.2.2; as written (a host holds no escapes); only for a server-based authority. */
  host: string | undefined;
  /** 3.2.2; the digits as written, `''` for `http://a:/`. */
  port: string | undefined;
  /**
   * 3.3; the whole path unescaped, possibly `''`. Lossy where data holds a
   * delimiter: `/a%2Fb` and `/a/b` both give `/a/b`. Use `segments` to
   * tell them apart.
   */
  path: string;
  /**
   * 3.3; the segments of the path, each split at `;` and unescaped. For a
   * path starting with `/`, the segments after it (`/a/b/` gives `a`, `b`,
   * `''`; `/` gives one empty segment); for a relative path, all of them
   * (`a/b` gives `a`, `b`); `[]` for an empty path; `undefined` for an
   * opaque URI (3), whose opaque part is not a path of segments.
   */
  segments: Segment[] | undefined;
  /** 3.4; unescaped. */
  query: string | undefined;
  /** 4.1; unescaped. */
  fragment: string | undefined;
}

/** Options of {@link unescapeComponents}. */
export interface UnescapeComponentsOptions {
  /**
   * Escapes whose octets are not UTF-8: `'error'` throws a UriEscapeError
   * (code `invalid-utf8`), `'replace'` writes U+FFFD. See `unescape`.
   * @defaultValue 'error'
   */
  invalidUtf8?: "error" | "replace";
}

/**
 * A URI reference's components, each unescaped (2.4.2), and its path as
 * {@link Segment}s. `uri` is a string or an object returned by `parse`.
 *
 * @throws {UriSyntaxError} when `uri` is not a URI reference.
 * @throws {UriEscapeError} when a component's escapes are not UTF-8
 *   (unless `invalidUtf8: 'replace'`).
 * @throws {TypeError} when `uri` is neither a string nor a components object,
 *   or an option has the wrong type.
 * @example
 * const v = unescapeComponents("http://J%C3%B6rg@a/b%20c/d;v=1;x%3By?q=%26#f%23");
 * v.userinfo   // 'Jörg'
 * v.path       // '/b c/d;v=1;x;y'
 * v.segments   // [{ name: 'b c', params: [] }, { name: 'd', params: ['v=1', 'x;y'] }]
 * v.query      // 'q=&'
 * v.fragment   // 'f#'
 * unescapeComponents("mailto:a%40b@c").segments  // undefined (opaque)
 */
export function unescapeComponents(
  uri: string | UriComponents,
  options?: UnescapeComponentsOptions,
): UnescapedComponents {
  const o = checkOptionsObject(options, "unescapeComponents", ["invalidUtf8"]);
  const invalidUtf8 = checkEnum(
    o.invalidUtf8,
    "unescapeComponents",
    "invalidUtf8",
    ["error", "replace"] as const,
    "error",
  );
  const c = inputComponents(uri, "unescapeComponents");
  const un = (text: string): string => unescape(text, { invalidUtf8 });
  const maybe = (text: string | undefined): string | undefined => (text === undefined ? undefined : un(text));
  return {
    scheme: c.scheme,
    authority: maybe(c.authority),
    userinfo: maybe(c.userinfo),
    host: c.host,
    port: c.port,
    path: un(c.path),
    // READING: R11
    segments: c.opaque
      ? undefined
      : splitSegments(c.path).map(([name, ...params]) => ({ name: un(name), params: params.map(un) })),
    query: maybe(c.query),
    fragment: maybe(c.fragment),
  };
}

/**
 * The segments of an escaped hierarchical or relative path, each split at
 * `;` into name and params, still escaped. A literal `/` or `;` is always a
 * delimiter (data `/` and `;` are escaped), so splitting the escaped text is
 * exactly the split of `path_segments`, `segment` and `param` (3.3). The
 * first segment of a relative path (`rel_segment`, 5) is split the same way.
 */
export function splitSegments(path: string): string[][] {
  if (path === "") return [];
  const body = path.charCodeAt(0) === 0x2f ? path.slice(1) : path;
  // READING: R56
  return body.split("/").map((segment) => segment.split(";"));
}

/**
 * "An absolute URI with a server-based host, its scheme among these": the
 * check every web form writes by hand, in one call, with the reason when
 * it fails.
 *
 * @module
 */
import { checkInput, checkOptionsObject, cut, describe, listOf, own, quote } from "../args.js";
import { isValid } from "../syntax/parser.js";
import type { UriSyntaxError } from "../syntax/errors.js";
import { tryParse, type UriComponents } from "./parse.js";
import { whyNotServer } from "./authority.js";

/** Why {@link checkServerUri} refused an input. */
export type ServerUriProblem =
  /** Not a URI reference (Appendix A): `error` says where and why. */
  | "syntax"
  /** A relative reference: no scheme (3, 5). */
  | "relative"
  /** An absolute URI whose scheme is not among `schemes`. */
  | "scheme-not-allowed"
  /** An opaque URI (`mailto:a@b`) or one with no authority (`http:/a`) (3). */
  | "no-authority"
  /** A registry-based authority (3.2.1), not a server (3.2.2). */
  | "registry-authority"
  /** An empty authority, which names no host (`file:///x`). */
  | "no-host";

/** The result of {@link checkServerUri}. */
export type ServerUriCheck =
  | { ok: true; uri: UriComponents }
  | {
      ok: false;
      problem: ServerUriProblem;
      /** One line: what is wrong. */
      message: string;
      /** UTF-16 offset in the input of what is wrong. */
      offset: number;
      /** The syntax error, for `syntax`. */
      error?: UriSyntaxError;
    };

/** Options of {@link checkServerUri} and {@link isServerUri}. */
export interface ServerUriOptions {
  /**
   * The schemes allowed, compared case-insensitively (3.1); each must be a
   * scheme. Any scheme when not given.
   * @example { schemes: ["http", "https"] }
   */
  schemes?: readonly string[];
}

/**
 * Whether `input` is an absolute URI (3) whose authority is a server with a
 * host (3.2.2), and whose scheme is among `options.schemes` when given:
 * `checkServerUri(input, options).ok`.
 *
 * @throws {TypeError} when `input` is not a string, or for a wrong option.
 * @throws {RangeError} for a scheme in `schemes` that is not a scheme.
 * @example
 * isServerUri("https://example.com/a", { schemes: ["http", "https"] })  // true
 * isServerUri("ftp://example.com/a", { schemes: ["http", "https"] })    // false
 * isServerUri("/a")                                                     // false
 */
export function isServerUri(input: string, options?: ServerUriOptions): boolean {
  return check(input, options, "isServerUri").ok;
}

/**
 * {@link isServerUri} with the reason: the components when `input` is an
 * absolute URI whose authority is a server with a host (3.2.2) and whose
 * scheme is among `options.schemes` (when given), else the first problem
 * in that order (`syntax`, `relative`, `scheme-not-allowed`,
 * `no-authority`, `registry-authority`, `no-host`) with a message and an
 * offset. Linear in the input.
 *
 * @throws {TypeError} when `input` is not a string, or for a wrong option.
 * @throws {RangeError} for a scheme in `schemes` that is not a scheme.
 * @example
 * checkServerUri("http://a.example/", { schemes: ["http"] }).ok       // true
 * checkServerUri("http://a.1b/").problem                               // 'registry-authority'
 * checkServerUri("mailto:a@b", { schemes: ["http", "https"] }).problem  // 'scheme-not-allowed'
 */
export function checkServerUri(input: string, options?: ServerUriOptions): ServerUriCheck {
  return check(input, options, "checkServerUri");
}

function check(input: string, options: ServerUriOptions | undefined, fn: string): ServerUriCheck {
  checkInput(input, fn);
  const schemes = checkSchemes(checkOptionsObject(options, fn, ["schemes"]).schemes, fn);
  const r = tryParse(input);
  if (!r.ok) return { ok: false, problem: "syntax", message: r.error.message, offset: r.error.offset, error: r.error };
  const c = r.value;
  if (c.scheme === undefined) {
    return { ok: false, problem: "relative", message: "a relative reference has no scheme (3)", offset: 0 };
  }
  if (schemes !== undefined && !schemes.has(c.scheme.toLowerCase())) {
    const allowed = listOf([...schemes]);
    return {
      ok: false,
      problem: "scheme-not-allowed",
      message: `the scheme '${cut(c.scheme)}' is not one of ${allowed}`,
      offset: 0,
    };
  }
  const afterScheme = c.scheme.length + 1;
  if (c.authority === undefined) {
    const what = c.opaque ? "an opaque URI" : "a URI whose path does not start with '//'";
    return { ok: false, problem: "no-authority", message: `${what} has no authority (3)`, offset: afterScheme };
  }
  const authorityStart = afterScheme + 2;
  if (c.authorityType === "registry") {
    const why = whyNotServer(c.authority);
    return {
      ok: false,
      problem: "registry-authority",
      message: `the authority ${quote(c.authority)} is a registry-based name (3.2.1), not a server: ${why.reason}`,
      offset: authorityStart + why.offset,
    };
  }
  if (c.host === undefined) {
    return {
      ok: false,
      problem: "no-host",
      message: "the authority is empty: it names no host (3.2.2)",
      offset: authorityStart,
    };
  }
  return { ok: true, uri: c };
}

/** The schemes option, lower-cased, each checked to be a scheme. */
function checkSchemes(value: unknown, fn: string): Set<string> | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) {
    throw new TypeError(`${fn}: the option schemes must be an array of schemes; got ${describe(value)}`);
  }
  const out = new Set<string>();
  for (let i = 0; i < value.length; i++) {
    const s = own(value, String(i));
    if (typeof s !== "string") throw new TypeError(`${fn}: schemes[${i}] must be a string; got ${describe(s)}`);
    if (!isValid(s, "scheme")) {
      throw new RangeError(
        `${fn}: schemes[${i}] ${quote(s)} is not a scheme (3.1: a letter, then letters, digits, '+', '-' or '.')`,
      );
    }
    out.add(s.toLowerCase());
  }
  return out;
}

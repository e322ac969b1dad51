/**
 * resolveGeneric: RFC 3986 section 5.2, "Relative Resolution", as the RFC
 * writes it: 5.2.2 "Transform References" (the strict form), 5.2.3 "Merge
 * Paths", 5.2.4 "Remove Dot Segments", and 5.3 "Component Recomposition",
 * each step labelled with the RFC's words. RFC 3987 section 6.5 resolves
 * IRI references by the same algorithm, on IRIs, so the spec only chooses
 * the grammar both strings are read with.
 *
 * Beside the RFC 2396 resolver of src/reference/ (5.2 of RFC 2396), never
 * imported by it.
 *
 * @module
 */
import { describe, quote } from "../../args.js";
import { checkSpec, readGeneric } from "./read.js";
import type { GenericComponents, GenericReading, GenericSpec } from "./types.js";

/** What resolveGeneric returns: the target URI, or why there is none. */
export type GenericResolution =
  { resolved: string; error?: undefined } | { resolved?: undefined; error: { code: string; message: string } };

const SLASH = 0x2f;
const DOT = 0x2e;

/**
 * Resolves `reference` against `base` as RFC 3986 5.2 does (5.2.2 strict: a
 * scheme in the reference is kept even when it is the base's). `base` must
 * be a valid URI of the spec with a scheme (4.3; its fragment, if any, is
 * ignored, 5.2.1) and `reference` a valid reference of the spec; otherwise
 * the result is an error with a code (`invalid-base`, `base-without-scheme`,
 * `invalid-reference`, and `path-reads-as-authority` for a target that 5.3
 * cannot write) and a message. Throws a TypeError for a non-string
 * argument. Linear in the lengths of the two strings.
 *
 * @example
 * resolveGeneric("http://a/b/c/d;p?q", "?y", "rfc3986").resolved; // → "http://a/b/c/d;p?y"
 * resolveGeneric("http://a/b/c/d;p?q", "../../../g", "rfc3986").resolved; // → "http://a/g"
 */
export function resolveGeneric(base: string, reference: string, spec: GenericSpec): GenericResolution {
  for (const [value, what] of [
    [base, "the base"],
    [reference, "the reference"],
  ] as const)
    if (typeof value !== "string")
      throw new TypeError(`resolveGeneric: ${what} must be a string; got ${describe(value)}`);
  checkSpec(spec, "resolveGeneric");
  const b = readGeneric(base, spec);
  if (!b.valid) return failure("invalid-base", `the base ${quote(base)} is not valid: ${why(b)}`);
  const Base = b.components as GenericComponents;
  // 5.2.1: the base must have a scheme; a fragment is ignored (transform never reads it), not refused.
  // READING: R74
  if (Base.scheme === undefined)
    return failure(
      "base-without-scheme",
      `the base ${quote(base)} has no scheme; a base URI must be absolute (RFC 3986 5.2.1, 4.3)`,
    );
  const r = readGeneric(reference, spec);
  if (!r.valid) return failure("invalid-reference", `the reference ${quote(reference)} is not valid: ${why(r)}`);
  const T = transform(Base, r.components as GenericComponents);
  // 5.3 cannot write a path that starts with "//" without an authority (3.3
  // forbids it: it would read as one); 5.2.4 can make one ("/..//x" against
  // "a:b"). Refused, as src/reference/recompose.ts refuses it for RFC 2396.
  // READING: R78
  if (T.authority === undefined && T.path.startsWith("//"))
    return failure(
      "path-reads-as-authority",
      `the target's path ${quote(T.path)} starts with "//" and it has no authority: written out, it would read as one (RFC 3986 3.3)`,
    );
  return { resolved: recompose(T) };
}

/** The components of a target URI (5.2.2's T). */
interface Target {
  scheme?: string;
  authority?: string;
  path: string;
  query?: string;
  fragment?: string;
}

/** 5.2.2. Transform References (strict: "if defined(R.scheme)" whatever the base's scheme). */
function transform(Base: GenericComponents, R: GenericComponents): Target {
  const T: Target = { path: "" };
  if (R.scheme !== undefined) {
    // if defined(R.scheme) then
    T.scheme = R.scheme;
    T.authority = R.authority;
    T.path = removeDotSegments(R.path);
    T.query = R.query;
  } else {
    if (R.authority !== undefined) {
      // if defined(R.authority) then
      T.authority = R.authority;
      T.path = removeDotSegments(R.path);
      T.query = R.query;
    } else {
      if (R.path === "") {
        // if (R.path == "") then
        T.path = Base.path;
        // if defined(R.query) then T.query = R.query; else T.query = Base.query;
        T.query = R.query !== undefined ? R.query : Base.query;
      } else {
        if (R.path.charCodeAt(0) === SLASH) {
          // if (R.path starts-with "/") then
          T.path = removeDotSegments(R.path);
        } else {
          // T.path = merge(Base.path, R.path); T.path = remove_dot_segments(T.path);
          T.path = removeDotSegments(merge(Base, R.path));
        }
        T.query = R.query;
      }
      T.authority = Base.authority;
    }
    T.scheme = Base.scheme;
  }
  T.fragment = R.fragment;
  return T;
}

/** 5.2.3. Merge Paths. */
function merge(Base: GenericComponents, path: string): string {
  // If the base URI has a defined authority component and an empty path,
  // then return a string consisting of "/" concatenated with the
  // reference's path;
  if (Base.authority !== undefined && Base.path === "") return `/${path}`;
  // otherwise, return a string consisting of the reference's path component
  // appended to all but the last segment of the base URI's path (i.e.,
  // excluding any characters after the right-most "/" in the base URI path,
  // or excluding the entire base URI path if it does not contain any "/"
  // characters).
  return Base.path.slice(0, Base.path.lastIndexOf("/") + 1) + path;
}

/**
 * 5.2.4. Remove Dot Segments. The RFC's loop over an input and an output
 * buffer, with the input read through an offset (each step consumes a
 * prefix) and the output a stack of segments, each with its "/" if any (E
 * pushes one, C pops one), held as the offsets of its text in `path`: every
 * character is looked at a bounded number of times, so the whole is linear
 * where the string rewriting is quadratic. The output is the text of the
 * segments left, in order; neighbours in `path` are joined into one slice.
 */
export function removeDotSegments(path: string): string {
  // 1. The input buffer is initialized with the now-appended path
  // components and the output buffer is initialized to the empty string.
  const starts: number[] = [];
  const ends: number[] = [];
  const n = path.length;
  let i = 0;
  // 2. While the input buffer is not empty, loop as follows:
  while (i < n) {
    // (The first four characters of the input buffer, -1 past its end.)
    const c0 = path.charCodeAt(i);
    const c1 = i + 1 < n ? path.charCodeAt(i + 1) : -1;
    const c2 = i + 2 < n ? path.charCodeAt(i + 2) : -1;
    const c3 = i + 3 < n ? path.charCodeAt(i + 3) : -1;
    if (c0 === DOT && c1 === DOT && c2 === SLASH) {
      // A. If the input buffer begins with a prefix of "../" or "./", then
      // remove that prefix from the input buffer; otherwise,
      i += 3;
    } else if (c0 === DOT && c1 === SLASH) {
      i += 2;
    } else if (c0 === SLASH && c1 === DOT && (c2 === SLASH || c2 === -1)) {
      // B. if the input buffer begins with a prefix of "/./" or "/.", where
      // "." is a complete path segment, then replace that prefix with "/";
      // otherwise, ("/." at the end becomes "/", which E then moves: the
      // "/" at i.)
      if (c2 === -1) {
        starts.push(i);
        ends.push(i + 1);
        i = n;
      } else i += 2;
    } else if (c0 === SLASH && c1 === DOT && c2 === DOT && (c3 === SLASH || c3 === -1)) {
      // C. if the input buffer begins with a prefix of "/../" or "/..",
      // where ".." is a complete path segment, then replace that prefix with
      // "/" and remove the last segment and its preceding "/" (if any) from
      // the output buffer; otherwise,
      starts.pop();
      ends.pop();
      if (c3 === -1) {
        starts.push(i);
        ends.push(i + 1);
        i = n;
      } else i += 3;
    } else if ((c0 === DOT && c1 === -1) || (c0 === DOT && c1 === DOT && c2 === -1)) {
      // D. if the input buffer consists only of "." or "..", then remove
      // that from the input buffer; otherwise,
      i = n;
    } else {
      // E. move the first path segment in the input buffer to the end of
      // the output buffer, including the initial "/" character (if any) and
      // any subsequent characters up to, but not including, the next "/"
      // character or the end of the input buffer.
      const next = path.indexOf("/", c0 === SLASH ? i + 1 : i);
      const end = next < 0 ? n : next;
      starts.push(i);
      ends.push(end);
      i = end;
    }
  }
  // 3. Finally, the output buffer is returned as the result of remove_dot_segments.
  const slices: string[] = [];
  for (let k = 0; k < starts.length;) {
    let last = k;
    while (last + 1 < starts.length && starts[last + 1] === ends[last]) last++;
    slices.push(path.slice(starts[k], ends[last]));
    k = last + 1;
  }
  return slices.join("");
}

/** 5.3. Component Recomposition. */
function recompose(T: Target): string {
  let result = "";
  if (T.scheme !== undefined) result += `${T.scheme}:`;
  if (T.authority !== undefined) result += `//${T.authority}`;
  result += T.path;
  if (T.query !== undefined) result += `?${T.query}`;
  if (T.fragment !== undefined) result += `#${T.fragment}`;
  return result;
}

/** Why a reading is invalid, in words. */
function why(reading: GenericReading): string {
  return `at offset ${reading.offset}, in ${reading.rule}, expected ${reading.expected}`;
}

function failure(code: string, message: string): GenericResolution {
  return { error: { code, message: `resolveGeneric: ${message}` } };
}

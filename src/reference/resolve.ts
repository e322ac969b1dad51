/**
 * Resolving relative references to absolute form: Section 5.2, step by step
 * (1 to 7, with 6a to 6h), on components. Step 6 runs on a list of segments
 * in time linear in the path lengths; its result equals the string-buffer
 * method of the RFC (a test checks the two against each other).
 *
 * @module
 */
import { codeAt } from "../syntax/chars.js";
import { locate, parse, Places, splitValid, type UriComponents } from "../components/parse.js";
import { syntaxError } from "../syntax/explain.js";
import { syntaxFailure } from "../syntax/parser.js";
import { UriSyntaxError } from "../syntax/errors.js";
import { compose, structureProblem } from "./recompose.js";
import { leadingDotsOnly, mergePaths } from "./dot-segments.js";
import { inputText, readInput } from "./input.js";
import type { ResolutionErrorCode, Step, TraceStep } from "./steps.js";
import { checkBoolean, checkEnum, checkOptionsObject, quote } from "../args.js";
import { errorClass } from "../syntax/profile.js";

export type { ResolutionErrorCode, Step, TraceStep };

/** Options of {@link resolve}. */
export interface ResolveOptions {
  /**
   * 6g, `..` segments left at the start of the merged path: `'keep'` them
   * (Appendix C: `../../../g` gives `http://a/../g`), `'remove'` them
   * (`http://a/g`), or `'error'` (throw UriResolutionError).
   * @defaultValue 'keep'
   */
  aboveRoot?: "keep" | "remove" | "error";
  /**
   * Step 3's backward-compatible reading: a reference whose scheme equals the
   * base's, for a scheme known to be hierarchical ({@link HIERARCHICAL_SCHEMES}),
   * resolves as relative (`http:g` gives `http://a/b/c/g`). A validating
   * parser treats it as absolute (`http:g`), which is the default.
   * @defaultValue false
   */
  allowSameSchemeRelative?: boolean;
}

/**
 * Schemes known to always use the `hier_part` syntax, for
 * `allowSameSchemeRelative` (5.2 step 3).
 */
export const HIERARCHICAL_SCHEMES: ReadonlySet<string> = readonlySet([
  "http",
  "https",
  "shttp",
  "ftp",
  "file",
  "gopher",
  "wais",
  "prospero",
  "telnet",
  "nntp",
  "ldap",
  "rtsp",
  "z39.50r",
  "z39.50s",
]);

/**
 * A set nobody can change: a frozen view over a private Set (a frozen Set
 * would still take Set.prototype.add.call(set, x)).
 */
function readonlySet<T>(values: readonly T[]): ReadonlySet<T> {
  const set = new Set(values);
  const view: ReadonlySet<T> = {
    has: (value) => set.has(value),
    get size() {
      return set.size;
    },
    forEach: (f, thisArg) => set.forEach((v) => f.call(thisArg, v, v, view)),
    entries: () => set.entries(),
    keys: () => set.keys(),
    values: () => set.values(),
    [Symbol.iterator]: () => set.values(),
  };
  return Object.freeze(view);
}

/** A reference that has no absolute form against the base (5, 5.2). */
export class UriResolutionError extends Error {
  override readonly name = "UriResolutionError";
  readonly code: ResolutionErrorCode;
  /** The step of 5.2 that failed (`'6g'`, ...). */
  readonly step: Step;
  readonly base: string;
  readonly reference: string;

  constructor(code: ResolutionErrorCode, step: Step, base: string, reference: string, message: string) {
    super(message);
    this.code = code;
    this.step = step;
    this.base = base;
    this.reference = reference;
  }
}

/** What {@link resolveTrace} returns. */
export interface ResolutionTrace {
  base: string;
  reference: string;
  steps: TraceStep[];
  result: string;
}

/** Base and reference: strings, or objects returned by `parse`. */
export type UriInput = string | UriComponents;

/**
 * Resolves `reference` against `base` (5.2) and returns the absolute form.
 *
 * @throws {UriSyntaxError} when the base or the reference is not a URI reference.
 * @throws {UriResolutionError} when the base is not absolute, when a reference
 *   with a path or query is resolved against an opaque base, or with
 *   `aboveRoot: 'error'` when `..` would climb above the root.
 * @example
 * resolve("http://a/b/c/d;p?q", "../g")        // 'http://a/b/g'
 * resolve("http://a/b/c/d;p?q", "?y")          // 'http://a/b/c/?y' (RFC 2396)
 * resolve("http://a/b/c/d;p?q", "../../../g")  // 'http://a/../g'
 * resolve("http://a/b/c/d;p?q", "../../../g", { aboveRoot: "remove" })  // 'http://a/g'
 */
export function resolve(base: UriInput, reference: UriInput, options?: ResolveOptions): string {
  const baseRead = readInput(base, "resolve", "the base", parse);
  const b = typeof baseRead === "string" ? baseRead : baseRead.text;
  const r = inputText(reference, "resolve", "the reference", parseReference);
  const { aboveRoot, allowSameSchemeRelative } = checkOptions(options, "resolve");
  if (!allowSameSchemeRelative) {
    const quick = resolveTexts(b, typeof baseRead === "string" ? undefined : baseRead.places, r, aboveRoot);
    if (quick !== undefined) return quick;
  }
  return run(b, r, options, undefined);
}

/**
 * resolve for two strings in the common cases, on offsets into their texts
 * instead of components. Every component is a substring of its text, so
 * what step 7 recombines is a slice of the base followed by a slice of the
 * reference: `base[..authority] + reference` for an absolute path, the base
 * up to its fragment + the reference for a same-document reference, the
 * base up to the directory that leading "./" and "../" leave + the rest of
 * the reference for a relative path. Undefined where it leaves the work to
 * the general path (which also explains errors): an invalid base or
 * reference, a base without an authority, a reference that starts with "?",
 * an empty base path, and dot segments anywhere but at the start of a
 * relative path. A test checks it against the general path on the corpus
 * and on generated pairs.
 */
function resolveTexts(
  base: string,
  located: Places | undefined,
  ref: string,
  aboveRoot: "keep" | "remove" | "error",
): string | undefined {
  // (A base from parse was located when it was read.)
  // (The records are reused: read only here, never returned; docs/performance.md.)
  let b = located;
  if (b === undefined) {
    b = BASE_PLACES;
    if (!locate(base, false, b)) return undefined;
  }
  if (b.schemeEnd < 0 || b.authorityFrom < 0 || codeAt(ref, 0) === QUESTION) return undefined;
  const r = REFERENCE_PLACES;
  if (!locate(ref, false, r)) return undefined;
  // 3. A scheme: the reference is absolute, and recombines as written.
  if (r.schemeEnd >= 0) return ref;
  // 2. The current document: the base without its fragment, then the reference's.
  // READING: R3
  if (r.pathTo === r.pathFrom && r.authorityFrom < 0 && r.queryFrom < 0) {
    return (b.fragmentFrom < 0 ? base : base.slice(0, b.fragmentFrom - 1)) + ref;
  }
  // 4. A network-path reference keeps only the base's scheme.
  if (r.authorityFrom >= 0) return base.slice(0, b.schemeEnd + 1) + ref;
  // 5. An absolute-path reference keeps the base's scheme and authority.
  if (codeAt(ref, 0) === SLASH) return base.slice(0, b.authorityTo) + ref;
  // 6. A relative path with only leading "./" and "../", read in place.
  return leadingDotsOnly(base, b.pathFrom, b.pathTo, ref, r.pathTo, aboveRoot);
}

const QUESTION = 0x3f;
const SLASH = 0x2f;
/** Where resolveTexts locates a string base and the reference (as parse's, in ../components/parse.ts). */
const BASE_PLACES = new Places();
const REFERENCE_PLACES = new Places();

/**
 * Resolves as {@link resolve} does and reports the steps of 5.2 that ran,
 * with the path buffer after each of 6a to 6h.
 *
 * @example
 * resolveTrace("http://a/b/c/d;p?q", "../../../g").steps
 *   .filter((s) => s.buffer !== undefined).map((s) => `${s.step} ${s.buffer}`)
 * // ['6a /b/c/', '6b /b/c/../../../g', '6c /b/c/../../../g', '6d /b/c/../../../g',
 * //  '6e /../g', '6f /../g', '6g /../g', '6h /../g', '7 http://a/../g']
 */
export function resolveTrace(base: UriInput, reference: UriInput, options?: ResolveOptions): ResolutionTrace {
  const b = inputText(base, "resolveTrace", "the base", parse);
  const r = inputText(reference, "resolveTrace", "the reference", parseReference);
  const steps: TraceStep[] = [];
  const result = run(b, r, options, steps);
  return { base: b, reference: r, steps, result };
}

function run(
  baseIn: string,
  refIn: string,
  options: ResolveOptions | undefined,
  trace: TraceStep[] | undefined,
): string {
  const fn = trace === undefined ? "resolve" : "resolveTrace";
  const { aboveRoot, allowSameSchemeRelative } = checkOptions(options, fn);
  const base = parseForResolution(baseIn);
  const fail = (code: ResolutionErrorCode, step: Step, message: string): never => {
    throw new (errorClass(UriResolutionError))(code, step, baseIn, refIn, message);
  };
  if (base.scheme === undefined) {
    fail("relative-base", "1", `the base ${quote(baseIn)} is not absolute: a base URI must have a scheme (5.1, 5.2)`);
  }

  // 1. The reference is parsed into its components (4.3).
  let ref = referenceComponents(refIn);
  trace?.push({ step: "1", note: `parse the reference: ${describeComponents(ref)}` });

  // 2. An empty path with scheme, authority and query undefined: the current document.
  // READING: R3
  if (ref.path === "" && ref.scheme === undefined && ref.authority === undefined && ref.query === undefined) {
    const result = compose(base.scheme, base.authority, base.path, base.query, ref.fragment);
    trace?.push({
      step: "2",
      note: "a reference to the current document: the base without its fragment, with the reference's fragment",
      buffer: result,
    });
    return result;
  }
  trace?.push({
    step: "2",
    note: "not a reference to the current document; query and fragment are the reference's own",
  });

  // 3. A scheme makes the reference absolute, unless the backward-compatible
  // reading strips a scheme equal to the base's (hierarchical schemes only).
  if (ref.scheme !== undefined) {
    // READING: R5
    const relative = allowSameSchemeRelative ? sameSchemeRemainder(ref, base.scheme as string) : undefined;
    if (relative === undefined) {
      const result = compose(ref.scheme, ref.authority, ref.path, ref.query, ref.fragment);
      trace?.push({ step: "3", note: "the reference has a scheme: it is absolute", buffer: result });
      return result;
    }
    ref = relative;
    trace?.push({
      step: "3",
      note: `the scheme equals the base's and is hierarchical: removed for backward compatibility, leaving ${describeComponents(ref)}`,
    });
  } else {
    trace?.push({ step: "3", note: `the scheme is inherited from the base: ${base.scheme}` });
  }
  const scheme = base.scheme;

  // READING: R6
  if (base.opaque) {
    fail(
      "opaque-base",
      "3",
      `the base ${quote(baseIn)} is opaque (no "/" after its scheme), so a relative reference has nothing to be relative to (5); only same-document references resolve against it`,
    );
  }

  // 4. An authority makes it a network-path reference.
  if (ref.authority !== undefined) {
    trace?.push({ step: "4", note: "the reference has an authority: a network-path reference" });
    return finish(scheme, ref.authority, ref.path, ref.query, ref.fragment, trace, fail);
  }
  trace?.push({
    step: "4",
    note: `the authority is inherited from the base: ${base.authority === undefined ? "undefined" : quote(base.authority)}`,
  });
  const authority = base.authority;

  // 5. A path starting with "/" makes it an absolute-path reference.
  if (ref.path.startsWith("/")) {
    trace?.push({ step: "5", note: 'the path starts with "/": an absolute-path reference' });
    return finish(scheme, authority, ref.path, ref.query, ref.fragment, trace, fail);
  }
  trace?.push({ step: "5", note: "a relative-path reference: merge its path with the base's" });

  // 6. Merge the relative path with the base path.
  const path = mergePaths(base.path, authority !== undefined, ref.path, aboveRoot, trace, fail);
  return finish(scheme, authority, path, ref.query, ref.fragment, trace, fail);
}

/** Step 7, refusing a result that would read back differently. */
function finish(
  scheme: string | undefined,
  authority: string | undefined,
  path: string,
  query: string | undefined,
  fragment: string | undefined,
  trace: TraceStep[] | undefined,
  fail: (code: ResolutionErrorCode, step: Step, message: string) => never,
): string {
  const problem = structureProblem(scheme, authority, path, query);
  // READING: R7
  if (problem) fail("ambiguous-result", "7", `the resolved components cannot be written as a URI: ${problem.message}`);
  const result = compose(scheme, authority, path, query, fragment);
  trace?.push({ step: "7", note: "recombine the components", buffer: result });
  return result;
}

/** The reference's components; accepts Appendix C's "?y" (see docs/resolution.md). */
function referenceComponents(ref: string): UriComponents {
  // READING: R1
  if (ref.startsWith("?")) return queryOnlyReference(ref);
  return parseForResolution(ref);
}

/** A reference as parse reads it, but for Appendix C's "?y" (for {@link inputText}). */
function parseReference(ref: string): UriComponents {
  return ref.startsWith("?") ? queryOnlyReference(ref) : parse(ref);
}

/**
 * `"?" query [ "#" fragment ]`: Appendix C resolves "?y", which Appendix A
 * cannot derive (relativeURI needs a path). Parsed with the grammar as the
 * relative reference with a one-character path before it, whose path is then
 * dropped; an error's offset is mapped back onto the reference.
 */
function queryOnlyReference(ref: string): UriComponents {
  let c: UriComponents;
  try {
    c = parse("x" + ref);
  } catch (e) {
    if (e instanceof errorClass(UriSyntaxError)) throw syntaxError(ref, e.offset - 1, e.expected, "URI-reference");
    throw e;
  }
  return { ...c, path: "" };
}

/**
 * Step 3's loophole: for a reference with the base's (hierarchical) scheme,
 * the reference without its scheme, parsed by the grammar; undefined when
 * it does not apply.
 */
function sameSchemeRemainder(ref: UriComponents, baseScheme: string): UriComponents | undefined {
  const scheme = (ref.scheme as string).toLowerCase();
  // READING: R5
  if (scheme !== baseScheme.toLowerCase() || !HIERARCHICAL_SCHEMES.has(scheme)) return undefined;
  const rest = compose(undefined, ref.authority, ref.path, ref.query, ref.fragment);
  if (!ref.opaque)
    return { ...ref, scheme: undefined, kind: ref.authority !== undefined ? "network-path" : "absolute-path" };
  // An opaque part ("g?y") is read again as a relative reference.
  try {
    const relative = rest.startsWith("?") ? queryOnlyReference(rest) : parse(rest);
    return relative.scheme === undefined ? relative : undefined;
  } catch (e) {
    if (e instanceof errorClass(UriSyntaxError)) return undefined;
    throw e;
  }
}

/**
 * The components resolution uses (scheme, authority as a whole, path, query,
 * fragment, opaque): the recognizer's split without the authority's parts,
 * or parse's error.
 */
function parseForResolution(input: string): UriComponents {
  const c = splitValid(input, false);
  if (c === undefined) throw syntaxFailure(input, "URI-reference") as UriSyntaxError;
  return c;
}

function describeComponents(c: UriComponents): string {
  const parts: string[] = [];
  for (const name of ["scheme", "authority", "path", "query", "fragment"] as const) {
    const v = c[name];
    parts.push(`${name} ${v === undefined ? "undefined" : quote(v)}`);
  }
  return parts.join(", ");
}

const ABOVE_ROOT = ["keep", "remove", "error"] as const;
const DEFAULT_OPTIONS: Required<ResolveOptions> = Object.freeze({ aboveRoot: "keep", allowSameSchemeRelative: false });

const OPTION_NAMES = ["aboveRoot", "allowSameSchemeRelative"];

function checkOptions(options: ResolveOptions | undefined, fn: string): Required<ResolveOptions> {
  if (options === undefined) return DEFAULT_OPTIONS;
  const o = checkOptionsObject(options, fn, OPTION_NAMES);
  return {
    aboveRoot: checkEnum(o.aboveRoot, fn, "aboveRoot", ABOVE_ROOT, "keep"),
    allowSameSchemeRelative: checkBoolean(o.allowSameSchemeRelative, fn, "allowSameSchemeRelative", false),
  };
}

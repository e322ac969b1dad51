/**
 * Step 6 of Section 5.2, every form of it in one module: the merge of the
 * base path and the reference's path (6a, 6b), then the removal of dot
 * segments (6c to 6g), as
 * - {@link leadingDotsOnly}, resolve's quick path for "../../x" in place;
 * - {@link removeDots}, one pass over a stack of segments (resolve);
 * - {@link mergeTraced}, each sub-step on its own with the buffer after it
 *   (resolveTrace);
 * - {@link removeDotSegments}, the public form on an abs_path (normalize).
 * Property tests check them against a literal transcription of the RFC's
 * string-buffer method.
 *
 * @module
 */
import { checkEnum, checkInput, checkOptionsObject } from "../args.js";
import { codeAt } from "../syntax/chars.js";
import { TextBuilder } from "../text-builder.js";
import { isValid, parseCst } from "../syntax/parser.js";
import type { ResolutionErrorCode, Step, TraceStep } from "./steps.js";

const DOT = 0x2e;
const SLASH = 0x2f;

/**
 * Step 6. resolve takes the quick paths (see {@link leadingDotsOnly} and
 * {@link removeDots}); resolveTrace takes {@link mergeTraced}, which
 * shows each sub-step. A property test checks that they agree.
 */
export function mergePaths(
  basePath: string,
  baseHasAuthority: boolean,
  refPath: string,
  aboveRoot: "keep" | "remove" | "error",
  trace: TraceStep[] | undefined,
  fail: (code: ResolutionErrorCode, step: Step, message: string) => never,
): string {
  if (trace === undefined) {
    const quick = leadingDotsOnly(basePath, 0, basePath.length, refPath, refPath.length, aboveRoot);
    if (quick !== undefined) return quick;
  }
  // 6a. All but the last segment of the base path. An empty base path under an
  // authority merges as "/" (the string method would glue "http://a" and "g"
  // into "http://ag", changing the authority; RFC 3986 made the same fix).
  // READING: R2
  const dir = basePath === "" && baseHasAuthority ? "/" : basePath.slice(0, basePath.lastIndexOf("/") + 1);
  if (trace !== undefined) return mergeTraced(dir, refPath, aboveRoot, trace, fail);
  // 6b. The buffer starts with "/" (a hierarchical base path is absolute, or
  // empty under an authority), so every segment starts after a "/": without
  // "/." there is no "." or ".." segment, and 6c to 6g change nothing.
  const buffer = dir + refPath;
  return buffer.indexOf("/.") < 0 ? buffer : removeDots(buffer, aboveRoot, fail);
}

/**
 * Step 6a to 6h as the RFC writes them, each a linear pass over the list of
 * segments after the root "/", with the buffer after each in the trace.
 */
function mergeTraced(
  dir: string,
  refPath: string,
  aboveRoot: "keep" | "remove" | "error",
  trace: TraceStep[],
  fail: (code: ResolutionErrorCode, step: Step, message: string) => never,
): string {
  trace.push({ step: "6a", note: "copy all but the last segment of the base path", buffer: dir });
  // 6b. Append the reference's path.
  const buffer = dir + refPath;
  trace.push({ step: "6b", note: "append the reference's path", buffer });
  const segments = new Spans(buffer);

  // 6c. Remove every "./" where "." is a complete segment (every "." but a last one).
  const count = segments.length;
  segments.keep((k) => k === count - 1 || !segments.is(k, "."));
  trace.push({ step: "6c", note: 'remove every "./" where "." is a complete segment', buffer: segments.text() });
  // 6d. A final "." is removed (its "/" stays).
  if (segments.is(segments.length - 1, ".")) segments.empty(segments.length - 1);
  trace.push({ step: "6d", note: 'remove a final "." segment', buffer: segments.text() });

  // 6e. Remove "<segment>/../" (segment not "..") leftmost first, until none is
  // left: a stack, where a ".." that is followed by "/" pops a segment that is not "..".
  segments.stack();
  trace.push({
    step: "6e",
    note: 'remove every "<segment>/../", leftmost first, until none is left',
    buffer: segments.text(),
  });
  // 6f. A final "<segment>/.." is removed (the "/" before it stays).
  const n = segments.length;
  if (n >= 2 && segments.is(n - 1, "..") && !segments.is(n - 2, "..")) {
    segments.truncate(n - 1);
    segments.empty(n - 2);
  }
  trace.push({ step: "6f", note: 'remove a final "<segment>/.."', buffer: segments.text() });

  // 6g. ".." segments left at the start climb above the root.
  let above = 0;
  while (above < segments.length && segments.is(above, "..")) above++;
  // READING: R4
  if (above > 0) {
    if (aboveRoot === "error") {
      fail(
        "above-root",
        "6g",
        `the reference climbs ${above} level${above > 1 ? "s" : ""} above the root of the base path (5.2 step 6g; aboveRoot is 'error')`,
      );
    }
    if (aboveRoot === "remove") {
      if (above === segments.length) {
        segments.truncate(1);
        segments.empty(0);
      } else segments.keep((k) => k >= above);
    }
  }
  trace.push({
    step: "6g",
    note:
      above === 0
        ? 'no ".." segments above the root'
        : aboveRoot === "keep"
          ? `keep the ${above} ".." segment(s) above the root (as Appendix C does)`
          : `remove the ${above} ".." segment(s) above the root`,
    buffer: segments.text(),
  });
  const path = segments.text();
  trace.push({ step: "6h", note: "the buffer is the new path", buffer: path });
  return path;
}

/**
 * The segments of a buffer that starts with "/", as spans of its text
 * (start and end offsets in Int32Arrays): no string per segment, so a path
 * of millions of segments costs a few arrays, not millions of objects for
 * the collector. Steps 6c to 6g filter the spans in place, and the text is
 * written again only after one of them changed it (a path of a million
 * segments is written once or twice, not at every step).
 */
class Spans {
  private readonly from: Int32Array;
  private readonly to: Int32Array;
  private count = 0;
  /** The buffer as text, while no step has changed the spans since it was written. */
  private shown: string | undefined;

  get length(): number {
    return this.count;
  }

  constructor(private readonly buffer: string) {
    this.shown = buffer;
    let slashes = 0;
    for (let i = buffer.indexOf("/", 1); i >= 0; i = buffer.indexOf("/", i + 1)) slashes++;
    this.from = new Int32Array(slashes + 1);
    this.to = new Int32Array(slashes + 1);
    let start = 1;
    for (let i = buffer.indexOf("/", 1); i >= 0; i = buffer.indexOf("/", i + 1)) {
      this.add(start, i);
      start = i + 1;
    }
    this.add(start, buffer.length);
  }

  private add(from: number, to: number): void {
    this.from[this.count] = from;
    this.to[this.count] = to;
    this.count++;
  }

  /** Whether segment k is `dots` ("." or ".."). */
  is(k: number, dots: "." | ".."): boolean {
    const from = this.from[k];
    if (this.to[k] - from !== dots.length) return false;
    return this.buffer.charCodeAt(from) === 0x2e && (dots.length === 1 || this.buffer.charCodeAt(from + 1) === 0x2e);
  }

  /** Makes segment k empty. */
  empty(k: number): void {
    if (this.to[k] !== this.from[k]) this.shown = undefined;
    this.to[k] = this.from[k];
  }

  /** Keeps the first `count` segments. */
  truncate(count: number): void {
    if (count !== this.count) this.shown = undefined;
    this.count = count;
  }

  /** Keeps the segments for which `keep(k)` holds, in order. */
  keep(keep: (k: number) => boolean): void {
    let w = 0;
    for (let k = 0; k < this.count; k++) if (keep(k)) this.move(k, w++);
    this.truncate(w);
  }

  /** 6e: a ".." that is not last pops the segment before it unless that one is ".." too. */
  stack(): void {
    let w = 0;
    const last = this.count - 1;
    for (let k = 0; k < last; k++) {
      if (this.is(k, "..") && w > 0 && !this.is(w - 1, "..")) w--;
      else this.move(k, w++);
    }
    this.move(last, w++);
    // (Each pop drops a segment and a "..": the spans changed exactly when there are fewer.)
    this.truncate(w);
  }

  private move(k: number, w: number): void {
    this.from[w] = this.from[k];
    this.to[w] = this.to[k];
  }

  /** The buffer the segments make: "/" and the segments joined by "/". */
  text(): string {
    if (this.shown !== undefined) return this.shown;
    const out = new TextBuilder();
    for (let k = 0; k < this.count; k++) {
      out.pushCode(0x2f);
      out.pushSlice(this.buffer, this.from[k], this.to[k]);
    }
    return (this.shown = out.toString());
  }
}

/**
 * Step 6 when the only dot segments are "./" and "../" at the start of the
 * reference's path (the common "../../x.html"), without splitting: each "./"
 * is dropped and each "../" takes the last segment off the base directory
 * (the base path up to its last "/"), or climbs above the root (6g).
 *
 * It reads in place: the base path is base[pathFrom, pathTo), the
 * reference's path ref[0, refPathTo). The result is the base text up to the
 * directory that is left, then the reference from where its leading dots
 * end (so with the general path's separate paths it is the merged path,
 * and with resolveTexts' whole texts it is the resolved URI). Undefined when
 * the paths have another shape; the property tests compare it with the
 * RFC's string method. (Written for few string calls: on paths this short
 * each costs more than the loop around it.)
 */
export function leadingDotsOnly(
  base: string,
  pathFrom: number,
  pathTo: number,
  ref: string,
  refPathTo: number,
  aboveRoot: "keep" | "remove" | "error",
): string | undefined {
  // (An empty base path has no directory here: under an authority, 6a's "/" is the general path's.)
  const dirEnd = base.lastIndexOf("/", pathTo - 1) + 1;
  // READING: R2
  if (dirEnd <= pathFrom) return undefined;
  // No "/." in the directory: it has no dot segment to remove.
  const dot = base.indexOf("/.", pathFrom);
  if (dot >= 0 && dot < dirEnd - 1) return undefined;
  let i = 0;
  let end = dirEnd; // base[pathFrom, end) ends with "/"
  let above = 0;
  while (codeAt(ref, i) === DOT) {
    const next = codeAt(ref, i + 1);
    if (next === SLASH) {
      i += 2; // "./"
    } else if (next === DOT && codeAt(ref, i + 2) === SLASH) {
      i += 3; // "../": the last segment of the directory goes, or it climbs above the root
      if (end > pathFrom + 1) end = base.lastIndexOf("/", end - 2) + 1;
      else above++;
    } else {
      break;
    }
  }
  // The rest of the path holds no dot segment: it is not "." or "..", and holds no "/.".
  const restLength = refPathTo - i;
  if (codeAt(ref, i) === DOT && (restLength === 1 || (restLength === 2 && codeAt(ref, i + 1) === DOT)))
    return undefined;
  const slashDot = ref.indexOf("/.", i);
  if (slashDot >= 0 && slashDot < refPathTo) return undefined;
  const rest = i === 0 ? ref : ref.slice(i);
  // READING: R4
  if (above > 0 && aboveRoot !== "remove") {
    if (aboveRoot === "error") return undefined; // the general path reports it
    return base.slice(0, pathFrom) + "/" + "../".repeat(above) + rest;
  }
  return base.slice(0, end) + rest;
}

/**
 * 6c to 6h in one pass, for resolve and removeDotSegments (resolveTrace shows
 * each sub-step on its own): a stack of the segments after the root. A "." is dropped (a final
 * one leaves its "/", 6c, 6d); a ".." pops a segment that is not ".." (a
 * final one leaves its "/", 6e, 6f) and is kept otherwise, at the start
 * (6g). A property test checks this against the RFC's string method.
 */
function removeDots(
  buffer: string,
  aboveRoot: "keep" | "remove" | "error",
  fail: (code: ResolutionErrorCode, step: Step, message: string) => never,
): string {
  const stack: string[] = [];
  let above = 0; // ".." kept at the bottom of the stack
  let from = 1;
  for (;;) {
    const slash = buffer.indexOf("/", from);
    const last = slash < 0;
    const segment = buffer.slice(from, last ? buffer.length : slash);
    if (segment === ".") {
      if (last) stack.push("");
    } else if (segment === "..") {
      if (stack.length > above) {
        stack.pop();
        if (last) stack.push("");
      } else {
        // READING: R4
        if (aboveRoot === "keep") {
          stack.push("..");
          above++;
        }
        if (aboveRoot === "error") {
          fail(
            "above-root",
            "6g",
            "the reference climbs above the root of the base path (5.2 step 6g; aboveRoot is 'error')",
          );
        }
        if (last && aboveRoot === "remove") stack.push("");
      }
    } else {
      stack.push(segment);
    }
    if (last) break;
    from = slash + 1;
  }
  return "/" + stack.join("/");
}

/** Options of {@link removeDotSegments}. */
export interface RemoveDotSegmentsOptions {
  /**
   * 5.2 step 6g: `..` segments left above the root are kept (`/../g`, as
   * Appendix C does) or removed (`/g`).
   * @defaultValue 'keep'
   */
  aboveRoot?: "keep" | "remove";
}

/**
 * 5.2 steps 6c to 6g on an absolute path (`abs_path`, starting with `/`):
 * `.` segments removed, each `<segment>/..` removed, and `..` segments left
 * above the root kept or removed. It is resolve's own step 6 (the path is
 * the buffer of 6b for the relative path `.` + path against a base whose path
 * is `/`), so the two cannot differ. Escaped dots (`%2E`) are not dot segments, and
 * {@link normalize} keeps escaped the ones that would make one.
 *
 * @throws {UriSyntaxError} when `path` is not an abs_path.
 * @throws {TypeError} when `path` is not a string or an option is wrong.
 * @example
 * removeDotSegments("/a/b/../c/./d")                   // '/a/c/d'
 * removeDotSegments("/a/..")                           // '/'
 * removeDotSegments("/../g")                           // '/../g'
 * removeDotSegments("/../g", { aboveRoot: "remove" })  // '/g'
 */
export function removeDotSegments(path: string, options?: RemoveDotSegmentsOptions): string {
  checkInput(path, "removeDotSegments");
  const o = checkOptionsObject(options, "removeDotSegments", ["aboveRoot"]);
  const aboveRoot = checkEnum(o.aboveRoot, "removeDotSegments", "aboveRoot", ["keep", "remove"] as const, "keep");
  if (!isValid(path, "abs_path")) parseCst(path, "abs_path"); // throws the precise UriSyntaxError
  return removeDotsFromAbsPath(path, aboveRoot);
}

/**
 * {@link removeDotSegments} on a path known to be an abs_path. The buffer of
 * 6b for the relative path "." + path against a base whose path is "/" is
 * "/./a/b", which cleans as "/a/b" does, so the path itself is the buffer.
 */
export function removeDotsFromAbsPath(path: string, aboveRoot: "keep" | "remove"): string {
  return path.indexOf("/.") < 0 ? path : removeDots(path, aboveRoot, unreachable);
}

/** removeDots' failure callback where aboveRoot cannot be 'error'. */
function unreachable(): never {
  throw new Error("rfc2396 internal error: removeDotSegments has no aboveRoot 'error'");
}

/**
 * The inverse of resolution: the shortest relative reference that a
 * straightforward algorithm finds for a target, given a base.
 *
 * @module
 */
import { parse, type UriComponents } from "../components/parse.js";
import { isValid } from "../syntax/parser.js";
import { inputText } from "./input.js";
import { resolve, UriResolutionError, type UriInput } from "./resolve.js";
import { describe } from "../args.js";
import { errorClass } from "../syntax/profile.js";

/**
 * A relative reference `r` with `resolve(base, r) === target`, as short as
 * the candidates below allow, or `target` itself when scheme or authority
 * differ (schemes compare case-insensitively, 3.1; authorities exactly), when
 * either URI is opaque, or when no relative form resolves back to it.
 *
 * Candidates, shortest valid one wins, each checked by resolving it:
 * the same-document forms (`""`, `"#f"`); a relative path climbing with
 * `..` from the base's directory (`"./"` first where its first segment
 * holds `:`, 5); an absolute path; a network path.
 *
 * @throws {UriSyntaxError} when base or target is not a URI reference.
 * @throws {TypeError} when the base is not absolute.
 * @example
 * relativize("http://a/b/c/d;p?q", "http://a/b/g")      // '../g'
 * relativize("http://a/b/c/d;p?q", "http://a/b/c/d;p?q#s") // '#s'
 * relativize("http://a/b/c/d;p?q", "ftp://a/b")          // 'ftp://a/b'
 */
export function relativize(base: UriInput, target: UriInput): string {
  const { components: b } = components(base, "base");
  const { text: targetText, components: t } = components(target, "target");
  if (b.scheme === undefined) {
    throw new TypeError(`relativize: the base must be an absolute URI (with a scheme); got ${describe(base)}`);
  }
  // READING: R57
  if (
    t.scheme === undefined ||
    t.scheme.toLowerCase() !== b.scheme.toLowerCase() ||
    b.opaque ||
    t.opaque ||
    t.authority !== b.authority
  ) {
    return targetText;
  }
  let best = targetText;
  for (const candidate of candidates(b, t)) {
    if (candidate.length < best.length && isValid(candidate) && resolvesTo(b, candidate, targetText)) best = candidate;
  }
  return best;
}

/** Whether `candidate` resolves against `base` to `target` (a candidate that cannot be resolved does not). */
function resolvesTo(base: UriComponents, candidate: string, target: string): boolean {
  try {
    return resolve(base, candidate) === target;
  } catch (e) {
    if (e instanceof errorClass(UriResolutionError)) return false;
    throw e;
  }
}

/** Relative forms of `t` against `b`, roughly shortest first. */
function candidates(b: UriComponents, t: UriComponents): string[] {
  const tail = (t.query === undefined ? "" : "?" + t.query) + (t.fragment === undefined ? "" : "#" + t.fragment);
  const fragment = t.fragment === undefined ? "" : "#" + t.fragment;
  const out: string[] = [];
  if (t.path === b.path && t.query === b.query) out.push(fragment);
  const relative = relativePath(b.path, t.path);
  if (relative !== undefined) out.push(relative + tail);
  if (t.path.startsWith("/") && !t.path.startsWith("//")) out.push(t.path + tail);
  if (t.authority !== undefined) out.push("//" + t.authority + t.path + tail);
  return out;
}

/**
 * The target path relative to the base path's directory: `..` for each
 * directory segment of the base beyond the common ones, then the rest of the
 * target. Undefined when the target path is not absolute.
 */
function relativePath(basePath: string, targetPath: string): string | undefined {
  if (!targetPath.startsWith("/")) return undefined;
  // READING: R2
  const base = basePath === "" ? "/" : basePath;
  // (Segments are read in place, by offsets: a path of millions of "/" makes no array.)
  const dirEnd = base.lastIndexOf("/");
  const targetLast = targetPath.lastIndexOf("/");
  let i = 1;
  let j = 1;
  while (i <= dirEnd && j <= targetLast) {
    const bi = base.indexOf("/", i);
    const tj = targetPath.indexOf("/", j);
    if (bi - i !== tj - j || base.substring(i, bi) !== targetPath.substring(j, tj)) break;
    i = bi + 1;
    j = tj + 1;
  }
  // One ".." for each directory segment of the base left after the common ones.
  let ups = 0;
  for (let k = base.indexOf("/", i); k >= 0 && k <= dirEnd; k = base.indexOf("/", k + 1)) ups++;
  let path = "../".repeat(ups) + targetPath.slice(j);
  // READING: R1
  if (path === "") path = "./";
  const slash = path.indexOf("/");
  const firstSegment = slash < 0 ? path : path.slice(0, slash);
  // READING: R17
  if (firstSegment.includes(":") || (firstSegment === "" && path.startsWith("/"))) path = "./" + path;
  return path;
}

function components(input: UriInput, role: string): { text: string; components: UriComponents } {
  const text = inputText(input, "relativize", `the ${role}`, parse);
  return { text, components: parse(text) };
}

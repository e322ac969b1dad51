/**
 * java.net.URI's path normalization (`normalize(String)`): runs of slashes
 * collapsed, "." segments removed, a ".." removed with the segment before it
 * unless that is "..", a trailing slash kept, and a "." put first where the
 * first segment left would read as a scheme (the javadoc's deviation). The
 * source's char-array algorithm, with its segment array and NULs for
 * slashes; the backwards search for the segment a ".." removes is a stack
 * here, so that a path of many "." segments costs linear time.
 *
 * @module
 */

const SLASH = 0x2f;
const DOT = 0x2e;
const NUL = 0;

/** `needsNormalization`: -1 when the path is already normal, else its number of segments. */
function needsNormalization(path: string): number {
  let normal = true;
  let ns = 0;
  const end = path.length - 1;
  let p = 0;
  while (p <= end && path.charCodeAt(p) === SLASH) p++;
  if (p > 1) normal = false;
  while (p <= end) {
    if (
      path.charCodeAt(p) === DOT &&
      (p === end ||
        path.charCodeAt(p + 1) === SLASH ||
        (path.charCodeAt(p + 1) === DOT && (p + 1 === end || path.charCodeAt(p + 2) === SLASH)))
    ) {
      normal = false;
    }
    ns++;
    while (p <= end) {
      if (path.charCodeAt(p++) !== SLASH) continue;
      while (p <= end && path.charCodeAt(p) === SLASH) {
        normal = false;
        p++;
      }
      break;
    }
  }
  return normal ? -1 : ns;
}

/** `split`: slashes become NUL; segs[i] is where segment i starts. */
function split(path: number[], segs: number[]): void {
  const end = path.length - 1;
  let p = 0;
  while (p <= end && path[p] === SLASH) path[p++] = NUL;
  while (p <= end) {
    segs.push(p++);
    while (p <= end) {
      if (path[p++] !== SLASH) continue;
      path[p - 1] = NUL;
      while (p <= end && path[p] === SLASH) path[p++] = NUL;
      break;
    }
  }
}

/** `removeDots`: "." removed; ".." removed with the nearest live segment before it, unless that is "..". */
// READING: R95
function removeDots(path: number[], segs: number[]): void {
  const end = path.length - 1;
  const live: number[] = [];
  for (let i = 0; i < segs.length; i++) {
    const p = segs[i] as number;
    let dots = 0;
    if (path[p] === DOT) {
      if (p === end || path[p + 1] === NUL) dots = 1;
      else if (path[p + 1] === DOT && (p + 1 === end || path[p + 2] === NUL)) dots = 2;
    }
    if (dots === 1) {
      segs[i] = -1;
    } else if (dots === 2 && live.length > 0) {
      const j = live[live.length - 1] as number;
      const q = segs[j] as number;
      if (path[q] === DOT && path[q + 1] === DOT && path[q + 2] === NUL) {
        live.push(i);
      } else {
        segs[i] = -1;
        segs[j] = -1;
        live.pop();
      }
    } else {
      live.push(i);
    }
  }
}

/** `maybeAddLeadingDot`: a relative path whose first segment went, and whose first segment left holds ":", gets "." first. */
function maybeAddLeadingDot(path: number[], segs: number[]): void {
  if (path[0] === NUL) return;
  let f = 0;
  while (f < segs.length && (segs[f] as number) < 0) f++;
  if (f >= segs.length || f === 0) return;
  let p = segs[f] as number;
  while (p < path.length && path[p] !== 0x3a && path[p] !== NUL) p++;
  if (p >= path.length || path[p] === NUL) return;
  path[0] = DOT;
  path[1] = NUL;
  segs[0] = 0;
}

/** `join`: the live segments, slashes restored where they stood (one leading slash for an absolute path). */
function join(path: number[], segs: number[]): number {
  const end = path.length - 1;
  let p = 0;
  if (path[p] === NUL) path[p++] = SLASH;
  for (const start of segs) {
    let q = start;
    if (q === -1) continue;
    if (p === q) {
      while (p <= end && path[p] !== NUL) p++;
      if (p <= end) path[p++] = SLASH;
    } else if (p < q) {
      while (q <= end && path[q] !== NUL) path[p++] = path[q++] as number;
      if (q <= end) path[p++] = SLASH;
    }
  }
  return p;
}

/** `normalize(String ps)`: the normal form of a path (the same string when already normal). */
export function normalizePath(ps: string): string {
  const ns = needsNormalization(ps);
  if (ns < 0) return ps;
  const path: number[] = [];
  for (let i = 0; i < ps.length; i++) path.push(ps.charCodeAt(i));
  const segs: number[] = [];
  split(path, segs);
  removeDots(path, segs);
  maybeAddLeadingDot(path, segs);
  const length = join(path, segs);
  let s = "";
  for (let i = 0; i < length; i += 8192) s += String.fromCharCode(...path.slice(i, Math.min(length, i + 8192)));
  return s;
}

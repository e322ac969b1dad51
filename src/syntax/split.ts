/**
 * The one offset-to-component split: which component of a URI reference an
 * offset lies in, by the generic split of Section 4.3 and Appendix B, for
 * inputs that are not valid (an error's offset). UriSyntaxError
 * (./explain.ts) and diagnose (src/diagnose/) both name components by it.
 *
 * @module
 */
import type { ComponentName } from "./errors.js";

/**
 * The generic split of Section 4.3 and Appendix B over the input as it is,
 * with the path of an opaque URI running to the `#` (3) and an authority
 * split at its `@` and `:` (3.2.2): the reading by which UriSyntaxError
 * names the component of an offset. Only `/`, `?`, `#`, `:` and `@` decide
 * it, and fixes never write or remove those (but a `:` of the first
 * segment, which is handled apart), so it holds for the working text too.
 */
export interface Split {
  /** The `:` that ends the scheme, or -1. */
  schemeColon: number;
  opaque: boolean;
  /** First `#` at or after the scheme, or the input's length. */
  hash: number;
  authStart: number;
  authEnd: number;
  /** `@` and `:` of the authority, relative to authStart, or -1. */
  at: number;
  portColon: number;
  question: number;
}

// READING: R15
export function splitOf(input: string, mayHaveScheme = true): Split {
  const n = input.length;
  let pos = 0;
  let schemeColon = -1;
  for (let i = 0; mayHaveScheme && i < n; i++) {
    const c = input.charCodeAt(i);
    if (c === 0x2f /* / */ || c === 0x3f /* ? */ || c === 0x23 /* # */) break;
    if (c === 0x3a /* : */) {
      if (i > 0) {
        schemeColon = i;
        pos = i + 1;
      }
      break;
    }
  }
  const hash = boundedIndexOf(input, "#", pos, n);
  const opaque = pos > 0 && input[pos] !== "/";
  let authStart = -1;
  let authEnd = -1;
  let at = -1;
  let portColon = -1;
  if (!opaque && input.startsWith("//", pos)) {
    authStart = pos + 2;
    authEnd = authStart;
    let atAbs = -1;
    for (; authEnd < n; authEnd++) {
      const c = input.charCodeAt(authEnd);
      if (c === 0x2f /* / */ || c === 0x3f /* ? */ || c === 0x23 /* # */) break;
      if (c === 0x40 /* @ */ && atAbs < 0) atAbs = authEnd;
    }
    at = atAbs >= 0 ? atAbs - authStart : -1;
    // A bracketed host (RFC 2732's IPv6 literal) holds colons: the port's ":" comes after its "]".
    const hostStart = authStart + at + 1;
    // (An unclosed literal runs to the authority's end: it holds no port.)
    const bracket = input.charCodeAt(hostStart) === 0x5b; /* [ */
    const colonFrom = bracket ? indexIn(input, 0x5d /* ] */, hostStart, authEnd) : hostStart;
    const colonAbs = indexIn(input, 0x3a /* : */, colonFrom, authEnd);
    portColon = colonAbs < authEnd ? colonAbs - authStart : -1;
    pos = authEnd;
  }
  const question = boundedIndexOf(input, "?", pos, hash);
  return { schemeColon, opaque, hash, authStart, authEnd, at, portColon, question };
}

/** Where the host starts by the split: after "//", or after the userinfo's "@"; -1 with no authority. */
export function hostStartIn(s: Split): number {
  return s.authStart < 0 ? -1 : s.authStart + s.at + 1;
}

/** The component `offset` lies in, by the split (end offsets belong to the component before). */
export function componentIn(s: Split, offset: number): ComponentName {
  if (s.schemeColon >= 0 && offset <= s.schemeColon) return "scheme";
  // READING: R15
  if (s.opaque) return offset <= s.hash ? "path" : "fragment";
  if (s.authStart >= 0 && offset <= s.authEnd) {
    const rel = offset - s.authStart;
    if (rel < 0) return "authority";
    if (s.at >= 0 && rel <= s.at) return "userinfo";
    if (s.portColon >= 0 && rel > s.portColon) return "port";
    return "host";
  }
  if (offset <= s.question) return "path";
  if (offset <= s.hash) return "query";
  return "fragment";
}

/**
 * The component `offset` lies in (relativeURI, hier_part and net_path have
 * no scheme: `mayHaveScheme` false). Used only to locate errors; the
 * components of valid input come from the recognizers or the CST.
 */
export function componentAt(input: string, offset: number, mayHaveScheme = true): ComponentName {
  return componentIn(splitOf(input, mayHaveScheme), offset);
}

/** The first index of the code `c` in s[from, end), or `end` (read within the bounds only: an authority). */
function indexIn(s: string, c: number, from: number, end: number): number {
  let i = from;
  while (i < end && s.charCodeAt(i) !== c) i++;
  return i;
}

function boundedIndexOf(s: string, ch: string, from: number, end: number): number {
  const i = s.indexOf(ch, from);
  return i < 0 || i > end ? end : i;
}

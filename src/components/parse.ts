/**
 * Components of a URI reference (3, 4, 5.2) from the recognizer back end:
 * {@link locate} reads each component with the DFA of its own Appendix A
 * rule, composed as Appendix A composes them, so one pass both validates
 * and splits. (The same components read off the peggy parser's CST are
 * ./from-cst.ts; a differential test keeps the two equal.)
 *
 * @module
 */
import { UriSyntaxError, withoutStack } from "../syntax/errors.js";
import { syntaxFailure } from "../syntax/parser.js";
import { codeAt } from "../syntax/chars.js";
import {
  type Recognizer,
  type ScanStop,
  recognizerOf,
  scan,
  reachableOver,
  withCapitals,
} from "../syntax/recognizer.js";
import { checkInput } from "../args.js";
import { perProfile, profileSlot } from "../syntax/profile.js";

/** The bound profile's components' recognizers, by rule, expanded on its first parse (not when the library loads). */
const COMPONENTS = /* @__PURE__ */ profileSlot();
const components = (): Components => perProfile(COMPONENTS, expandComponents);
type Components = ReturnType<typeof expandComponents>;

function expandComponents() {
  // (The scheme and host are read by recognizers that also tell whether they hold a capital.)
  const scheme = withCapitals("scheme");
  const host = withCapitals("host");
  return {
    scheme: scheme.recognizer,
    schemeTwins: scheme.twins,
    authority: recognizerOf("authority"),
    userinfo: recognizerOf("userinfo"),
    host: host.recognizer,
    hostTwins: host.twins,
    hostKinds: hostKinds(host.recognizer),
    port: recognizerOf("port"),
    IPv4address: recognizerOf("IPv4address"),
    reg_name: recognizerOf("reg_name"),
    abs_path: recognizerOf("abs_path"),
    rel_path: recognizerOf("rel_path"),
    opaque_part: recognizerOf("opaque_part"),
    query: recognizerOf("query"),
    fragment: recognizerOf("fragment"),
  };
}

/** What the state a host's scan stopped in says of the host's alternative (see hostKinds). */
const MAY_BE_IPV4 = 1;
const IS_IPV6 = 2;
const ASK_THE_TEXT = 3;

/** The codes of {@link hostKinds}' table (0 for a hostname). */
export const HOST_KINDS = /* @__PURE__ */ Object.freeze({ MAY_BE_IPV4, IS_IPV6, ASK_THE_TEXT });

/**
 * host = hostname | IPv4address (| IPv6reference under RFC 2732), told by
 * the state the host's recognizer stops in, without reading the host
 * again: an IPv4address is digits and dots, so a host that ends in a state
 * no string of them reaches is no IPv4address (MAY_BE_IPV4: the
 * IPv4address recognizer decides); an IPv6reference starts with "[", which
 * no other host holds (IS_IPV6: every way to the state starts with it). A
 * state reached both ways would be ASK_THE_TEXT (none is, in either
 * profile's tables: a test holds it); 0: a hostname.
 */
export function hostKinds(host: Recognizer): Uint8Array {
  const digitsAndDots = reachableOver(host, 1, (c) => c === 0x2e || (c >= 0x30 && c <= 0x39));
  const noBrackets = reachableOver(host, 1, (c) => c !== 0x5b && c !== 0x5d);
  const afterBracket = reachableOver(host, host.next[(1 << 7) | 0x5b], () => true);
  const kinds = new Uint8Array(digitsAndDots.length);
  for (let s = 1; s < kinds.length; s++) {
    if (afterBracket[s] === 1) kinds[s] = noBrackets[s] === 1 ? ASK_THE_TEXT : IS_IPV6;
    else if (digitsAndDots[s] === 1) kinds[s] = MAY_BE_IPV4;
  }
  return kinds;
}

/**
 * What kind of reference it is, in the RFC's prose names: an absolute URI
 * (3), a network-path, absolute-path or relative-path reference (5), or a
 * same-document reference (4.2: empty, or only a fragment).
 */
export type ReferenceKind = "absolute" | "network-path" | "absolute-path" | "relative-path" | "same-document";

/**
 * The components of a URI reference. A component is `undefined` when its
 * separator is absent and `''` when the separator is there with nothing
 * after it (5.2): `http://a/b?` has query `''`, `http://a/b` has none.
 */
export interface UriComponents {
  /** 3.1; as written (compare it case-insensitively). */
  scheme: string | undefined;
  /** 3.2: everything between `//` and the next `/`, `?`, `#` or the end; `''` in `file:///x`. */
  authority: string | undefined;
  /** 3.2.2; only for a server-based authority with an `@`. */
  userinfo: string | undefined;
  /** 3.2.2; only for a server-based authority that names a host. */
  host: string | undefined;
  /** 3.2.2; the digits as written, `''` for `http://a:/`. */
  port: string | undefined;
  /**
   * 3.3; never undefined, possibly `''`. For an opaque URI it is the whole
   * opaque_part (Appendix A's `path = [ abs_path | opaque_part ]`), `?` included.
   */
  path: string;
  /** 3.4; never defined for an opaque URI, whose `?` belongs to the opaque part. */
  query: string | undefined;
  /** 4.1 */
  fragment: string | undefined;
  /** Whether the URI is absolute with an opaque_part (3): `mailto:a@b`. */
  opaque: boolean;
  /** 3.2: `'server'` (3.2.2) or `'registry'` (3.2.1) when there is an authority. */
  authorityType: "server" | "registry" | undefined;
  /**
   * 3.2.2: which alternative of `host` matched, when there is a host
   * (`'IPv6reference'` only under the RFC 2732 profile, whose `host` is the
   * literal with its brackets, as java.net.URI's getHost() gives it).
   */
  hostType: HostType | undefined;
  /** The kind of reference (3, 4.2, 5). */
  kind: ReferenceKind;
}

/** The alternatives of `host` (3.2.2; RFC 2732 adds `IPv6reference`). */
export type HostType = "hostname" | "IPv4address" | "IPv6reference";

/** The result of {@link tryParse}. */
export type ParseResult = { ok: true; value: UriComponents } | { ok: false; error: UriSyntaxError };

/**
 * Splits a URI reference into its components.
 *
 * @throws {UriSyntaxError} when `input` is not a URI-reference (Appendix A).
 * @throws {TypeError} when `input` is not a string.
 * @example
 * parse("http://user@a:8080/b;p?q#f")
 * // { scheme: 'http', authority: 'user@a:8080', userinfo: 'user', host: 'a',
 * //   port: '8080', path: '/b;p', query: 'q', fragment: 'f', opaque: false,
 * //   authorityType: 'server', hostType: 'hostname', kind: 'absolute' }
 */
export function parse(input: string): UriComponents {
  checkInput(input, "parse");
  const value = splitValid(input, true, SCRATCH);
  if (value === undefined) throw syntaxFailure(input, "URI-reference") as UriSyntaxError;
  return value;
}

/**
 * Like {@link parse}, but returns the error instead of throwing it. The
 * error is a value here, not an exception: it carries every field, but no
 * stack trace (its `stack` is its first line), and is made without Error's
 * constructor, which would cost more than finding the error (it is
 * `instanceof` UriSyntaxError, SyntaxError and Error, but not a native
 * error object).
 *
 * @throws {TypeError} when `input` is not a string (a programming error, not a syntax error).
 * @example
 * const r = tryParse("http://a/b c");
 * if (!r.ok) console.log(r.error.offset); // 10
 */
export function tryParse(input: string): ParseResult {
  checkInput(input, "tryParse");
  const p = SCRATCH;
  const value = splitValid(input, true, p);
  if (value !== undefined) return { ok: true, value };
  const hint = p.failedAt < 0 ? undefined : { offset: p.failedAt, component: p.failedIn };
  return { ok: false, error: withoutStack(() => syntaxFailure(input, "URI-reference", hint) as UriSyntaxError) };
}

/**
 * The components of `input` if it is a URI-reference, or undefined. The
 * components are read one by one, each by the recognizer of its own
 * Appendix A rule, composed as Appendix A composes them:
 *
 *     URI-reference = [ absoluteURI | relativeURI ] [ "#" fragment ]
 *     absoluteURI   = scheme ":" ( hier_part | opaque_part )
 *     relativeURI   = ( net_path | abs_path | rel_path ) [ "?" query ]
 *     hier_part     = ( net_path | abs_path ) [ "?" query ]
 *     net_path      = "//" authority [ abs_path ]
 *     authority     = server | reg_name
 *     server        = [ [ userinfo "@" ] hostport ]
 *
 * Each recognizer runs until the input can no longer continue its rule (see
 * {@link scan}). No rule can hold the separator that ends it (a scheme holds
 * no ":", an authority no "/", "?" or "#", a path no "?" or "#", a query no
 * "#", a userinfo no "@", a host no ":"), so where a component may end is
 * where its recognizer stops, and every character is read about once: the
 * separators are found by the same pass that validates. The authority is a
 * server when `host [ ":" port ]` or `userinfo "@" host [ ":" port ]` covers
 * it (or it is empty), and otherwise must be a reg_name (3.2). With
 * `authorityParts` false (resolution, which needs the authority only as a
 * whole) the authority is checked by the `authority` recognizer alone, and
 * userinfo, host, port, authorityType and hostType stay undefined.
 *
 * Validity is that of the URI-reference recognizer, and the components are
 * those of the CST: a differential test checks both against the peggy
 * parser over the corpora and generated and mutated inputs. `p`, when
 * given, is filled with where the components lie, or where locate failed.
 */
export function splitValid(input: string, authorityParts = true, p = new Places()): UriComponents | undefined {
  if (!locate(input, authorityParts, p)) return undefined;
  // READING: R13
  const scheme = p.schemeEnd < 0 ? undefined : input.slice(0, p.schemeEnd);
  const path = input.slice(p.pathFrom, p.pathTo);
  const fragment = p.fragmentFrom < 0 ? undefined : input.slice(p.fragmentFrom);
  if (p.opaque)
    return result(
      scheme,
      undefined,
      undefined,
      undefined,
      undefined,
      path,
      undefined,
      fragment,
      true,
      undefined,
      undefined,
      "absolute",
    );
  let authority: string | undefined;
  let userinfo: string | undefined;
  let host: string | undefined;
  let port: string | undefined;
  if (p.authorityFrom >= 0) {
    if (p.hostFrom >= 0) {
      host = input.slice(p.hostFrom, p.hostTo);
      if (p.userinfoEnd >= 0) userinfo = input.slice(p.authorityFrom, p.userinfoEnd);
      if (p.portFrom >= 0) port = input.slice(p.portFrom, p.authorityTo);
    }
    authority = input.slice(p.authorityFrom, p.authorityTo);
  }
  const query = p.queryFrom < 0 ? undefined : input.slice(p.queryFrom, p.queryTo);
  return result(
    scheme,
    authority,
    userinfo,
    host,
    port,
    path,
    query,
    fragment,
    false,
    authorityTypeOf(p),
    hostTypeOf(p),
    kindOf(input, p),
  );
}

/** The authorityType of components located at `p`. */
export function authorityTypeOf(p: Places): UriComponents["authorityType"] {
  return p.authorityType === SERVER ? "server" : p.authorityType === REGISTRY ? "registry" : undefined;
}

/** The hostType of components located at `p`. */
export function hostTypeOf(p: Places): HostType | undefined {
  return p.hostType === HOSTNAME
    ? "hostname"
    : p.hostType === IPV4
      ? "IPv4address"
      : p.hostType === IPV6
        ? "IPv6reference"
        : undefined;
}

/** The kind of the reference `input`, located at `p` (3, 4.2, 5). */
export function kindOf(input: string, p: Places): ReferenceKind {
  if (p.schemeEnd >= 0) return "absolute";
  if (p.authorityFrom >= 0) return "network-path";
  if (p.pathTo === p.pathFrom) return "same-document";
  return codeAt(input, p.pathFrom) === SLASH ? "absolute-path" : "relative-path";
}

/**
 * Where the components of a URI reference lie in its text, as {@link locate}
 * finds them: start and end offsets, -1 for an absent component. The
 * caller makes one and passes it in; locate fills it.
 */
export class Places implements ScanStop {
  /** The ":" after the scheme, or -1. */
  schemeEnd = -1;
  /** The authority is input[authorityFrom, authorityTo), after "//". */
  authorityFrom = -1;
  authorityTo = -1;
  /** The "@" after the userinfo, which starts at authorityFrom; or -1. */
  userinfoEnd = -1;
  hostFrom = -1;
  hostTo = -1;
  /** The port is input[portFrom, authorityTo), after its ":". */
  portFrom = -1;
  /** 0 (no authority), SERVER or REGISTRY; HOSTNAME, IPV4 or IPV6 when there is a host. */
  authorityType = 0;
  hostType = 0;
  /** The path (never absent; an opaque part for an opaque URI). */
  pathFrom = 0;
  pathTo = 0;
  /** The query is input[queryFrom, queryTo), after its "?". */
  queryFrom = -1;
  queryTo = -1;
  /** The fragment runs from fragmentFrom (after its "#") to the end. */
  fragmentFrom = -1;
  opaque = false;
  /** Whether the scheme, or the host, may hold a capital letter (A-Z): false when it holds none. */
  schemeCapitals = false;
  hostCapitals = false;
  /**
   * When locate fails only at the end (every component read is valid, and
   * the character after the last is in none): where, and in which
   * component by the split of R15 ("path" or "query"); -1 otherwise.
   */
  failedAt = -1;
  failedIn: "path" | "query" = "path";
  /** Where locate's last scan stopped (see {@link ScanStop}): the separator after a component, and the state the scan was in. */
  stopState = 1;
  stopCode = -1;
}

/**
 * The places that parse and tryParse locate into: one record, filled anew
 * by each locate (every field it reads after is set first), read only
 * before the call returns, and never part of what it returns; nothing
 * between a locate and the last read of its places runs other code. A
 * record per call cost a parse 206 of its 447 bytes (its result is 241) and
 * made it slow down more than native URL in a process with many results
 * alive (bench/busy.js; docs/performance.md).
 */
const SCRATCH = new Places();

const SERVER = 1;
const REGISTRY = 2;
const HOSTNAME = 1;
const IPV4 = 2;
const IPV6 = 3;

/** The codes of {@link Places}' authorityType and hostType. */
export const PLACE_CODES = /* @__PURE__ */ Object.freeze({ SERVER, REGISTRY, HOSTNAME, IPV4, IPV6 });

/**
 * Whether `input` is a URI-reference; when it is, `p` says where its
 * components lie. (What {@link splitValid} documents, without the strings.)
 */
export function locate(input: string, authorityParts: boolean, p: Places): boolean {
  const r = components();
  const n = input.length;
  p.failedAt = -1;
  let pos = 0;
  // absoluteURI = scheme ":" ...: a scheme is a scheme only when ":" ends it.
  // (A separator is the character a component's scan stopped at: the scan
  // puts it in p.stopCode without reading the input again, -1 at the end.)
  p.schemeEnd = -1;
  p.schemeCapitals = p.hostCapitals = false;
  const schemeEnd = scan(r.scheme, input, 0, p);
  if (schemeEnd > 0 && p.stopCode === COLON) {
    p.schemeEnd = schemeEnd;
    p.schemeCapitals = p.stopState >= r.schemeTwins;
    pos = schemeEnd + 1;
  }
  p.authorityFrom = p.authorityTo = p.userinfoEnd = p.hostFrom = p.hostTo = p.portFrom = -1;
  p.authorityType = p.hostType = 0;
  p.opaque = false;
  let end: number;
  /** The code at `end` (-1 at the end of the input). */
  let at: number;
  if (codeAt(input, pos) === SLASH && codeAt(input, pos + 1) === SLASH) {
    // net_path = "//" authority [ abs_path ]
    const from = pos + 2;
    let to: number;
    if (!authorityParts) {
      to = scan(r.authority, input, from, p);
      at = p.stopCode;
      if (to < 0 || !endsAuthority(at)) return false;
    } else {
      to = locateAuthority(input, from, r, p);
      if (to < 0) return false;
      at = p.stopCode;
    }
    p.authorityFrom = from;
    p.authorityTo = to;
    p.pathFrom = end = to;
    if (at === SLASH) {
      end = scan(r.abs_path, input, to, p);
      if (end < 0) return false;
      at = p.stopCode;
    }
  } else if (codeAt(input, pos) === SLASH) {
    // abs_path = "/" path_segments
    p.pathFrom = pos;
    end = scan(r.abs_path, input, pos, p);
    if (end < 0) return false;
    at = p.stopCode;
  } else if (p.schemeEnd >= 0) {
    // READING: R11
    // opaque_part = uric_no_slash *uric: it holds "?" (no query) and cannot be empty.
    p.pathFrom = pos;
    end = scan(r.opaque_part, input, pos, p);
    if (end < 0) return false;
    at = p.stopCode;
    p.opaque = true;
  } else if (pos < n && codeAt(input, pos) !== HASH) {
    // rel_path = rel_segment [ abs_path ]; relativeURI needs one before a "?" ("?y" is not a URI-reference).
    // READING: R1
    p.pathFrom = pos;
    end = scan(r.rel_path, input, pos, p);
    if (end < 0) return false;
    at = p.stopCode;
  } else {
    p.pathFrom = end = pos; // an empty reference, or a fragment alone (4.2)
    at = codeAt(input, pos);
  }
  p.pathTo = end;
  // [ "?" query ]
  p.queryFrom = p.queryTo = -1;
  // READING: R11
  if (!p.opaque && at === QUESTION) {
    const queryEnd = scan(r.query, input, end + 1, p);
    if (queryEnd < 0) return false;
    p.queryFrom = end + 1;
    p.queryTo = end = queryEnd;
    at = p.stopCode;
  }
  // [ "#" fragment ]
  p.fragmentFrom = -1;
  if (at === HASH) {
    if (scan(r.fragment, input, end + 1) !== n) return false;
    p.fragmentFrom = end + 1;
    end = n;
  }
  if (end === n) return true;
  // (The split of R15 reads the same scheme, authority and query as locate
  // did, except where a relative path's first segment holds a ":".)
  if (p.schemeEnd >= 0 || codeAt(input, 0) === SLASH) {
    p.failedAt = end;
    p.failedIn = p.queryFrom >= 0 ? "query" : "path";
  }
  return false;
}

/**
 * authority = server | reg_name (3.2), read from `from` with its parts (for
 * {@link locate}): where it ends, with the code there in p.stopCode, or -1
 * when it is neither. Fills p's userinfo, host and port places and its
 * authorityType and hostType.
 */
function locateAuthority(input: string, from: number, r: Components, p: Places): number {
  // hostport = host [ ":" port ]
  let hostFrom = from;
  let hostEnd = scan(r.host, input, from, p);
  let hostState = p.stopState;
  let portEnd = hostEnd < 0 ? -1 : hostport(input, hostEnd, r.port, p);
  if (hostEnd === ~from && endsAuthority(p.stopCode)) {
    // server = [ ... ]: the empty authority is a server naming no host ("file:///x").
    // READING: R9
    hostFrom = -1;
    portEnd = from;
  } else if (portEnd < 0) {
    // [ userinfo "@" ] hostport: a userinfo holds no "@", so it ends at the first one.
    const userinfoEnd = scan(r.userinfo, input, from, p);
    if (userinfoEnd >= 0 && p.stopCode === AT) {
      hostFrom = userinfoEnd + 1;
      hostEnd = scan(r.host, input, hostFrom, p);
      hostState = p.stopState;
      portEnd = hostEnd < 0 ? -1 : hostport(input, hostEnd, r.port, p);
      if (portEnd >= 0) p.userinfoEnd = userinfoEnd;
    }
  }
  if (portEnd >= 0) {
    p.authorityType = SERVER;
    if (hostFrom >= 0) {
      p.hostFrom = hostFrom;
      p.hostTo = hostEnd;
      p.hostCapitals = hostState >= r.hostTwins;
      if (portEnd > hostEnd) p.portFrom = hostEnd + 1;
      // READING: R62
      // (The scan of an IPv4address takes no `p`: p.stopCode stays the code after the port.)
      const kind = r.hostKinds[hostState];
      p.hostType =
        kind === MAY_BE_IPV4
          ? scan(r.IPv4address, input, hostFrom) === hostEnd
            ? IPV4
            : HOSTNAME
          : kind === IS_IPV6 || (kind === ASK_THE_TEXT && codeAt(input, hostFrom) === OPEN_BRACKET)
            ? IPV6
            : HOSTNAME;
    }
    return portEnd;
  }
  // READING: R10
  // reg_name (3.2.1): what is not a server must be a registry name.
  const to = scan(r.reg_name, input, from, p);
  if (to < 0 || !endsAuthority(p.stopCode)) return -1;
  p.authorityType = REGISTRY;
  return to;
}

const SLASH = 0x2f;
const COLON = 0x3a;
const QUESTION = 0x3f;
const HASH = 0x23;
const AT = 0x40;
const OPEN_BRACKET = 0x5b;

/** Whether an authority may end before `c` (a code, -1 at the end of the input): the end, "/", "?" or "#" (3.2). */
function endsAuthority(c: number): boolean {
  return c === -1 || c === SLASH || c === QUESTION || c === HASH;
}

/**
 * hostport = host [ ":" port ], given where the host's recognizer stopped
 * (its scan filled `stop`): where the hostport ends when the authority can
 * end there, otherwise -1. Then `stop.stopCode` is the code there.
 */
function hostport(input: string, hostEnd: number, port: Recognizer, stop: ScanStop): number {
  const c = stop.stopCode;
  if (c !== COLON) return endsAuthority(c) ? hostEnd : -1;
  const portEnd = scan(port, input, hostEnd + 1, stop);
  return portEnd >= 0 && endsAuthority(stop.stopCode) ? portEnd : -1;
}

/** One object shape for every result (one allocation, fields in contract order). */
function result(
  scheme: string | undefined,
  authority: string | undefined,
  userinfo: string | undefined,
  host: string | undefined,
  port: string | undefined,
  path: string,
  query: string | undefined,
  fragment: string | undefined,
  opaque: boolean,
  authorityType: "server" | "registry" | undefined,
  hostType: HostType | undefined,
  kind: ReferenceKind,
): UriComponents {
  return { scheme, authority, userinfo, host, port, path, query, fragment, opaque, authorityType, hostType, kind };
}

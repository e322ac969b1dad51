/**
 * `URI::RFC2396_Parser#split` of Ruby 3.1's uri 0.11.0
 * (lib/uri/rfc2396_parser.rb): the pattern strings of `initialize_pattern`
 * put together as the parser puts them, its two regexps `ABS_URI` and
 * `REL_URI` (`\A\s*` ... `\s*\z`, extended), tried in that order.
 *
 * The regexps are Onigmo's, written for JavaScript's engine: both
 * backtrack in the same order, so each capture is the same; Onigmo's `\h`
 * is `[0-9A-Fa-f]`, `\s` `[ \t\n\v\f\r]` (ASCII only, as Ruby's), and every
 * class is ASCII, so no character beyond ASCII matches anywhere. Each loop
 * stops at a delimiter its class does not hold, so a failed match
 * backtracks a bounded number of times per character: linear time.
 *
 * @module
 */
import { RubyError } from "./uri.js";
import { hasLoneSurrogate } from "./text.js";

const ALPHA = "a-zA-Z";
const ALNUM = `${ALPHA}\\d`;
const HEX = "a-fA-F\\d";
const ESCAPED = `%[${HEX}]{2}`;
const UNRESERVED = `\\-_.!~*'()${ALNUM}`;
const RESERVED = ";/?:@&=+$,\\[\\]";

const URIC = `(?:[${UNRESERVED}${RESERVED}]|${ESCAPED})`;
const URIC_NO_SLASH = `(?:[${UNRESERVED};?:@&=+$,]|${ESCAPED})`;
const QUERY = `${URIC}*`;
const FRAGMENT = `${URIC}*`;
const HOSTNAME = "(?:[a-zA-Z0-9\\-.]|%[0-9A-Fa-f][0-9A-Fa-f])+";
const IPV4ADDR = "\\d{1,3}\\.\\d{1,3}\\.\\d{1,3}\\.\\d{1,3}";
const HEX4 = `[${HEX}]{1,4}`;
const LASTPART = `(?:${HEX4}|${IPV4ADDR})`;
const HEXSEQ1 = `(?:${HEX4}:)*${HEX4}`;
const HEXSEQ2 = `(?:${HEX4}:)*${LASTPART}`;
const IPV6ADDR = `(?:${HEXSEQ2}|(?:${HEXSEQ1})?::(?:${HEXSEQ2})?)`;
const IPV6REF = `\\[${IPV6ADDR}\\]`;
const HOST = `(?:${HOSTNAME}|${IPV4ADDR}|${IPV6REF})`;
const USERINFO = `(?:[${UNRESERVED};:&=+$,]|${ESCAPED})*`;
const PCHAR = `(?:[${UNRESERVED}:@&=+$,]|${ESCAPED})`;
const SEGMENT = `${PCHAR}*(?:;${PCHAR}*)*`;
const PATH_SEGMENTS = `${SEGMENT}(?:/${SEGMENT})*`;
const REG_NAME = `(?:[${UNRESERVED}$,;:@&=+]|${ESCAPED})+`;
const REL_SEGMENT = `(?:[${UNRESERVED};@&=+$,]|${ESCAPED})+`;
const SCHEME = `[${ALPHA}][\\-+.${ALPHA}\\d]*`;
const ABS_PATH = `/${PATH_SEGMENTS}`;
const OPAQUE_PART = `${URIC_NO_SLASH}${URIC}*`;

/** X_ABS_URI: 1 scheme, 2 opaque, 3 userinfo, 4 host, 5 port, 6 registry, 7 path, 8 query, 9 fragment. */
const X_ABS_URI =
  `(${SCHEME}):(?:(${OPAQUE_PART})|(?:(?://(?:(?:(?:(${USERINFO})@)?(?:(${HOST})(?::(\\d*))?))?|(${REG_NAME}))` +
  `|(?!//))(${ABS_PATH})?)(?:\\?(${QUERY}))?)(?:#(${FRAGMENT}))?`;
/** X_REL_URI: 1 userinfo, 2 host, 3 port, 4 registry, 5 rel_segment, 6 abs_path, 7 query, 8 fragment. */
const X_REL_URI =
  `(?:(?://(?:(?:(${USERINFO})@)?(${HOST})?(?::(\\d*))?|(${REG_NAME})))|(${REL_SEGMENT}))?` +
  `(${ABS_PATH})?(?:\\?(${QUERY}))?(?:#(${FRAGMENT}))?`;

const SPACE = "[ \\t\\n\\v\\f\\r]*";
const ABS_URI = new RegExp(`^${SPACE}${X_ABS_URI}${SPACE}$`);
const REL_URI = new RegExp(`^${SPACE}${X_REL_URI}${SPACE}$`);

/** The nine parts `split` returns: scheme, userinfo, host, port, registry, path, opaque, query, fragment (null for nil). */
export type RubySplit = [
  scheme: string | null,
  userinfo: string | null,
  host: string | null,
  port: string | null,
  registry: string | null,
  path: string | null,
  opaque: string | null,
  query: string | null,
  fragment: string | null,
];

const nil = (s: string | undefined): string | null => s ?? null;

/** `RFC2396_Parser#split`, or the InvalidURIError it raises (its message holds the input as it is). */
export function split2396(uri: string): RubySplit {
  // READING: R143
  if (hasLoneSurrogate(uri)) throw new RubyError("ArgumentError", "invalid byte sequence in UTF-8");
  if (uri === "") return [null, null, null, null, null, "", null, null, null];
  let m = ABS_URI.exec(uri);
  if (m !== null) {
    const [scheme, opaque, userinfo, host, port, registry, path, query, fragment] = m.slice(1).map(nil);
    // ("absolute but no scheme" cannot happen: ABS_URI always captures a scheme.)
    if (opaque === null && path === null && host === null && registry === null)
      throw new RubyError("URI::InvalidURIError", `bad URI(absolute but no path): ${uri}`);
    const p = path === null && opaque === null ? "" : path;
    return [scheme, userinfo, host, port, registry, p, opaque, query, fragment];
  }
  m = REL_URI.exec(uri);
  if (m === null) throw new RubyError("URI::InvalidURIError", `bad URI(is not URI?): ${uri}`);
  const [userinfo, host, port, registry, relSegment, absPath, query, fragment] = m.slice(1).map(nil);
  const path = relSegment === null ? (absPath ?? "") : relSegment + (absPath ?? "");
  return [null, userinfo, host, port, registry, path, null, query, fragment];
}

/**
 * `URI::RFC3986_Parser#split` of Ruby 3.1's uri 0.11.0
 * (lib/uri/rfc3986_parser.rb): a string that is not ASCII only is refused
 * first; then the regexps `RFC3986_URI` and `RFC3986_relative_ref`, in
 * that order, with their named groups.
 *
 * The regexps are Onigmo's, written for JavaScript's engine (the same
 * backtracking order, so the same captures): `\h` is `[0-9A-Fa-f]`, `{,n}`
 * is `{0,n}`, each `\g<name>` call is the group written again, and the
 * groups are renamed without hyphens. `RFC3986_relative_ref` keeps its
 * misplaced brackets (`\[IPv6address` or `IPvFuture\]`), so a relative
 * reference takes `//[::1/` and refuses `//[::1]/`.
 *
 * @module
 */
import { RubyError } from "./uri.js";
import type { RubySplit } from "./rfc2396.js";
import { asciiOnly, rubyDump, rubyInspectAscii } from "./text.js";

const H = "[0-9A-Fa-f]";
const DEC_OCTET = "(?:[1-9]\\d|1\\d{2}|2[0-4]\\d|25[0-5]|\\d)";
const IPV4 = `(?:${DEC_OCTET}\\.${DEC_OCTET}\\.${DEC_OCTET}\\.${DEC_OCTET})`;
const LS32 = `(?:${H}{1,4}:${H}{1,4}|${IPV4})`;
const IPV6 = [
  `(?:${H}{1,4}:){6}${LS32}`,
  `::(?:${H}{1,4}:){5}${LS32}`,
  `${H}{1,4}?::(?:${H}{1,4}:){4}${LS32}`,
  `(?:(?:${H}{1,4}:)?${H}{1,4})?::(?:${H}{1,4}:){3}${LS32}`,
  `(?:(?:${H}{1,4}:){0,2}${H}{1,4})?::(?:${H}{1,4}:){2}${LS32}`,
  `(?:(?:${H}{1,4}:){0,3}${H}{1,4})?::${H}{1,4}:${LS32}`,
  `(?:(?:${H}{1,4}:){0,4}${H}{1,4})?::${LS32}`,
  `(?:(?:${H}{1,4}:){0,5}${H}{1,4})?::${H}{1,4}`,
  `(?:(?:${H}{1,4}:){0,6}${H}{1,4})?::`,
].join("|");
const IPVFUTURE = `v${H}+\\.[!$&-.0-;=A-Z_a-z~]+`;
const PCT = `%${H}${H}`;
const USERINFO = `(?:${PCT}|[!$&-.0-;=A-Z_a-z~])*`;
const REG_NAME = `(?:${PCT}|[!$&-.0-9;=A-Z_a-z~])+`;
const SEGMENT = `(?:${PCT}|[!$&-.0-;=@-Z_a-z~])*`;
const SEGMENT_NZ = `(?:${PCT}|[!$&-.0-;=@-Z_a-z~])+`;
const SEGMENT_NZ_NC = `(?:${PCT}|[!$&-.0-9;=@-Z_a-z~])+`;
const FRAGMENT = `(?:${PCT}|[!$&-.0-;=@-Z_a-z~/?])*`;

/** The authority and path-abempty after `//`, with the IP literal as the regexp has it. */
const authority = (ipLiteral: string) =>
  `//(?:(?:(?<userinfo>${USERINFO})@)?(?<host>${ipLiteral}|${IPV4}|${REG_NAME})?(?::(?<port>\\d*))?)` +
  `(?<abempty>(?:/${SEGMENT})*)`;
const TAIL = `(?:\\?(?<query>[^#]*))?(?:#(?<fragment>${FRAGMENT}))?$`;

const RFC3986_URI = new RegExp(
  `^(?<scheme>[A-Za-z][+\\-.0-9A-Za-z]*):(?:${authority(`\\[(?:${IPV6}|${IPVFUTURE})\\]`)}` +
    `|(?<absolute>/(?:${SEGMENT_NZ}(?:/${SEGMENT})*)?)|(?<rootless>${SEGMENT_NZ}(?:/${SEGMENT})*)|(?<empty>))${TAIL}`,
);
const RFC3986_RELATIVE_REF = new RegExp(
  `^(?:${authority(`\\[(?:${IPV6})|${IPVFUTURE}\\]`)}` +
    `|(?<absolute>/(?:${SEGMENT_NZ}(?:/${SEGMENT})*)?)|(?<noscheme>${SEGMENT_NZ_NC}(?:/${SEGMENT})*)|(?<empty>))${TAIL}`,
);

const nil = (s: string | undefined): string | null => s ?? null;

/** `RFC3986_Parser#split`, or the InvalidURIError it raises (its message quotes the input with `dump` or `inspect`). */
export function split3986(uri: string): RubySplit {
  if (!asciiOnly(uri)) throw new RubyError("URI::InvalidURIError", `URI must be ascii only ${rubyDump(uri)}`);
  let m = RFC3986_URI.exec(uri);
  if (m !== null) {
    const g = m.groups ?? {};
    const query = nil(g.query);
    if (g.rootless !== undefined) {
      const opaque = g.rootless + (query === null ? "" : `?${query}`);
      return [g.scheme, null, null, null, null, null, opaque, null, nil(g.fragment)];
    }
    const path = g.abempty ?? g.absolute ?? g.empty;
    return [g.scheme, nil(g.userinfo), nil(g.host), nil(g.port), null, path, null, query, nil(g.fragment)];
  }
  m = RFC3986_RELATIVE_REF.exec(uri);
  if (m === null) throw new RubyError("URI::InvalidURIError", `bad URI(is not URI?): ${rubyInspectAscii(uri)}`);
  const g = m.groups ?? {};
  const path = g.abempty ?? g.absolute ?? g.noscheme ?? g.empty;
  return [null, nil(g.userinfo), nil(g.host), nil(g.port), null, path, null, nil(g.query), nil(g.fragment)];
}

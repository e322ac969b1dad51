/**
 * The catalogue of differences between the specs' readings: one home for
 * every code compare() reports. Each entry has a stable code, what it says
 * in words, the two sides' citations, whether the two readings still name
 * the same resource (`equivalent`: a normalization one spec does and the
 * other allows), an example that test/compare.test.ts runs, and a
 * detector. Detectors look at the readings (the verdicts, the offsets where
 * a spec fails, the components, the kinds of host), never at the input for
 * a pattern: a difference is found because the specs' readings differ, and
 * its code names the cause the readings show. A detector asks what a side's
 * reader declares (its traits, ./reader.ts), never which reader it is: each
 * entry lists the traits it asks about (`asks`), and a new reader is
 * explained by what it declares.
 *
 * @module
 */
import { removeDotsFromAbsPath } from "../reference/dot-segments.js";
import { componentAt } from "../syntax/split.js";
import { tryParse } from "../components/parse.js";
import type { CatalogueEntry, ComponentEntry, VerdictCase, VerdictEntry } from "./catalogue-types.js";
import { JAVA_COMPONENT_ENTRIES, JAVA_VERDICT_ENTRIES } from "./deviations-java.js";
import type { ComponentKey, Components, Reading } from "./reader.js";
import { SPECIAL_SCHEMES, WHATWG_DEFAULT_PORTS, whatwgPreprocess } from "../implementations/whatwg/url.js";

export type { CatalogueEntry, ComponentCase, ComponentEntry, VerdictCase, VerdictEntry } from "./catalogue-types.js";

const orNone = (list: readonly Reading[]): readonly Reading[] | undefined => (list.length > 0 ? list : undefined);

/** The character (a whole code point) where a refusing RFC reading fails, or undefined. */
function failingChar(c: VerdictCase): string | undefined {
  const offset = c.refused.result.offset;
  if (offset === undefined || offset >= c.input.length) return undefined;
  return String.fromCodePoint(c.input.codePointAt(offset) as number);
}

/**
 * Whether no RFC 3986 rule derives the character anywhere (RFC 3986 2: it is
 * neither unreserved, reserved nor "%"; RFC 2396 2.4.3's excluded and
 * unwise characters, and every one outside US-ASCII), or it is a "#", which
 * can stand only once (a second one is excluded where it stands).
 */
function excluded(ch: string): boolean {
  return ch === "#" || !/^[A-Za-z0-9\-._~:/?[\]@!$&'()*+,;=%]$/.test(ch);
}

/** Whether the WHATWG reading is of a special URL (URL Standard 4.1). */
function special(r: Reading): boolean {
  const scheme = r.compared?.scheme;
  return scheme !== undefined && SPECIAL_SCHEMES.includes(scheme.toLowerCase());
}

/** The host a reading names: its host, or RFC 2396's registry-based authority (3.2.1). */
function hostText(r: Reading): string | undefined {
  const c = r.compared;
  if (c === undefined) return undefined;
  return c.host ?? (r.comparedHostKind === "reg_name" ? c.authority : undefined);
}

const value = (r: Reading, k: ComponentKey): string | undefined => r.compared?.[k];
const IPV6_KINDS: readonly (string | undefined)[] = ["IPv6", "IPv6address", "IPv6addrz", "IPv6reference"];

/** URL Standard 3.5's "ends in a number": the last label (a trailing dot aside) is digits, or 0x and hex digits. */
function endsInNumber(host: string): boolean {
  const labels = host.split(".");
  if (labels[labels.length - 1] === "" && labels.length > 1) labels.pop();
  const last = labels[labels.length - 1];
  return /^\d+$/.test(last) || /^0[xX][0-9A-Fa-f]*$/.test(last);
}

/** Each %XX of a US-ASCII octet decoded (the others kept as written: their octets are UTF-8's business). */
function decodeAscii(text: string): string {
  return text.replace(/%[0-7][0-9A-Fa-f]/g, (escape) => String.fromCharCode(parseInt(escape.slice(1), 16)));
}

/** Each character above U+007E percent-encoded as UTF-8 (URL Standard 1.3; RFC 3987 3.1 step 2). */
function encodeNonAscii(text: string): string {
  return text.replace(/[\u007f-\uffff]+/g, (run) => {
    try {
      return encodeURIComponent(run);
    } catch {
      return run;
    }
  });
}

/** The ways a spec may refuse what another accepts, in the order they are tried. */
export const VERDICT_ENTRIES: readonly VerdictEntry[] = Object.freeze([
  ...JAVA_VERDICT_ENTRIES,
  {
    code: "whatwg-strips",
    on: "verdict",
    title: "WHATWG removes leading and trailing C0 controls and spaces, and every tab and newline, before it reads",
    cites: [
      "URL Standard 4.4, basic URL parser, steps 1 to 3",
      "RFC 3986 2 and Appendix A (RFC 2396 2.4.3): no rule derives them",
    ],
    equivalent: false,
    example: { input: " http://a/\tb" },
    asks: ["grammar", "stripsControls"],
    detect(c) {
      if (!c.refused.traits.grammar) return undefined;
      const offset = c.refused.result.offset;
      if (offset === undefined) return undefined;
      const ch = c.input.charCodeAt(offset);
      const stripped = ch === 0x09 || ch === 0x0a || ch === 0x0d || (ch <= 0x20 && edgeRun(c.input, offset));
      return stripped ? orNone(c.accepted.filter((r) => r.traits.stripsControls)) : undefined;
    },
  },
  {
    code: "controls-refused",
    on: "verdict",
    title:
      'a C0 control or DEL before "#": a library refuses every string that holds one there, where another reader takes it (WHATWG strips tabs and newlines and percent-encodes the other controls)',
    cites: [
      "the accepting readers' own (the URL Standard 4.4, steps 1 to 3; a library's source)",
      "the refusing library's own",
    ],
    equivalent: false,
    example: { input: "http://a/\tb", implementations: ["go.net/url"] },
    citesReaders: true,
    asks: ["refusesControls"],
    detect(c) {
      if (!c.refused.traits.refusesControls) return undefined;
      // (A control before the first "#": the fragment is not checked.)
      // eslint-disable-next-line no-control-regex
      const control = /^[^#]*[\x00-\x1f\x7f]/;
      return control.test(c.input) || control.test(c.base ?? "") ? orNone(c.accepted) : undefined;
    },
  },
  {
    code: "scheme-required",
    on: "verdict",
    title:
      "no scheme: a library that reads only absolute URLs refuses it, where another reader takes a relative reference",
    cites: [
      "RFC 3986 4.2 and RFC 2396 5 (relative references), or the accepting library's own",
      "the refusing library's own",
    ],
    equivalent: false,
    example: { input: "a/b", implementations: ["curl"] },
    citesReaders: true,
    asks: ["absoluteOnly"],
    detect(c) {
      if (c.base !== undefined || !c.refused.traits.absoluteOnly) return undefined;
      return orNone(c.accepted.filter((r) => r.compared !== undefined && value(r, "scheme") === undefined));
    },
  },
  {
    code: "scheme-not-spoken",
    on: "verdict",
    title: "a scheme the library does not speak: it refuses the URL, where another reader reads any scheme",
    cites: [
      "RFC 3986 3.1 and RFC 2396 3.1 (any scheme), or the accepting library's own",
      "the refusing library's own list",
    ],
    equivalent: false,
    example: { input: "foo://a/", implementations: ["curl"] },
    citesReaders: true,
    asks: ["speaksSchemes"],
    detect(c) {
      const spoken = c.refused.traits.speaksSchemes;
      if (c.base !== undefined || spoken.length === 0) return undefined;
      return orNone(
        c.accepted.filter((r) => {
          const scheme = value(r, "scheme");
          return scheme !== undefined && !spoken.includes(scheme.toLowerCase());
        }),
      );
    },
  },
  {
    code: "backslash",
    on: "verdict",
    title: "WHATWG reads \\ as / in a special URL; the RFCs exclude \\",
    cites: [
      "URL Standard 4.4, special authority slashes, path start and path states: \\ as / (invalid-reverse-solidus)",
      "RFC 2396 2.4.3 (unwise) and RFC 3986 Appendix A: \\ is in no rule",
    ],
    equivalent: false,
    example: { input: "http://evil.example\\@good.example/" },
    asks: ["grammar", "backslashAsSlash"],
    detect(c) {
      if (!c.refused.traits.grammar || failingChar(c) !== "\\") return undefined;
      return orNone(c.accepted.filter((r) => r.traits.backslashAsSlash && special(r)));
    },
  },
  {
    code: "zone-id",
    on: "verdict",
    title: "an IPv6 address with a zone identifier: RFC 6874 adds it, RFC 3986 and the URL Standard refuse it",
    cites: [
      'RFC 6874 2: IPv6addrz = IPv6address "%25" ZoneID',
      "RFC 3986 3.2.2 and URL Standard 3.6: no zone identifier",
    ],
    equivalent: false,
    example: { input: "http://[fe80::1%25eth0]/" },
    asks: ["ipv6Zones"],
    detect(c) {
      return orNone(c.accepted.filter((r) => r.traits.ipv6Zones && r.comparedHostKind === "IPv6addrz"));
    },
  },
  {
    code: "ipv6-literal",
    on: "verdict",
    title: "an IPv6 literal: RFC 2732 and RFC 3986 read it as a host, strict RFC 2396 has no such syntax",
    cites: [
      "RFC 2732 3 and RFC 3986 3.2.2: IP-literal in brackets",
      'RFC 2396 3.2.2 and 2.4.3: "[" and "]" are unwise',
    ],
    equivalent: false,
    example: { input: "http://[::1]/" },
    asks: ["grammar", "ipv6Literals"],
    detect(c) {
      if (!c.refused.traits.grammar || c.refused.traits.ipv6Literals || failingChar(c) !== "[") return undefined;
      // (A library names no kind of host: its host holds a ":".)
      const ipv6 = (r: Reading): boolean =>
        IPV6_KINDS.includes(r.comparedHostKind) ||
        (r.comparedHostKind === undefined && (r.compared?.host ?? "").includes(":"));
      return orNone(c.accepted.filter((r) => r.traits.ipv6Literals && ipv6(r)));
    },
  },
  {
    code: "userinfo-split",
    on: "verdict",
    title:
      'an authority with an "@": WHATWG takes all before the last "@" as the userinfo and percent-encodes what it holds, the RFCs refuse what a userinfo cannot hold',
    cites: [
      'URL Standard 4.4, authority state: the last "@" ends the credentials, each earlier one becomes %40',
      'RFC 3986 3.2.1 (userinfo has no "@", "[" or "]") and RFC 2396 3.2.2',
    ],
    equivalent: false,
    example: { input: "http://a@b@c/" },
    asks: ["grammar", "lastAtEndsUserinfo"],
    detect(c) {
      const offset = c.refused.result.offset;
      if (!c.refused.traits.grammar || offset === undefined) return undefined;
      // Where the refusing spec fails: its own word (RFC 2396), or Appendix B's split.
      const where = c.refused.failedIn ?? componentAt(c.input, offset);
      if (where !== "userinfo" && where !== "host" && where !== "port" && where !== "authority") return undefined;
      return orNone(c.accepted.filter((r) => r.traits.lastAtEndsUserinfo && r.compared?.userinfo !== undefined));
    },
  },
  {
    code: "brackets-outside-host",
    on: "verdict",
    title:
      '"[" or "]" outside a host: RFC 2732 made them reserved characters (so uric), RFC 3986 allows them only around an IP literal',
    cites: [
      'RFC 2732 3: reserved gains "[" and "]" (URL Standard: kept as they are)',
      "RFC 2396 2.4.3 (unwise) and RFC 3986 3.3 to 3.5: not in pchar, query or fragment",
    ],
    equivalent: false,
    example: { input: "http://h/?q=[x]" },
    asks: ["grammar", "bracketsOutsideHost"],
    detect(c) {
      const ch = failingChar(c);
      if (!c.refused.traits.grammar || (ch !== "[" && ch !== "]")) return undefined;
      return orNone(c.accepted.filter((r) => r.traits.bracketsOutsideHost));
    },
  },
  {
    code: "empty-path-query",
    on: "verdict",
    title:
      'a relative reference with an empty path and a query ("?y"): RFC 3986 derives it, RFC 2396\'s relativeURI needs a path',
    cites: [
      'RFC 3986 4.2: relative-part = path-empty, then "?" query',
      'RFC 2396 Appendix A: relativeURI = ( net_path | abs_path | rel_path ) [ "?" query ]',
    ],
    equivalent: false,
    example: { input: "?y" },
    asks: ["grammar", "emptyPath", "readsAgainstBase"],
    detect(c) {
      if (!c.refused.traits.grammar || c.refused.traits.emptyPath) return undefined;
      const form = (r: Reading): boolean => {
        const x = r.result.components;
        return (
          x !== undefined &&
          x.scheme === undefined &&
          x.authority === undefined &&
          x.path === "" &&
          x.query !== undefined
        );
      };
      // RFC 2396 reads the reference as starting with its query (its rule "query" at offset 0):
      // WHATWG, which reads "?y" against a base, accepts it for the same cause.
      const atQuery = c.refused.result.rule === "query" && c.refused.result.offset === 0;
      return orNone(c.accepted.filter((r) => (r.traits.grammar && form(r)) || (atQuery && r.traits.readsAgainstBase)));
    },
  },
  {
    code: "scheme-only",
    on: "verdict",
    title:
      'a scheme and nothing after it ("foo:"): RFC 3986 derives it with an empty path, RFC 2396 needs a hier_part or an opaque_part',
    cites: [
      "RFC 3986 3: hier-part = ... / path-empty",
      'RFC 2396 3 and Appendix A: absoluteURI = scheme ":" ( hier_part | opaque_part ), neither empty',
    ],
    equivalent: false,
    example: { input: "foo:" },
    asks: ["grammar", "emptyPath", "readsAgainstBase"],
    detect(c) {
      // RFC 2396 fails right after the scheme's ":" (at the end, or at a "#"), where the others read an empty path.
      const offset = c.refused.result.offset;
      if (!c.refused.traits.grammar || c.refused.traits.emptyPath || offset === undefined) return undefined;
      const form = (r: Reading): boolean => {
        const x = r.result.components;
        if (x?.scheme === undefined || x.scheme.length + 1 !== offset) return false;
        return r.traits.readsAgainstBase || (x.authority === undefined && x.path === "" && x.query === undefined);
      };
      return orNone(c.accepted.filter((r) => r.traits.emptyPath && form(r)));
    },
  },
  {
    code: "non-ascii",
    on: "verdict",
    title:
      "a character outside US-ASCII: RFC 3987 allows it in an IRI (WHATWG percent-encodes it), RFC 3986 and RFC 2396 do not",
    cites: [
      "RFC 3987 2.2: ucschar and iprivate",
      "RFC 3986 2 and RFC 2396 2.4.3: US-ASCII only, other octets percent-encoded",
    ],
    equivalent: false,
    example: { input: "http://example.org/caf\u00e9" },
    asks: ["grammar", "nonAscii"],
    detect(c) {
      const ch = failingChar(c);
      if (!c.refused.traits.grammar || ch === undefined || ch.codePointAt(0)! < 0x80) return undefined;
      return orNone(c.accepted.filter((r) => r.traits.nonAscii));
    },
  },
  {
    code: "lone-percent",
    on: "verdict",
    title: 'a "%" not followed by two hex digits: WHATWG keeps it as it is, the RFCs refuse it',
    cites: [
      "URL Standard 4.4, path, query and fragment states: invalid-URL-unit, kept",
      'RFC 3986 2.1 and RFC 2396 2.4.1: "%" starts an escape of two hex digits',
    ],
    equivalent: false,
    example: { input: "http://a/100%" },
    asks: ["grammar", "lonePercent"],
    detect(c) {
      // The escape that fails: its "%" at the offset, or one or two characters before it.
      const offset = c.refused.result.offset;
      if (!c.refused.traits.grammar || offset === undefined) return undefined;
      const percent = c.input.lastIndexOf("%", offset);
      return percent >= 0 && percent >= offset - 2 ? orNone(c.accepted.filter((r) => r.traits.lonePercent)) : undefined;
    },
  },
  {
    code: "registry-authority",
    on: "verdict",
    title: "an authority that RFC 2396 reads as registry-based (3.2.1) is no host, userinfo or port of RFC 3986",
    cites: [
      'RFC 2396 3.2.1: reg_name allows "$,;:@&=+" and escapes',
      'RFC 3986 3.2: userinfo "@" host ":" port, with port = *DIGIT',
    ],
    equivalent: false,
    example: { input: "http://a:b@c:d/" },
    asks: ["registryAuthority", "library"],
    detect(c) {
      if (c.refused.traits.registryAuthority) return undefined;
      // (A library names no kind of host: its authority without a host is registry-based.)
      const registry = (r: Reading): boolean =>
        r.comparedHostKind === "reg_name" ||
        (r.traits.library && r.compared?.authority !== undefined && r.compared.host === undefined);
      return orNone(c.accepted.filter((r) => r.traits.registryAuthority && registry(r)));
    },
  },
  {
    code: "excluded-character",
    on: "verdict",
    title: "a character no RFC rule allows where it stands, which WHATWG percent-encodes or keeps",
    cites: [
      "URL Standard 1.3 (percent-encode sets) and 4.4 (validation errors that do not stop parsing)",
      "RFC 3986 2 and Appendix A, RFC 2396 2.4.3",
    ],
    equivalent: false,
    example: { input: "http://a/b c" },
    asks: ["grammar", "encodesExcluded"],
    detect(c) {
      const ch = failingChar(c);
      if (!c.refused.traits.grammar || ch === undefined || !excluded(ch)) return undefined;
      return orNone(c.accepted.filter((r) => r.traits.encodesExcluded));
    },
  },
  {
    code: "relative-without-base",
    on: "verdict",
    title: "a relative reference: the RFCs accept it on its own, WHATWG's URL fails without a base",
    cites: [
      "RFC 3986 4.2 and RFC 2396 5: relative references",
      "URL Standard 4.4, no scheme state: missing-scheme-non-relative-URL, failure",
    ],
    equivalent: false,
    example: { input: "//example.com/a" },
    asks: ["readsAgainstBase", "grammar"],
    detect(c) {
      if (!c.refused.traits.readsAgainstBase || c.base !== undefined) return undefined;
      return orNone(c.accepted.filter((r) => r.traits.grammar && r.result.components?.scheme === undefined));
    },
  },
  {
    code: "special-needs-host",
    on: "verdict",
    title:
      'a special scheme without "//": the RFCs read a path, WHATWG looks for a host after the scheme and finds none it can read',
    cites: [
      "RFC 3986 3.3 (RFC 2396 3): a URI without an authority has a path",
      "URL Standard 4.4, special authority ignore slashes state, then host state: failure",
    ],
    equivalent: false,
    example: { input: "ws:" },
    asks: ["urlHostRules", "grammar"],
    detect(c) {
      if (!c.refused.traits.urlHostRules || c.base !== undefined) return undefined;
      return orNone(c.accepted.filter((r) => r.traits.grammar && special(r) && r.compared?.authority === undefined));
    },
  },
  {
    code: "userinfo-or-port-without-host",
    on: "verdict",
    title: "a userinfo or a port around an empty host: RFC 3986 reads them, WHATWG fails",
    cites: [
      'RFC 3986 3.2: [ userinfo "@" ] host [ ":" port ], and reg-name may be empty',
      "URL Standard 4.4, host state: credentials or a port with an empty host are a failure",
    ],
    equivalent: false,
    example: { input: "foo://user@" },
    asks: ["urlHostRules", "grammar"],
    detect(c) {
      if (!c.refused.traits.urlHostRules) return undefined;
      const around = (r: Reading): boolean =>
        r.traits.grammar &&
        r.compared?.host === "" &&
        (r.compared.userinfo !== undefined || r.compared.port !== undefined);
      return orNone(c.accepted.filter(around));
    },
  },
  {
    code: "empty-host",
    on: "verdict",
    title: "a special URL with an empty host: the RFCs allow an empty authority or reg-name, WHATWG fails",
    cites: [
      "RFC 3986 3.2.2: reg-name may be empty (RFC 2396 3.2: server is optional)",
      "URL Standard 4.4, host state: host-missing, failure",
    ],
    equivalent: false,
    example: { input: "http://" },
    asks: ["urlHostRules", "grammar"],
    detect(c) {
      if (!c.refused.traits.urlHostRules) return undefined;
      const empty = (r: Reading): boolean =>
        r.traits.grammar &&
        SPECIAL_SCHEMES.includes((r.compared?.scheme ?? "").toLowerCase()) &&
        r.compared?.scheme !== "file" &&
        (r.compared?.host === "" ||
          (r.compared?.authority !== undefined && hostText(r) === undefined && r.comparedHostKind !== "reg_name") ||
          hostText(r) === "");
      return orNone(c.accepted.filter(empty));
    },
  },
  {
    code: "port-out-of-range",
    on: "verdict",
    title: "a port above 65535: the RFCs' port is any digits, WHATWG fails",
    cites: [
      "RFC 3986 3.2.3 and RFC 2396 3.2.2: port = *DIGIT",
      "URL Standard 4.4, port state: port-out-of-range, failure",
    ],
    equivalent: false,
    example: { input: "http://a:65536/" },
    asks: ["urlHostRules", "grammar"],
    detect(c) {
      if (!c.refused.traits.urlHostRules) return undefined;
      return orNone(
        c.accepted.filter(
          (r) => r.traits.grammar && /^\d+$/.test(r.compared?.port ?? "") && Number(r.compared?.port) > 65535,
        ),
      );
    },
  },
  {
    code: "ipv4-ends-in-number",
    on: "verdict",
    title:
      "a host whose last label is a number but which is no IPv4 address WHATWG can read: the RFCs accept it, WHATWG fails",
    cites: [
      "RFC 3986 3.2.2 (a reg-name) and RFC 2396 3.2.2 (IPv4address has no range)",
      "URL Standard 3.5, ends in a number, then the IPv4 parser: failure",
    ],
    equivalent: false,
    example: { input: "http://999.1.1.1/" },
    asks: ["urlHostRules", "grammar"],
    detect(c) {
      if (!c.refused.traits.urlHostRules) return undefined;
      return orNone(
        c.accepted.filter((r) => r.traits.grammar && special(r) && endsInNumber(decodeAscii(hostText(r) ?? ""))),
      );
    },
  },
  {
    code: "opaque-base",
    on: "verdict",
    title:
      'a relative reference against a base with an opaque path ("mailto:x@y"): RFC 3986 merges it anyway, RFC 2396 and WHATWG refuse it',
    cites: [
      "RFC 3986 5.2.2 and 5.2.3: every reference is resolved, the base's path merged",
      "RFC 2396 5 (nothing to be relative to; RFC 2396 reads the base as an opaque URI) and URL Standard 4.4, no scheme state",
    ],
    equivalent: false,
    example: { input: "g", base: "mailto:x@y" },
    asks: ["readsAgainstBase"],
    detect(c) {
      // RFC 2396 derives the reference but cannot resolve it; WHATWG's URL fails with the base.
      const refused =
        c.refused.traits.readsAgainstBase || (c.refused.result.valid && c.refused.result.resolveError !== undefined);
      if (c.base === undefined || !refused) return undefined;
      // The base as RFC 2396 reads it (3: an opaque_part).
      const base = tryParse(c.base);
      return base.ok && base.value.opaque ? orNone(c.accepted) : undefined;
    },
  },
  {
    code: "whatwg-refuses",
    on: "verdict",
    title: "WHATWG's URL fails on what the RFCs (or a library) accept (the platform does not say why)",
    cites: ["RFC 3986 Appendix A, RFC 2396 Appendix A", "URL Standard 4.4, basic URL parser: failure"],
    equivalent: false,
    example: { input: "http://a%2Fb/" },
    asks: ["grammar", "library"],
    detect(c) {
      if (c.refused.traits.grammar || c.refused.traits.library) return undefined;
      return orNone(c.accepted.filter((r) => r.traits.grammar || r.traits.library));
    },
  },
  {
    code: "implementation-verdict",
    on: "verdict",
    title:
      "a library accepts what another reader refuses, or refuses what it accepts, by a rule of its own this catalogue does not name",
    cites: ["the accepting readers' own (a library's source, file and function)", "the refusing reader's own"],
    equivalent: false,
    example: { input: "http://h:99999/", implementations: ["php.parse_url"] },
    fallback: true,
    citesReaders: true,
    asks: ["library"],
    detect(c) {
      return orNone(c.refused.traits.library ? c.accepted : c.accepted.filter((r) => r.traits.library));
    },
  },
  {
    code: "grammar-differs",
    on: "verdict",
    title: "one RFC's grammar derives the input and another's does not",
    cites: ["the grammar of the accepting spec", "the grammar of the refusing spec, at its rule and offset"],
    equivalent: false,
    fallback: true,
    asks: [],
    detect(c) {
      return orNone(c.accepted);
    },
  },
] satisfies VerdictEntry[]);

/** Whether the character at `offset` is in a leading or trailing run of C0 controls and spaces. */
function edgeRun(input: string, offset: number): boolean {
  const seen = whatwgPreprocess(input);
  if (seen.length === input.length) return false;
  let start = 0;
  while (start < input.length && input.charCodeAt(start) <= 0x20) start++;
  let end = input.length;
  while (end > start && input.charCodeAt(end - 1) <= 0x20) end--;
  return offset < start || offset >= end;
}

/**
 * Whether an absolute path with its dot segments removed (RFC 3986 5.2.4,
 * ".." above the root dropped as the URL Standard drops it) is WHATWG's
 * path; a non-special URL's path left empty is written "" there.
 */
function sameWithoutDots(path: string, whatwgPath: string | undefined, special: boolean): boolean {
  if (!path.startsWith("/") || whatwgPath === undefined) return false;
  const removed = removeDotsFromAbsPath(path, "remove");
  return removed === whatwgPath || (!special && removed === "/" && whatwgPath === "");
}

/** The ways two accepting specs may read a component differently, in the order they are tried. */
export const COMPONENT_ENTRIES: readonly ComponentEntry[] = Object.freeze([
  ...JAVA_COMPONENT_ENTRIES,
  {
    code: "controls-stripped",
    on: "component",
    title:
      "a tab or a newline in a component: WHATWG removes it before it reads, another library keeps it (as written or percent-encoded)",
    cites: [
      "the side that removes it (its own: the URL Standard 4.4, basic URL parser, step 3)",
      "the other side's own",
    ],
    equivalent: false,
    citesReaders: true,
    example: { input: "http://a/b\tc", implementations: ["node.url.parse"] },
    asks: ["stripsControls"],
    detect({ component, a, b }) {
      if (!a.traits.stripsControls || b.traits.stripsControls) return false;
      const ours = value(a, component);
      const theirs = value(b, component);
      if (ours === undefined || theirs === undefined) return false;
      // (Removing every tab and newline, as written or encoded, from the other side's reading gives this side's.)
      const removed = theirs.replace(/[\t\n\r]|%0[9aAdD]/g, "");
      return removed !== theirs && removed === ours;
    },
  },
  {
    code: "backslash-as-slash",
    on: "component",
    title:
      "a \\ before the query of a special URL: WHATWG (and a library that follows it) reads it as /, another library keeps it as data",
    cites: [
      "the side that reads \\ as / (its own: the URL Standard 4.4, special authority slashes, path start and path states; a library's source)",
      "the other side's own",
    ],
    equivalent: false,
    citesReaders: true,
    example: { input: "http://a/b\\c", implementations: ["go.net/url"] },
    asks: ["backslashAsSlash", "grammar"],
    detect({ component, a, b }) {
      const before: readonly ComponentKey[] = ["authority", "userinfo", "host", "port", "path"];
      if (!before.includes(component) || !a.traits.backslashAsSlash || b.traits.backslashAsSlash) return false;
      if (b.traits.grammar || !special(a)) return false;
      return (
        before.some((k) => value(b, k)?.includes("\\") === true) && !before.some((k) => value(a, k)?.includes("\\"))
      );
    },
  },
  {
    code: "special-slashes",
    on: "component",
    title:
      'a special URL without "//" or with more slashes: WHATWG skips the slashes and reads a host, the RFCs read a path',
    cites: [
      "URL Standard 4.4, special authority ignore slashes state",
      'RFC 3986 3.2 and 3.3 (RFC 2396 3): an authority only after "//"; "http:/a" and "http:///a" have none or an empty one',
    ],
    equivalent: false,
    example: { input: "http:///evil.example/" },
    asks: ["specialSlashes", "grammar"],
    detect({ a, b }) {
      const authority = b.compared?.authority;
      return (
        a.traits.specialSlashes &&
        special(a) &&
        (a.compared?.host ?? "") !== "" &&
        b.traits.grammar &&
        (authority === undefined || authority === "")
      );
    },
  },
  {
    code: "file-host",
    on: "component",
    title: "a file URL: WHATWG always gives it a host (empty) and a path from the root, the RFCs read what is written",
    cites: [
      "URL Standard 4.4, file state and file host state",
      "RFC 3986 3.2 and 3.3 (RFC 8089 2: the authority is optional)",
    ],
    equivalent: false,
    example: { input: "file:x" },
    asks: ["fileHost"],
    detect({ component, a, b }) {
      if (component !== "host" && component !== "path") return false;
      return (
        a.traits.fileHost &&
        value(a, "scheme") === "file" &&
        value(a, "host") === "" &&
        value(b, "authority") === undefined
      );
    },
  },
  {
    code: "empty-authority",
    on: "component",
    title: 'an empty authority ("foo://"): RFC 3986 and WHATWG read an empty host, RFC 2396 an authority with no host',
    cites: [
      "RFC 3986 3.2.2: reg-name may be empty (URL Standard: the empty host)",
      "RFC 2396 3.2: server is optional, so an empty authority names no host",
    ],
    equivalent: false,
    example: { input: "foo://" },
    asks: [],
    detect({ component, a, b }) {
      return (
        component === "host" &&
        value(a, "host") === "" &&
        value(b, "host") === undefined &&
        value(b, "authority") === ""
      );
    },
  },
  {
    code: "opaque-query",
    on: "component",
    title:
      'a "?" in a URI without "/" after its scheme: RFC 2396\'s opaque_part holds it, RFC 3986 and WHATWG read a query',
    cites: [
      'RFC 3986 3 and 3.4: hier-part then "?" query, for every URI',
      'RFC 2396 3: opaque_part = uric_no_slash *uric, "?" included',
    ],
    equivalent: false,
    example: { input: "mailto:a@example.org?subject=x" },
    asks: ["opaqueQuery"],
    detect({ component, a, b }) {
      if (component !== "query" && component !== "path") return false;
      return (
        !a.traits.opaqueQuery &&
        value(a, "query") !== undefined &&
        b.traits.opaqueQuery &&
        value(b, "query") === undefined &&
        (value(b, "path") ?? "").includes("?")
      );
    },
  },
  {
    code: "registry-based",
    on: "component",
    title:
      "an authority that is not a server: RFC 3986 and WHATWG still read a host, RFC 2396 reads a registry-based authority with none",
    cites: [
      "RFC 3986 3.2.2: a reg-name is a host (URL Standard 3.5: a domain or an opaque host)",
      "RFC 2396 3.2.1: registry-based naming authority, no host",
    ],
    equivalent: false,
    example: { input: "http://a_b/" },
    asks: ["decodesHost"],
    detect({ component, a, b }) {
      if (component !== "host" && component !== "userinfo" && component !== "port") return false;
      // (WHATWG's percent-decoded host is percent-in-host's.)
      const decoded = component === "host" && a.traits.decodesHost && special(a) && (hostText(b) ?? "").includes("%");
      return value(a, "host") !== undefined && b.comparedHostKind === "reg_name" && !decoded;
    },
  },
  {
    code: "percent-in-host",
    on: "component",
    title:
      "a percent-encoded host: WHATWG decodes it (then reads it as a domain or an IPv4 address), the RFCs keep it as written",
    cites: [
      "URL Standard 3.5, host parser: percent-decode, then domain to ASCII",
      "RFC 3986 3.2.2 (pct-encoded in reg-name) and RFC 2396 3.2.1 (escaped in reg_name)",
    ],
    equivalent: false,
    example: { input: "http://%31%32%37.0.0.1/" },
    asks: ["decodesHost"],
    detect({ component, a, b }) {
      if (component !== "host") return false;
      return (
        a.traits.decodesHost &&
        special(a) &&
        !(value(a, "host") ?? "%").includes("%") &&
        (hostText(b) ?? "").includes("%")
      );
    },
  },
  {
    code: "ipv4-forms",
    on: "component",
    title: "a host WHATWG reads as an IPv4 address in another form (hex, octal, fewer parts): the RFCs read a name",
    cites: [
      "URL Standard 3.5, IPv4 parser: decimal, octal and hex parts, one to four of them",
      "RFC 3986 3.2.2: dotted-decimal only, anything else is a reg-name (RFC 2396 3.2.2 likewise)",
    ],
    equivalent: false,
    example: { input: "http://0x7f.1/" },
    asks: ["ipv4Forms"],
    detect({ component, a, b }) {
      if (component !== "host") return false;
      return a.traits.ipv4Forms && a.comparedHostKind === "IPv4" && b.comparedHostKind !== "IPv4address";
    },
  },
  {
    code: "idna",
    on: "component",
    title: "a host outside US-ASCII: WHATWG converts it to ASCII (punycode), RFC 3987 keeps its characters",
    cites: [
      "URL Standard 3.5, domain to ASCII (UTS #46)",
      "RFC 3987 3.1: an ireg-name may be converted with ToASCII when mapped to a URI",
    ],
    equivalent: true,
    example: { input: "http://b\u00fccher.example/" },
    asks: ["idna"],
    detect({ component, a, b }) {
      if (component !== "host") return false;
      return (
        a.traits.idna && (value(a, "host") ?? "").includes("xn--") && /[\u0080-\uffff]/.test(value(b, "host") ?? "")
      );
    },
  },
  {
    code: "ipv6-serialization",
    on: "component",
    title: "an IPv6 address: WHATWG writes it in its shortest form (RFC 5952), the RFCs keep it as written",
    cites: ["URL Standard 3.6, IPv6 serializer", "RFC 3986 3.2.2 and 6.2.2.1; RFC 2732 2"],
    equivalent: true,
    example: { input: "http://[0:0::1]/" },
    asks: ["ipv6Shortest"],
    detect({ component, a, b }) {
      return (
        component === "host" &&
        a.traits.ipv6Shortest &&
        a.comparedHostKind === "IPv6" &&
        IPV6_KINDS.includes(b.comparedHostKind)
      );
    },
  },
  {
    code: "case",
    on: "component",
    title: "a scheme or host in capitals: WHATWG lower-cases it, the RFCs keep it (and compare it case-insensitively)",
    cites: [
      "URL Standard 4.4, scheme state, and 3.5, domain to ASCII: lower-cased",
      "RFC 3986 3.1, 3.2.2 and 6.2.2.1 (RFC 2396 3.1, 6)",
    ],
    equivalent: true,
    example: { input: "HTTP://EXAMPLE.COM/" },
    asks: [],
    detect({ component, a, b }) {
      if (component !== "scheme" && component !== "host") return false;
      const x = value(a, component);
      const y = value(b, component);
      return x !== undefined && y !== undefined && x !== y && x === x.toLowerCase() && x === y.toLowerCase();
    },
  },
  {
    code: "default-port",
    on: "component",
    title: "the scheme's default port, written: WHATWG drops it, the RFCs keep it",
    cites: [
      "URL Standard 4.4, port state: a special scheme's default port is null",
      "RFC 3986 3.2.3 and 6.2.3 (RFC 2396 6): kept; normalization may omit it",
    ],
    equivalent: true,
    example: { input: "http://a:80/" },
    asks: ["dropsDefaultPort"],
    detect({ component, a, b }) {
      if (component !== "port" || !a.traits.dropsDefaultPort || value(a, "port") !== undefined) return false;
      const port = value(b, "port");
      const scheme = (value(b, "scheme") ?? "").toLowerCase();
      return port !== undefined && port !== "" && Number(port) === WHATWG_DEFAULT_PORTS[scheme];
    },
  },
  {
    code: "default-port-filled",
    on: "component",
    title: "the scheme's default port, not written: a library reports it, the RFCs read no port",
    cites: [
      "ruby/uri v0.11.0 lib/uri/generic.rb Generic#initialize: self.set_port(self.default_port) when no port is given",
      "RFC 3986 3.2.3 and 6.2.3 (RFC 2396 6): no port; the scheme's default applies",
    ],
    equivalent: true,
    example: { input: "http://a/", implementations: ["python.urlsplit", "ruby.RFC3986_Parser"] },
    asks: ["fillsDefaultPort"],
    detect({ component, a, b }) {
      if (component !== "port" || !b.traits.fillsDefaultPort || value(a, "port") !== undefined) return false;
      const port = value(b, "port");
      const scheme = (value(b, "scheme") ?? "").toLowerCase();
      return port !== undefined && port !== "" && Number(port) === WHATWG_DEFAULT_PORTS[scheme];
    },
  },
  {
    code: "port-number",
    on: "component",
    title: "a port with leading zeros: WHATWG writes it as a number, the RFCs keep its digits",
    cites: [
      "URL Standard 4.4, port state, and 4.5: the port is a 16-bit number",
      "RFC 3986 3.2.3: port = *DIGIT, a decimal number",
    ],
    equivalent: true,
    example: { input: "http://a:0081/" },
    asks: ["portAsNumber"],
    detect({ component, a, b }) {
      const x = value(a, "port");
      const y = value(b, "port");
      return (
        component === "port" &&
        a.traits.portAsNumber &&
        x !== undefined &&
        y !== undefined &&
        x !== y &&
        Number(x) === Number(y)
      );
    },
  },
  {
    code: "empty-port",
    on: "component",
    title: 'a ":" with no port: WHATWG drops it, the RFCs read an empty port',
    cites: [
      "URL Standard 4.4, port state: an empty port is none",
      "RFC 3986 3.2.3 (port = *DIGIT) and 6.2.3: the same as none",
    ],
    equivalent: true,
    example: { input: "http://a:/" },
    asks: [],
    detect({ component, a, b }) {
      return component === "port" && value(a, "port") === undefined && value(b, "port") === "";
    },
  },
  {
    code: "empty-userinfo",
    on: "component",
    title: 'an "@" with nothing before it: WHATWG drops the empty userinfo, the RFCs read an empty one',
    cites: [
      "URL Standard 4.5, URL serializer: userinfo only when a username or password is set",
      "RFC 3986 3.2.1: userinfo = *( ... )",
    ],
    equivalent: false,
    example: { input: "http://@a/" },
    asks: ["dropsEmptyCredentials"],
    detect({ component, a, b }) {
      return (
        component === "userinfo" &&
        a.traits.dropsEmptyCredentials &&
        value(a, "userinfo") === undefined &&
        value(b, "userinfo") !== undefined &&
        /^:?$/.test(value(b, "userinfo") ?? "x")
      );
    },
  },
  {
    code: "empty-password",
    on: "component",
    title: 'a userinfo ending in ":": WHATWG drops the empty password, the RFCs keep the userinfo as written',
    cites: [
      'URL Standard 4.5, URL serializer: ":" and the password only when the password is not empty',
      "RFC 3986 3.2.1: userinfo is kept as written",
    ],
    equivalent: false,
    example: { input: "http://user:@a/" },
    asks: ["dropsEmptyCredentials"],
    detect({ component, a, b }) {
      const x = value(a, "userinfo");
      return (
        component === "userinfo" &&
        a.traits.dropsEmptyCredentials &&
        x !== undefined &&
        value(b, "userinfo") === `${x}:`
      );
    },
  },
  {
    code: "empty-path",
    on: "component",
    title: 'an empty path in a special URL: WHATWG writes "/", the RFCs read an empty path',
    cites: [
      "URL Standard 4.4, path start state: a special URL's path has a segment",
      'RFC 3986 3.3 (path-abempty) and 6.2.3: "" and "/" equivalent for http',
    ],
    equivalent: true,
    example: { input: "http://example.com" },
    asks: ["emptyPathSlash"],
    detect({ component, a, b }) {
      return (
        component === "path" &&
        a.traits.emptyPathSlash &&
        special(a) &&
        value(a, "path") === "/" &&
        value(b, "path") === ""
      );
    },
  },
  {
    code: "empty-path-resolution",
    on: "component",
    title:
      'a reference with an empty path ("?y") resolved: RFC 3986 keeps the base\'s path, RFC 2396 drops its last segment',
    cites: [
      "RFC 3986 5.2.2: an empty path takes the base's path (and 5.4.1: ?y gives http://a/b/c/d;p?y)",
      'RFC 2396 5.2 step 6: the base path up to its last "/" (Appendix C: ?y gives http://a/b/c/?y)',
    ],
    equivalent: false,
    example: { input: "?y", base: "http://a/b/c/d;p?q" },
    asks: ["resolution"],
    detect({ component, a, b }) {
      if (component !== "path" || a.traits.resolution === "rfc2396" || b.traits.resolution !== "rfc2396") return false;
      const x = value(a, "path") ?? "";
      const y = value(b, "path") ?? "";
      return (
        y.endsWith("/") &&
        x.startsWith(y) &&
        x.length > y.length &&
        !x.slice(y.length).includes("/") &&
        value(a, "query") === value(b, "query")
      );
    },
  },
  {
    code: "dot-segments-resolution",
    on: "component",
    title:
      'dot segments in a resolved path: RFC 3986 removes them from every target path, RFC 2396 only from a merged relative path, and keeps ".." above the root',
    cites: [
      'RFC 3986 5.2.2 and 5.2.4: remove_dot_segments on every path ("../g" above the root gives /g)',
      'RFC 2396 5.2 steps 5 and 6, Appendix C: an absolute path is kept as it is, ".." above the root kept (http://a/../g)',
    ],
    equivalent: false,
    example: { input: "../../../g", base: "http://a/b/c/d;p?q" },
    asks: ["resolution"],
    detect({ component, a, b }) {
      // (b's path is RFC 2396's resolution: what its step 6 left.)
      if (component !== "path" || a.traits.resolution === "rfc2396" || b.traits.resolution !== "rfc2396") return false;
      if (b.result.resolved === undefined) return false;
      return sameWithoutDots(value(b, "path") ?? "", value(a, "path"), true);
    },
  },
  {
    code: "dot-segments",
    on: "component",
    title: '"." and ".." segments: WHATWG removes them when it parses, the RFCs only when they resolve or normalize',
    cites: [
      "URL Standard 4.4, path state: single-dot and double-dot segments",
      "RFC 3986 5.2.4 and 6.2.2.3 (RFC 2396 5.2 step 6)",
    ],
    equivalent: true,
    example: { input: "http://a/b/../c" },
    asks: ["removesDotSegments"],
    detect({ component, a, b }) {
      if (component !== "path" || !a.traits.removesDotSegments) return false;
      return sameWithoutDots(value(b, "path") ?? "", value(a, "path"), special(a));
    },
  },
  {
    code: "encoded-dot-segments",
    on: "component",
    title:
      '"%2e" and "%2e%2e" segments: WHATWG takes them for "." and ".." and removes them, the RFCs keep them as data',
    cites: [
      'URL Standard 4.4, path state: "%2e" is a single dot, "%2e%2e" (any case) a double dot',
      "RFC 3986 2.3, 5.2.4 and 6.2.2.2: dot segments are removed as written",
    ],
    equivalent: false,
    example: { input: "http://a/b/%2e%2e/admin" },
    asks: ["encodedDotSegments"],
    detect({ component, a, b }) {
      if (component !== "path" || !a.traits.encodedDotSegments) return false;
      const path = value(b, "path") ?? "";
      const dotted = path
        .split("/")
        .map((segment) => (/^(?:\.|%2e){1,2}$/i.test(segment) ? segment.replace(/%2e/gi, ".") : segment))
        .join("/");
      return dotted !== path && sameWithoutDots(dotted, value(a, "path"), special(a));
    },
  },
  {
    code: "iri-to-uri",
    on: "component",
    title:
      "characters outside US-ASCII: WHATWG percent-encodes their UTF-8, RFC 3987 keeps them (its 3.1 maps them so)",
    cites: [
      "URL Standard 1.3: code points above U+007E percent-encoded as UTF-8",
      "RFC 3987 3.1: mapping an IRI to a URI, step 2",
    ],
    equivalent: true,
    example: { input: "http://example.org/caf\u00e9?q=\u00e9" },
    asks: ["encodesNonAscii"],
    detect({ component, a, b }) {
      const x = value(a, component);
      const y = value(b, component);
      return (
        a.traits.encodesNonAscii &&
        x !== undefined &&
        y !== undefined &&
        /[\u0080-\uffff]/.test(y) &&
        encodeNonAscii(y).toLowerCase() === x.toLowerCase()
      );
    },
  },
  {
    code: "percent-encoded",
    on: "component",
    title: "characters WHATWG percent-encodes that the RFCs allow as they are",
    cites: [
      "URL Standard 1.3: the percent-encode sets of each component",
      "RFC 3986 2.2 and 6.2.2.2: a reserved character and its encoding differ",
    ],
    equivalent: false,
    example: { input: "http://a/?'" },
    asks: ["percentEncodes"],
    detect({ component, a, b }) {
      const x = value(a, component);
      const y = value(b, component);
      return (
        a.traits.percentEncodes &&
        x !== undefined &&
        y !== undefined &&
        x.length > y.length &&
        decodeAscii(x) === decodeAscii(encodeNonAscii(y))
      );
    },
  },
  {
    code: "implementation-component",
    on: "component",
    title: "a library reads the component otherwise, by a rule of its own this catalogue does not name",
    cites: ["the first side's readers' own (a library's source, file and function)", "the second side's readers' own"],
    equivalent: false,
    example: { input: "a.com:80", implementations: ["php.parse_url"] },
    fallback: true,
    citesReaders: true,
    asks: ["library"],
    detect({ a, b }) {
      return a.traits.library || b.traits.library;
    },
  },
  {
    code: "component-differs",
    on: "component",
    title: "the specs read the component differently, for a cause this catalogue does not name",
    cites: ["the first side's spec", "the second side's spec"],
    equivalent: false,
    example: { input: "http://a;:@b/" },
    fallback: true,
    asks: [],
    detect() {
      return true;
    },
  },
] satisfies ComponentEntry[]);

/** Every entry, verdicts first. */
export const CATALOGUE: readonly CatalogueEntry[] = Object.freeze([...VERDICT_ENTRIES, ...COMPONENT_ENTRIES]);

/** The components compared between specs: the authority is compared through its parts. */
export const COMPARED_COMPONENTS: readonly ComponentKey[] = Object.freeze([
  "scheme",
  "userinfo",
  "host",
  "port",
  "path",
  "query",
  "fragment",
]);

/** Whether two readings' values of a component are the same. */
export function sameValue(x: Components | undefined, y: Components | undefined, k: ComponentKey): boolean {
  return x?.[k] === y?.[k];
}

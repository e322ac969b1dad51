/**
 * readGeneric: a string read against RFC 3986, RFC 3986 with RFC 6874, or
 * RFC 3987. The recognizer derived from the grammar (./recognize.ts)
 * decides validity and, for an invalid string, the offset, the rule and
 * what was expected. A valid string's components are then its split by
 * RFC 3986 Appendix B (which breaks a well-formed reference into exactly
 * the components its grammar derives: the delimiters "/", "?", "#", ":" and
 * "@" stand in no component that could hold them), and its host's kind the
 * first of 3.2.2's alternatives its text is. The peggy parser compiled from
 * the same grammar reads the same components by its actions
 * (./grammar-actions.ts); the tests hold the two equal, and compare() does
 * not run it: a split is linear with a small constant, the parser a
 * hundred times slower (docs/performance.md).
 *
 * @module
 */
import { describe, listOf } from "../../args.js";
import { COMPARISON_GRAMMARS } from "./generated/grammars.js";
import { scan } from "./recognize.js";
import type { GenericComponents, GenericHostKind, GenericReading, GenericSpec } from "./types.js";

/** The specs, in the order messages list them (the comparison grammars' table's). */
export const GENERIC_SPECS: readonly GenericSpec[] = Object.freeze(COMPARISON_GRAMMARS.map((g) => g.spec));

/** Throws a TypeError for a non-string spec, a RangeError for a string that names none. */
export function checkSpec(spec: unknown, fn: string): asserts spec is GenericSpec {
  if (typeof spec === "string" && (GENERIC_SPECS as readonly string[]).includes(spec)) return;
  const message = `${fn}: the spec must be ${listOf(GENERIC_SPECS)}; got ${describe(spec)}`;
  throw typeof spec === "string" ? new RangeError(message) : new TypeError(message);
}

/** A valid reference's components, form and host kind. */
interface Parts {
  components: GenericComponents;
  form: string;
  hostKind?: GenericHostKind;
}

const QUESTION = 0x3f;

/** The first index of "?" or "#" (and of "/" when `slash`) at or after `from`, or the length: native searches. */
function delimiter(input: string, from: number, slash: boolean): number {
  let end = input.length;
  for (const c of slash ? ["?", "#", "/"] : ["?", "#"]) {
    const at = input.indexOf(c, from);
    if (at >= 0 && at < end) end = at;
  }
  return end;
}

/**
 * RFC 3986 Appendix B's split of a reference the recognizer accepted:
 * `^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?`, written out
 * as one pass, then the authority split at its "@" (a userinfo holds none,
 * 3.2.1) and at the ":" after its host (an IP-literal's after the "]").
 * Only meaningful for a valid reference; linear.
 */
function partsOf(input: string, spec: GenericSpec): Parts {
  const iri = spec === "rfc3987";
  const c: GenericComponents = { path: "" };
  let at = 0;
  const first = delimiter(input, 0, true);
  const colon = input.indexOf(":");
  if (colon > 0 && colon < first) {
    c.scheme = input.slice(0, colon);
    at = colon + 1;
  }
  let hostKind: GenericHostKind | undefined;
  if (input.startsWith("//", at)) {
    const end = delimiter(input, at + 2, true);
    const authority = input.slice(at + 2, end);
    c.authority = authority;
    const sign = authority.indexOf("@");
    if (sign >= 0) c.userinfo = authority.slice(0, sign);
    const hostStart = sign + 1;
    const close = authority.charCodeAt(hostStart) === 0x5b /* [ */ ? authority.indexOf("]", hostStart) + 1 : hostStart;
    const portColon = authority.indexOf(":", close);
    c.host = authority.slice(hostStart, portColon < 0 ? authority.length : portColon);
    if (portColon >= 0) c.port = authority.slice(portColon + 1);
    hostKind = hostKindOf(c.host);
    at = end;
  }
  const pathEnd = delimiter(input, at, false);
  c.path = input.slice(at, pathEnd);
  const hash = input.indexOf("#", pathEnd);
  if (input.charCodeAt(pathEnd) === QUESTION) c.query = input.slice(pathEnd + 1, hash < 0 ? input.length : hash);
  if (hash >= 0) c.fragment = input.slice(hash + 1);
  const absolute = c.scheme !== undefined;
  const form = iri ? (absolute ? "IRI" : "irelative-ref") : absolute ? "URI" : "relative-ref";
  return hostKind === undefined ? { components: c, form } : { components: c, form, hostKind };
}

/** A dec-octet of RFC 3986 3.2.2: "0" to "255", no leading zero. */
const DEC_OCTET = "(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])";
const IPV4 = new RegExp(`^${DEC_OCTET}\\.${DEC_OCTET}\\.${DEC_OCTET}\\.${DEC_OCTET}$`);

/**
 * The kind of a valid host, 3.2.2's first match: an IP-literal is an
 * IPvFuture ("v" first, either case), an IPv6addrz (RFC 6874: only a zone
 * holds a "%" in a literal) or an IPv6address; otherwise an IPv4address when
 * the whole host is one, else a reg-name (RFC 3987's ireg-name is RFC 3986's
 * reg-name to the contract).
 */
function hostKindOf(host: string): GenericHostKind {
  if (host.charCodeAt(0) === 0x5b /* [ */) {
    const v = host.charCodeAt(1);
    if (v === 0x76 || v === 0x56) return "IPvFuture";
    return host.includes("%") ? "IPv6addrz" : "IPv6address";
  }
  // (A short test first: the regular expression only on what is at most 15 characters.)
  return host.length <= 15 && IPV4.test(host) ? "IPv4address" : "reg-name";
}

/**
 * Reads `input` as a URI reference of RFC 3986 (`"rfc3986"`), of RFC 3986
 * with RFC 6874's zone identifiers (`"rfc3986+6874"`), or as an IRI
 * reference of RFC 3987 (`"rfc3987"`). Linear in the input's length;
 * throws a TypeError for a non-string input or spec, a RangeError for an
 * unknown spec.
 *
 * @example
 * readGeneric("http://1.2.3.256/", "rfc3986").hostKind; // → "reg-name"
 * readGeneric("a b", "rfc3986").rule; // → "segment-nz-nc"
 */
export function readGeneric(input: string, spec: GenericSpec): GenericReading {
  if (typeof input !== "string")
    throw new TypeError(`readGeneric: the input must be a string (a URI or IRI reference); got ${describe(input)}`);
  checkSpec(spec, "readGeneric");
  // The grammars decide: RFC 3987's syntax only (not its bidi or character
  // limits), zones only as "%25" (RFC 6874), "v" of IPvFuture in either case.
  // READING: R73
  // READING: R75
  // READING: R76
  const stop = scan(input, spec);
  if (!stop.valid) return { spec, valid: false, rule: stop.rule, offset: stop.offset, expected: stop.expected };
  const parts = partsOf(input, spec);
  const reading: GenericReading = { spec, valid: true, components: parts.components, form: parts.form };
  if (parts.hostKind !== undefined) reading.hostKind = parts.hostKind;
  return reading;
}

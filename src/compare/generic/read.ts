/**
 * readGeneric: a string read against RFC 3986, RFC 3986 with RFC 6874, or
 * RFC 3987, by the two back ends of one grammar text: the recognizer
 * (./recognize.ts) decides validity and, for an invalid string, the offset,
 * the rule and what was expected; for a valid string the peggy parser
 * compiled from the same grammar gives the components, read by its actions
 * (./grammar-actions.ts) as RFC 3986 section 3 names them.
 *
 * @module
 */
import { describe, listOf } from "../../args.js";
// RFC 3987's composed grammar holds RFC 3986's rules unchanged: its parser
// reads URI_reference for "rfc3986" and IRI_reference for "rfc3987".
import * as rfc3987 from "./generated/rfc3987-parser.js";
import * as rfc6874 from "./generated/rfc6874-parser.js";
import { scan } from "./recognize.js";
import type { GenericComponents, GenericHostKind, GenericParts, GenericReading, GenericSpec } from "./types.js";

/** The specs, in the order messages list them. */
export const GENERIC_SPECS: readonly GenericSpec[] = ["rfc3986", "rfc3986+6874", "rfc3987"];

/** Throws a TypeError for a non-string spec, a RangeError for a string that names none. */
export function checkSpec(spec: unknown, fn: string): asserts spec is GenericSpec {
  if (typeof spec === "string" && (GENERIC_SPECS as readonly string[]).includes(spec)) return;
  const message = `${fn}: the spec must be ${listOf(GENERIC_SPECS)}; got ${describe(spec)}`;
  throw typeof spec === "string" ? new RangeError(message) : new TypeError(message);
}

/**
 * Parses a whole reference with the spec's peggy parser. Only called on what
 * the recognizer accepts, so peggy need not record what it expected where
 * it failed (`peg$silentFails`, as src/syntax/parser.ts does): a fifth faster.
 */
function parseParts(input: string, spec: GenericSpec): GenericParts {
  if (spec === "rfc3986+6874") return rfc6874.parse(input, { startRule: "URI_reference", peg$silentFails: 1 } as never);
  const startRule = spec === "rfc3987" ? "IRI_reference" : "URI_reference";
  return rfc3987.parse(input, { startRule, peg$silentFails: 1 } as never);
}

/** The host kinds of the contract: ireg-name (RFC 3987) is RFC 3986's reg-name. */
function hostKind(rule: string): GenericHostKind {
  switch (rule) {
    case "IPv6address":
    case "IPv6addrz":
    case "IPvFuture":
    case "IPv4address":
      return rule;
    case "reg-name":
    case "ireg-name":
      return "reg-name";
    default:
      throw new Error(`readGeneric: the grammar named an unknown host kind ${describe(rule)}`);
  }
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
  const parts = parseParts(input, spec);
  const components: GenericComponents = { path: parts.path ?? "" };
  for (const name of ["scheme", "authority", "userinfo", "host", "port", "query", "fragment"] as const)
    if (parts[name] !== undefined) components[name] = parts[name];
  const reading: GenericReading = { spec, valid: true, components, form: parts.form };
  if (parts.hostKind !== undefined) reading.hostKind = hostKind(parts.hostKind);
  return reading;
}

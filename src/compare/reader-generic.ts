/**
 * The rows of compare() for the comparison grammars (RFC 3986, RFC 3986
 * with RFC 6874, RFC 3987): one row each, made from their one table
 * (scripts/profiles.js, COMPARISON_GRAMMARS, which the build writes out as
 * ./generic/generated/grammars.ts), read by ./generic/.
 *
 * @module
 */
import { COMPARISON_GRAMMARS } from "./generic/generated/grammars.js";
import { readGeneric, resolveGeneric, type GenericHostKind, type GenericSpec } from "./generic/index.js";
import { NO_TRAITS, readThenResolve, type Parsed, type Reader, type ReaderTraits, type Resolved } from "./reader.js";

/** RFC 3986's grammar, which every comparison grammar holds: IPv6 literals, an empty path, RFC 3986's resolution. */
const RFC3986_TRAITS: ReaderTraits = Object.freeze({
  ...NO_TRAITS,
  grammar: true,
  ipv6Literals: true,
  emptyPath: true,
});

/** RFC 3986 3.2.2's kinds, as the grammars name them (RFC 3987's ireg-name is a reg-name). */
export const GENERIC_HOST_KINDS = Object.freeze([
  "IPv6address",
  "IPv6addrz",
  "IPvFuture",
  "IPv4address",
  "reg-name",
] as const satisfies readonly GenericHostKind[]);

function parseBy(spec: GenericSpec): (input: string) => Parsed {
  return (input) => {
    const r = readGeneric(input, spec);
    if (r.valid) return { valid: true, components: r.components ?? { path: "" }, hostKind: r.hostKind };
    return {
      valid: false,
      rule: r.rule,
      offset: r.offset,
      message: r.expected === undefined ? undefined : `expected ${r.expected}`,
    };
  };
}

function resolveBy(spec: GenericSpec): (base: string, reference: string) => Resolved {
  return (base, reference) => {
    const r = resolveGeneric(base, reference, spec);
    return r.error !== undefined ? { error: r.error.message } : { resolved: r.resolved };
  };
}

type Grammar = (typeof COMPARISON_GRAMMARS)[number];

/** A comparison grammar's row. */
function genericReader<G extends Grammar>(g: G): Reader<G["spec"], GenericHostKind> & { kind: "spec" } {
  const traits: ReaderTraits = Object.freeze({ ...RFC3986_TRAITS, ...g.traits });
  return {
    name: g.spec,
    title: g.title,
    kind: "spec",
    cites: g.cites,
    traits,
    hostKinds: GENERIC_HOST_KINDS,
    read: readThenResolve(g.spec, traits, parseBy(g.spec), resolveBy(g.spec)),
  };
}

/** The rows, in the table's order. */
export const GENERIC_READERS = COMPARISON_GRAMMARS.map(genericReader) as unknown as RowsOf<typeof COMPARISON_GRAMMARS>;

/** The rows' types, one a grammar, in the table's order. */
type RowsOf<T extends readonly Grammar[]> = {
  readonly [K in keyof T]: T[K] extends Grammar ? Reader<T[K]["spec"], GenericHostKind> & { kind: "spec" } : never;
};

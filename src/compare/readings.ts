/**
 * The readers of compare(), one row each in `READERS`, and what is
 * derived from the table: the names ({@link SPECS}), the titles, the kinds
 * of host. Each row lives in a module of its own: ./reader-rfc2396.ts and
 * ./reader-rfc2732.ts (the library, strict and under the RFC 2732
 * profile), ./reader-generic.ts (RFC 3986, RFC 3986 with RFC 6874 and RFC
 * 3987, from the comparison grammars' one table), ./reader-whatwg.ts (the
 * platform's URL). Every row of src/implementations/'s table becomes a
 * reader of its own, in IMPLEMENTATION_READERS, through
 * ./reader-implementation.ts. The shape of a row is ./reader.ts.
 * Nothing here parses.
 *
 * @module
 */
import { IMPLEMENTATION_ROWS } from "../implementations/table.js";
import { GENERIC_READERS } from "./reader-generic.js";
import { readerOfImplementation } from "./reader-implementation.js";
import { RFC2396 } from "./reader-rfc2396.js";
import { RFC2732 } from "./reader-rfc2732.js";
import { WHATWG } from "./reader-whatwg.js";
import type { Reader, ReaderResult, Reading as RowReading } from "./reader.js";

export { COMPONENT_NAMES } from "./reader.js";
export type { ComponentKey, Components } from "./reader.js";

/** Every reader compare() reads an input by, in the order it lists them: a row a spec (or implementation). */
export const READERS = Object.freeze([RFC2396, RFC2732, ...GENERIC_READERS, WHATWG] as const);

type Row = (typeof READERS)[number];
type Names<T extends readonly { name: string }[]> = { readonly [K in keyof T]: T[K]["name"] };

/** The specs compare() reads an input by, in the order it lists them: the names of `READERS`' rows. */
export const SPECS = Object.freeze(READERS.map((r) => r.name)) as Names<typeof READERS>;
/** A spec compare() reads by: one of {@link SPECS}. */
export type SpecName = Row["name"];

/** What each spec is, in words, with the document it reads: each row's title. */
export const SPEC_TITLES: Readonly<Record<SpecName, string>> = Object.freeze(
  Object.fromEntries(READERS.map((r) => [r.name, r.title])) as Record<SpecName, string>,
);

/**
 * The kind of host, in each spec's own words: RFC 2396's alternatives of
 * `host` and its registry-based authority (`reg_name`, 3.2.1), RFC 2732's
 * `IPv6reference`, RFC 3986's 3.2.2 (`IPv6address`, `IPv6addrz` of RFC
 * 6874, `IPvFuture`, `IPv4address`, `reg-name`), and the URL Standard's
 * hosts (`domain`, `IPv4`, `IPv6`, `opaque`, `empty`): the union of the
 * rows' host kinds.
 */
export type HostKind = Row["hostKinds"][number];

/** One spec's reading of an input. */
export interface SpecReading extends ReaderResult {
  /** Whether the spec accepts the input (WHATWG: whether URL parses it, against the base when one is given). */
  valid: boolean;
  /** When invalid: the spec's grammar rule where it fails (unknown for WHATWG: URL does not say). */
  rule?: string;
  /** When invalid: the UTF-16 offset in the input where it fails (unknown for WHATWG). */
  offset?: number;
  /** When invalid: why, in words. */
  message?: string;
  /** When valid: the components (WHATWG, with a base: those of the URL record read against it). */
  components?: ReaderResult["components"];
  hostKind?: HostKind;
  /** With a base: the resolved reference (WHATWG: URL's href). */
  resolved?: string;
  /** With a base, when resolution fails: why. */
  resolveError?: string;
  /** WHATWG: the URL record's serialization. */
  href?: string;
  /** WHATWG: the input as the URL parser sees it, when that differs from the input (URL Standard 4.4, steps 1 to 3). */
  seen?: string;
}

/** A reading of one of `READERS`' rows. */
export interface Reading extends RowReading {
  /** The reader's name: a spec's, or an implementation's. */
  spec: ReaderName;
  result: SpecReading;
  comparedHostKind?: HostKind;
}

const BY_NAME: ReadonlyMap<string, Row> = new Map(READERS.map((r) => [r.name, r]));

/** Reads `input` (and resolves it against `base`) by one spec's row. */
export function readBy(spec: SpecName, input: string, base: string | undefined): Reading {
  return (BY_NAME.get(spec) as Row).read(input, base) as unknown as Reading;
}

/**
 * The implementations compare() can read an input by (`implementations`,
 * --implementations): a reader per row of src/implementations/'s table, in
 * its order, with the traits the row declares. A row added there is a
 * column here with no edit of this folder.
 */
export const IMPLEMENTATION_READERS: readonly Reader[] = Object.freeze(
  // (A row that is a spec's reader already, the platform's URL as "whatwg", is read once: as the spec.)
  // READING: R163
  IMPLEMENTATION_ROWS.filter((row) => !BY_NAME.has(row.name)).map((row) => readerOfImplementation(row)),
);

/** The names of the implementations compare() reads by, in the table's order. */
export const IMPLEMENTATION_NAMES: readonly string[] = Object.freeze(IMPLEMENTATION_READERS.map((r) => r.name));

/** An implementation compare() reads by: one of {@link IMPLEMENTATION_NAMES} ("java.net.URI", "python.urlsplit"...). */
export type ImplementationName = string;

/** A reader's name: a spec's or an implementation's. */
export type ReaderName = SpecName | ImplementationName;

/** One implementation's reading of an input: a spec's reading's shape, with the host the library reports. */
export interface ImplementationColumn extends SpecReading {
  /** The host the library reports, which its HTTP client connects to (undefined where it has none); with a base, the resolution's. */
  host?: string;
}

const IMPLEMENTATION_BY_NAME: ReadonlyMap<string, Reader> = new Map(IMPLEMENTATION_READERS.map((r) => [r.name, r]));

/** The reader of a spec or an implementation, by its name (undefined for an unknown one). */
export function readerNamed(name: string): Reader | undefined {
  return (BY_NAME.get(name) as Reader | undefined) ?? IMPLEMENTATION_BY_NAME.get(name);
}

/** Reads `input` (and resolves it against `base`) by one implementation's reader. */
export function readByImplementation(name: ImplementationName, input: string, base: string | undefined): Reading {
  return (IMPLEMENTATION_BY_NAME.get(name) as Reader).read(input, base) as Reading;
}

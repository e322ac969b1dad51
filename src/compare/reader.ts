/**
 * The shape of a reader of compare(): one row of the table READERS
 * (./readings.ts) per spec or implementation, each in a module of its own
 * (./reader-*.ts). A row says what it reads (`name`, `title`, `kind`,
 * `cites`), which kinds of host it names, what it does that the catalogue
 * of differences asks about (`traits`), and how it reads an input against
 * an optional base (`read`). The catalogue's detectors ask about traits,
 * never about names: a new row is explained by what it declares.
 *
 * The wrapper that most readers share (read the input; with a base,
 * resolve it, then read the result) is written once here,
 * {@link readThenResolve}.
 *
 * @module
 */
import type { ImplementationTraits } from "../implementations/types.js";
import type { GenericComponents } from "./generic/types.js";

/** The component names of RFC 3986 section 3, which every spec's components are given under. */
export const COMPONENT_NAMES = Object.freeze([
  "scheme",
  "authority",
  "userinfo",
  "host",
  "port",
  "path",
  "query",
  "fragment",
] as const);
/** A component's name, as RFC 3986 section 3 names it: one of {@link COMPONENT_NAMES}. */
export type ComponentKey = (typeof COMPONENT_NAMES)[number];

/** The components of a reading, as RFC 3986 names them, for every spec: a component absent is undefined, present and empty is "" (path is always a string). */
export type Components = GenericComponents;

/**
 * What a reader does that the catalogue of differences (./differences.ts)
 * asks about. Every row declares every trait; a detector that explains a
 * difference by a behaviour asks whether a side's reader declares it.
 */
export interface ReaderTraits extends Required<ImplementationTraits> {
  /** It reads an input only against its base (a relative reference alone fails) and gives the components of the result (URL Standard 4.4). */
  readonly readsAgainstBase: boolean;
  /** It is a library at a version (a row of src/implementations/), whose behaviour its source cites: set for every implementation, never declared. */
  readonly library: boolean;
}

/**
 * No trait: the baseline a row spreads and overrides, so that each row
 * says only what it does (an RFC 3986 resolution by default).
 */
export const NO_TRAITS: ReaderTraits = Object.freeze({
  grammar: false,
  readsAgainstBase: false,
  library: false,
  stripsControls: false,
  backslashAsSlash: false,
  lastAtEndsUserinfo: false,
  ipv6Literals: false,
  ipv6Zones: false,
  bracketsOutsideHost: false,
  nonAscii: false,
  lonePercent: false,
  encodesExcluded: false,
  emptyPath: false,
  registryAuthority: false,
  opaqueQuery: false,
  resolution: "rfc3986",
  urlHostRules: false,
  specialSlashes: false,
  fileHost: false,
  decodesHost: false,
  ipv4Forms: false,
  idna: false,
  ipv6Shortest: false,
  dropsDefaultPort: false,
  fillsDefaultPort: false,
  portAsNumber: false,
  dropsEmptyCredentials: false,
  emptyPathSlash: false,
  removesDotSegments: false,
  encodedDotSegments: false,
  encodesNonAscii: false,
  percentEncodes: false,
  emptyAuthorityUndefined: false,
  emptyRelativePath: false,
  otherCharacters: false,
  ipv4Strict: false,
  numericLabel: false,
  registryFallback: false,
  ipv6ScopeIds: false,
  opaqueNoPath: false,
  bracketsInPathRefused: false,
  portInt: false,
  resolvesRelativeBase: false,
  refusesControls: false,
  absoluteOnly: false,
  speaksSchemes: Object.freeze([]),
});

/** A trait's name: one of {@link ReaderTraits}' keys. */
export type TraitName = keyof ReaderTraits;

/** One reader's reading of an input (the public SpecReading, with the host kind as the reader names it). */
export interface ReaderResult {
  valid: boolean;
  rule?: string;
  offset?: number;
  message?: string;
  components?: Components;
  hostKind?: string;
  resolved?: string;
  resolveError?: string;
  href?: string;
  seen?: string;
  /** An implementation's: the host the library reports (its client connects to it), of the input or, with a base, of the resolution. */
  host?: string;
}

/** A reading with, for the comparison, the components of what is compared (the resolved reference, with a base). */
export interface Reading {
  /** The reader's name. */
  spec: string;
  /** What the reader declares: the catalogue's detectors ask about these. */
  traits: ReaderTraits;
  result: ReaderResult;
  /** The components compared: the input's, or with a base its resolution's; undefined when there are none. */
  compared?: Components;
  comparedHostKind?: string;
  /** An implementation's: the host the library reports for what is compared (undefined where it reports none). */
  comparedHost?: string;
  /** When invalid: the component the reader's own reading says it fails in (undefined when it does not say). */
  failedIn?: ComponentKey;
}

/** One row of READERS: a spec or an implementation compare() reads an input by. */
export interface Reader<Name extends string = string, Kind extends string = string> {
  /** What callers pass in `specs` (and --specs). */
  readonly name: Name;
  /** What it reads, in words. */
  readonly title: string;
  /** A spec (an RFC's grammar, the URL Standard) or an implementation (a library at a version). */
  readonly kind: "spec" | "implementation";
  /** The document, or the source, its reading follows. */
  readonly cites: string;
  readonly traits: ReaderTraits;
  /** The kinds of host it names, in its own words. */
  readonly hostKinds: readonly Kind[];
  /** Reads `input` (and resolves it against `base`): never throws for a string. */
  read(input: string, base: string | undefined): Reading;
}

/** A reader's own reading of one string: valid with its components, or where and why not. */
export type Parsed =
  | { valid: true; components: Components; hostKind?: string; host?: string }
  | { valid: false; rule?: string; offset?: number; message?: string; failedIn?: ComponentKey };

/** A reader's resolution of a reference against a base: the target, or why there is none. */
export type Resolved = { resolved: string; error?: undefined } | { resolved?: undefined; error: string };

/**
 * The reading most readers share: the input read on its own; with a base,
 * the reference resolved against it and the result read again, and the
 * comparison is of that result. `parse` and `resolve` are the reader's own
 * and never throw.
 */
// READING: R155
export function readThenResolve(
  name: string,
  traits: ReaderTraits,
  parse: (input: string) => Parsed,
  resolve: (base: string, reference: string) => Resolved,
): (input: string, base: string | undefined) => Reading {
  return (input, base) => {
    const parsed = parse(input);
    let result: ReaderResult;
    let compared: Components | undefined;
    let comparedHostKind: string | undefined;
    let comparedHost: string | undefined;
    let failedIn: ComponentKey | undefined;
    if (parsed.valid) {
      result = { valid: true, components: ordered(parsed.components), hostKind: parsed.hostKind };
      compared = result.components;
      comparedHostKind = result.hostKind;
      if (parsed.host !== undefined) result.host = comparedHost = parsed.host;
    } else {
      result = { valid: false, rule: parsed.rule, offset: parsed.offset, message: parsed.message };
      failedIn = parsed.failedIn;
    }
    if (base !== undefined) {
      compared = comparedHostKind = comparedHost = undefined;
      delete result.host;
      const r = resolve(base, input);
      if (r.error !== undefined) {
        result.resolveError = r.error;
      } else {
        result.resolved = r.resolved;
        const again = parse(r.resolved);
        if (again.valid) {
          compared = ordered(again.components);
          comparedHostKind = again.hostKind;
          if (again.host !== undefined) result.host = comparedHost = again.host;
        }
      }
    }
    const reading: Reading = { spec: name, traits, result, compared, comparedHostKind, failedIn };
    if (comparedHost !== undefined) reading.comparedHost = comparedHost;
    return reading;
  };
}

/**
 * Components in RFC 3986's order (scheme, authority, userinfo, host, port,
 * path, query, fragment), the absent ones left out.
 */
export function ordered(c: Partial<Record<ComponentKey, string | undefined>> | undefined): Components {
  const out: Partial<Components> = {};
  for (const key of COMPONENT_NAMES) {
    const value = c?.[key];
    if (value !== undefined) out[key] = value;
  }
  // (Every reader gives a path; a missing one would be "".)
  return { ...out, path: out.path ?? "" };
}

/** An exception's message, for a reader whose library throws. */
export function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/**
 * Each spec's reading of one input (and its resolution against a base),
 * in one shape: the verdict, where and why it fails, the components under
 * RFC 3986's names (absent: undefined; empty: ""), the kind of host and the
 * resolved reference. The readers are the project's own: the library for
 * RFC 2396 and, over the RFC 2732 tables, for RFC 2732
 * (./rfc2732-profile.ts); ./generic/ for RFC 3986, RFC 6874 and RFC 3987;
 * the platform's URL for WHATWG (./whatwg.ts). Nothing here parses.
 *
 * @module
 */
import { tryParse, type UriComponents } from "../components/parse.js";
import { resolve } from "../reference/resolve.js";
import * as rfc2732 from "./rfc2732-profile.js";
import {
  readGeneric,
  resolveGeneric,
  type GenericComponents,
  type GenericHostKind,
  type GenericSpec,
} from "./generic/index.js";
import { readWhatwg, whatwgPreprocess, type WhatwgHostKind } from "./whatwg.js";

/** The specs compare() reads an input by, in the order it lists them. */
export const SPECS = Object.freeze(["rfc2396", "rfc2732", "rfc3986", "rfc3986+6874", "rfc3987", "whatwg"] as const);
/** A spec compare() reads by: one of {@link SPECS}. */
export type SpecName = (typeof SPECS)[number];

/** What each spec is, in words, with the document it reads. */
export const SPEC_TITLES: Readonly<Record<SpecName, string>> = Object.freeze({
  rfc2396: "RFC 2396 (1998), Appendix A",
  rfc2732: "RFC 2396 as amended by RFC 2732 (IPv6 literals)",
  rfc3986: "RFC 3986 (2005), Appendix A",
  "rfc3986+6874": "RFC 3986 with RFC 6874's zone identifiers",
  rfc3987: "RFC 3987 (2005), IRIs",
  whatwg: "the WHATWG URL Standard, as this platform's URL implements it",
});

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
 * The kind of host, in each spec's own words: RFC 2396's alternatives of
 * `host` and its registry-based authority (`reg_name`, 3.2.1), RFC 2732's
 * `IPv6reference`, RFC 3986's 3.2.2 (`IPv6address`, `IPv6addrz` of RFC
 * 6874, `IPvFuture`, `IPv4address`, `reg-name`), and the URL Standard's
 * hosts (`domain`, `IPv4`, `IPv6`, `opaque`, `empty`).
 */
export type HostKind = "hostname" | "IPv4address" | "reg_name" | "IPv6reference" | GenericHostKind | WhatwgHostKind;

/** One spec's reading of an input. */
export interface SpecReading {
  /** Whether the spec accepts the input (WHATWG: whether URL parses it, against the base when one is given). */
  valid: boolean;
  /** When invalid: the spec's grammar rule where it fails (unknown for WHATWG: URL does not say). */
  rule?: string;
  /** When invalid: the UTF-16 offset in the input where it fails (unknown for WHATWG). */
  offset?: number;
  /** When invalid: why, in words. */
  message?: string;
  /** When valid: the components (WHATWG, with a base: those of the URL record read against it). */
  components?: Components;
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

/** A reading with, for the comparison, the components of what is compared (the resolved reference, with a base). */
export interface Reading {
  spec: SpecName;
  result: SpecReading;
  /** The components compared: the input's, or with a base its resolution's; undefined when there are none. */
  compared?: Components;
  comparedHostKind?: HostKind;
  /** When invalid: the component the spec's own reading says it fails in (the library's; undefined for the others). */
  failedIn?: ComponentKey;
}

/** The library's API under one profile: what ./rfc2732-profile.ts and the strict modules both give. */
interface Library {
  tryParse: typeof tryParse;
  resolve: typeof resolve;
}

const STRICT: Library = { tryParse, resolve };
const PROFILE_2732: Library = { tryParse: rfc2732.tryParse, resolve: rfc2732.resolve };

// READING: R82
/** RFC 2396 Appendix A's rule of each component, named where an input fails. */
const RULE_OF: Readonly<Record<string, string>> = Object.freeze({
  scheme: "scheme",
  authority: "authority",
  userinfo: "userinfo",
  host: "host",
  port: "port",
  path: "path",
  query: "query",
  fragment: "fragment",
});

/** Reads `input` (and resolves it against `base`) by one spec. */
export function readBy(spec: SpecName, input: string, base: string | undefined): Reading {
  if (spec === "whatwg") return readByWhatwg(input, base);
  if (spec === "rfc2396" || spec === "rfc2732")
    return readByLibrary(spec, spec === "rfc2396" ? STRICT : PROFILE_2732, input, base);
  return readByGeneric(spec, input, base);
}

function readByLibrary(spec: SpecName, lib: Library, input: string, base: string | undefined): Reading {
  const parsed = lib.tryParse(input);
  let result: SpecReading;
  let compared: Components | undefined;
  let comparedHostKind: HostKind | undefined;
  let failedIn: ComponentKey | undefined;
  if (parsed.ok) {
    result = { valid: true, components: fromLibrary(parsed.value), hostKind: libraryHostKind(parsed.value) };
    compared = result.components;
    comparedHostKind = result.hostKind;
  } else {
    const e = parsed.error;
    result = { valid: false, rule: RULE_OF[e.component ?? ""] ?? e.rule, offset: e.offset, message: e.message };
    failedIn = e.component;
  }
  if (base !== undefined) {
    compared = comparedHostKind = undefined;
    try {
      // The library resolves "?y" as Appendix C does, though Appendix A does not derive it.
      const resolved = lib.resolve(base, input);
      result.resolved = resolved;
      const again = lib.tryParse(resolved);
      if (again.ok) {
        compared = fromLibrary(again.value);
        comparedHostKind = libraryHostKind(again.value);
      }
    } catch (e) {
      result.resolveError = e instanceof Error ? e.message : String(e);
    }
  }
  return { spec, result, compared, comparedHostKind, failedIn };
}

/** The library's components under RFC 3986's names, absent ones left out. */
function fromLibrary(c: UriComponents): Components {
  return ordered(c);
}

// READING: R80
/** RFC 2396 3.2: a registry-based authority (3.2.1) has no host; a server's host is a hostname or an IPv4address (3.2.2), or RFC 2732's IPv6reference. */
function libraryHostKind(c: UriComponents): HostKind | undefined {
  if (c.authorityType === "registry") return "reg_name";
  return c.hostType;
}

function readByGeneric(spec: GenericSpec, input: string, base: string | undefined): Reading {
  const r = readGeneric(input, spec);
  const result: SpecReading = r.valid
    ? { valid: true, components: ordered(r.components), hostKind: r.hostKind }
    : {
        valid: false,
        rule: r.rule,
        offset: r.offset,
        message: r.expected === undefined ? undefined : `expected ${r.expected}`,
      };
  let compared = result.components;
  let comparedHostKind = result.hostKind;
  if (base !== undefined) {
    compared = comparedHostKind = undefined;
    const resolved = resolveGeneric(base, input, spec);
    if (resolved.error !== undefined) {
      result.resolveError = resolved.error.message;
    } else {
      result.resolved = resolved.resolved;
      const again = readGeneric(resolved.resolved, spec);
      if (again.valid) {
        compared = ordered(again.components);
        comparedHostKind = again.hostKind;
      }
    }
  }
  return { spec, result, compared, comparedHostKind };
}

/**
 * Components in RFC 3986's order (scheme, authority, userinfo, host, port,
 * path, query, fragment), the absent ones left out.
 */
function ordered(c: Partial<Record<ComponentKey, string | undefined>> | undefined): Components {
  const out: Partial<Components> = {};
  for (const key of COMPONENT_NAMES) {
    const value = c?.[key];
    if (value !== undefined) out[key] = value;
  }
  // (Every reader gives a path; a missing one would be "".)
  return { ...out, path: out.path ?? "" };
}

// READING: R79
/**
 * WHATWG: the platform's URL, against the base when one is given (the URL
 * Standard reads an input only with its base: a relative reference has no
 * components of its own there), every throw caught.
 */
function readByWhatwg(input: string, base: string | undefined): Reading {
  const r = readWhatwg(input, base);
  const seen = whatwgPreprocess(input);
  const result: SpecReading = r.valid
    ? { valid: true, components: ordered(r.components), hostKind: r.hostKind, href: r.href }
    : { valid: false, message: r.message };
  if (seen !== input) result.seen = seen;
  if (base !== undefined) {
    if (r.valid) result.resolved = r.href;
    else result.resolveError = r.message;
  }
  return { spec: "whatwg", result, compared: result.components, comparedHostKind: result.hostKind };
}

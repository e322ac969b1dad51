/**
 * The RFC 2396 row of compare(): the library itself, strict Appendix A.
 *
 * @module
 */
import { tryParse } from "../components/parse.js";
import { resolve } from "../reference/resolve.js";
import { NO_TRAITS, readThenResolve, type Reader, type ReaderTraits } from "./reader.js";
import { LIBRARY_HOST_KINDS, libraryParse, libraryResolve } from "./reader-library.js";

const LIBRARY = { tryParse, resolve };

/** RFC 2396's grammar: no IPv6 literal, no empty path, registry-based authorities, opaque URIs, its own resolution. */
export const RFC2396_TRAITS: ReaderTraits = Object.freeze({
  ...NO_TRAITS,
  grammar: true,
  registryAuthority: true,
  opaqueQuery: true,
  resolution: "rfc2396",
});

export const RFC2396 = {
  name: "rfc2396",
  title: "RFC 2396 (1998), Appendix A",
  kind: "spec",
  cites: "RFC 2396, Appendix A (and 5.2 for resolution)",
  traits: RFC2396_TRAITS,
  hostKinds: LIBRARY_HOST_KINDS.filter((k) => k !== "IPv6reference") as readonly (
    "hostname" | "IPv4address" | "reg_name"
  )[],
  read: readThenResolve("rfc2396", RFC2396_TRAITS, libraryParse(LIBRARY), libraryResolve(LIBRARY)),
} as const satisfies Reader;

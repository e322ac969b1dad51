/**
 * The RFC 2732 row of compare(): the library under the RFC 2732 profile
 * (./rfc2732-profile.ts, the one module of src/compare/ that names a
 * profile; this one must import it by that name from this folder).
 *
 * @module
 */
import * as rfc2732 from "./rfc2732-profile.js";
import { readThenResolve, type Reader, type ReaderTraits } from "./reader.js";
import { LIBRARY_HOST_KINDS, libraryParse, libraryResolve } from "./reader-library.js";
import { RFC2396_TRAITS } from "./reader-rfc2396.js";

const LIBRARY = { tryParse: rfc2732.tryParse, resolve: rfc2732.resolve };

/** RFC 2396's grammar with RFC 2732's IPv6 literals, and "[" and "]" reserved. */
const TRAITS: ReaderTraits = Object.freeze({ ...RFC2396_TRAITS, ipv6Literals: true, bracketsOutsideHost: true });

export const RFC2732 = {
  name: "rfc2732",
  title: "RFC 2396 as amended by RFC 2732 (IPv6 literals)",
  kind: "spec",
  cites: "RFC 2396, Appendix A, as RFC 2732 section 3 amends it",
  traits: TRAITS,
  hostKinds: LIBRARY_HOST_KINDS,
  read: readThenResolve("rfc2732", TRAITS, libraryParse(LIBRARY), libraryResolve(LIBRARY)),
} as const satisfies Reader;

/**
 * Which grammar this build of the library reads: strict RFC 2396, or RFC
 * 2396 as amended by RFC 2732 (the `rfc2396/rfc2732` entry). The library is
 * one set of modules; the RFC 2732 build is the same modules over the tables
 * and parser generated from grammar/rfc2396.peggy composed with
 * grammar/rfc2732.peggy (scripts/finish-build.js makes it). What the grammar
 * decides follows from the tables alone; the few places that must know the
 * profile read this flag.
 *
 * @module
 */
import { PROFILE } from "./generated/rfc2396-dfa.js";

/** The profile's name, as the CLI and the regex export spell it. */
export const PROFILE_NAME: "rfc2396" | "rfc2732" = PROFILE;

/** Whether RFC 2732 amends the grammar (IPv6 literals; "[" and "]" reserved, not unwise). */
export const RFC2732: boolean = PROFILE === "rfc2732";

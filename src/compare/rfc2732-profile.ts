/**
 * The library under the RFC 2732 profile, for the `rfc2732` column of
 * compare(): the entry rfc2396/rfc2732's functions, which bind the profile
 * (a value, src/profiles/generated/rfc2732.ts) while they run. The one module of
 * src/compare/ that names a profile.
 *
 * @module
 */
export { tryParse, resolve, PROFILE } from "../rfc2732/index.js";

/**
 * The library under the RFC 2732 profile (IPv6 literals), for the viewer's
 * switch: the entry rfc2396/rfc2732 (src/rfc2732/), whose functions bind the
 * profile, a value, while they run. Its `PROFILE` is "rfc2732"; the page
 * checks that it is.
 */
export * from "../src/rfc2732/index";

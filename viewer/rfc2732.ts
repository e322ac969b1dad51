/**
 * The library under the RFC 2732 profile (IPv6 literals), for the viewer's
 * switch. To TypeScript this is src/index.ts again, the same types; the
 * build (scripts/build-site.js) loads this module and every module of src/
 * it reaches as a second copy of the library, whose src/syntax/ reads the
 * tables and parser generated from the composed grammar
 * (src/syntax/generated/rfc2732-dfa.js and rfc2732-parser.js). Its `PROFILE`
 * is then "rfc2732"; the page checks that it is.
 */
export * from "../src/index";

/**
 * The library under the RFC 2732 profile, for the `rfc2732` column of
 * compare(): the one module of src/compare/ that names a profile. To
 * TypeScript it is the strict library's modules (the same types); each
 * build reads it in the profile's copy of the library, where src/syntax/'s
 * two imports of generated code name the RFC 2732 tables and parser
 * (scripts/profiles.js):
 *
 * - dist/: scripts/finish-build.js writes this module's imports as the
 *   profile's copy's (`../rfc2732/components/parse.js`...), which the build
 *   makes anyway for the entry rfc2396/rfc2732;
 * - the viewer: scripts/build-site.js loads this module in its esbuild
 *   namespace "rfc2732", the second copy it already bundles for the switch;
 * - jest: jest.config.js maps it to dist/rfc2732/index.js, the built
 *   profile (so the tests that read the rfc2732 column need `npm run build`).
 *
 * It exports what dist/rfc2732/index.js exports under the same names.
 *
 * @module
 */
export { tryParse } from "../components/parse.js";
export { resolve } from "../reference/resolve.js";
export { PROFILE_NAME as PROFILE } from "../syntax/profile.js";

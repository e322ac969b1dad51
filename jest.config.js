// @ts-check
// One jest project per profile of scripts/profiles.js, over the same
// sources. The first ("rfc2396") is the library as the main entry ships it,
// with the tests of test/. Each other profile is the same modules over its
// own generated tables and parser (the imports scripts/profiles.js swaps,
// as the build does for dist/<profile>/), with the tests of test/<profile>/.
const { PROFILES, DEFAULT_PROFILE, swaps } = require("./scripts/profiles.js");

/** The sources import each other as "./x.js" (what Node's ES modules need at run time); jest reads x.ts. */
const JS_TO_TS = { "^(\\.{1,2}/.*)\\.js$": "$1" };

/**
 * rfc2396/compare reads the strict library and the RFC 2732 profile at once:
 * its one module that names the profile (src/compare/rfc2732-profile.ts) is,
 * under jest, the built profile (dist/rfc2732/index.js, which exports the
 * same names), as it is the profile's copy in dist/ (scripts/finish-build.js).
 * Jest holds one instance of each source file, so a second copy of src/ over
 * the other tables cannot be made here: the tests that read the rfc2732
 * column need `npm run build`.
 */
const COMPARE_PROFILE = {
  "^\\./rfc2732-profile(\\.js)?$": `<rootDir>/dist/${PROFILES.find((p) => p.name === "rfc2732")?.dir}/index.js`,
};

/** @type {import('jest').Config} */
const common = {
  testEnvironment: "node",
  testMatch: ["**/*.test.ts"],
  transform: {
    "^.+\\.ts$": ["ts-jest", { tsconfig: "tsconfig.json" }],
  },
};

/** @type {import('jest').Config} */
module.exports = {
  // The tools npm does not install, named before any test runs (scripts/prerequisites.js).
  globalSetup: "<rootDir>/scripts/prerequisites.js",
  projects: PROFILES.map((profile) =>
    profile === DEFAULT_PROFILE
      ? {
          ...common,
          displayName: profile.name,
          roots: ["<rootDir>/test"],
          testPathIgnorePatterns: [
            "/node_modules/",
            ...PROFILES.filter((p) => p !== DEFAULT_PROFILE).map((p) => `<rootDir>/test/${p.name}/`),
          ],
          moduleNameMapper: { ...COMPARE_PROFILE, ...JS_TO_TS },
        }
      : {
          ...common,
          displayName: profile.name,
          roots: [`<rootDir>/test/${profile.name}`],
          moduleNameMapper: {
            ...Object.fromEntries(
              swaps(profile).map(([from, to]) => [
                `^\\./generated/${from}(\\.js)?$`,
                `<rootDir>/src/syntax/generated/${to}.js`,
              ]),
            ),
            ...JS_TO_TS,
          },
        },
  ),
};

// @ts-check
// One jest project per profile of scripts/profiles.js, over the same
// sources: the first ("rfc2396") runs the tests of test/, each other one the
// tests of test/<profile>/, which import the profile's entry
// (src/rfc2732/, as users import rfc2396/rfc2732) or bind the profile, a
// value (src/profiles/), around the internals they test. No module is mapped
// per profile: the library is one build.
const { PROFILES, DEFAULT_PROFILE } = require("./scripts/profiles.js");

/** The sources import each other as "./x.js" (what Node's ES modules need at run time); jest reads x.ts. */
const JS_TO_TS = { "^(\\.{1,2}/.*)\\.js$": "$1" };

/** @type {import('jest').Config} */
const common = {
  testEnvironment: "node",
  testMatch: ["**/*.test.ts"],
  transform: {
    "^.+\\.ts$": ["ts-jest", { tsconfig: "tsconfig.json" }],
  },
  moduleNameMapper: JS_TO_TS,
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
        }
      : { ...common, displayName: profile.name, roots: [`<rootDir>/test/${profile.name}`] },
  ),
};

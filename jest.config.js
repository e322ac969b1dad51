// @ts-check
// Two projects over the same sources. "rfc2396" is the library as the main
// entry ships it. "rfc2732" is the same modules over the tables and parser
// generated from grammar/rfc2396.peggy composed with grammar/rfc2732.peggy,
// exactly as the rfc2396/rfc2732 entry is built (scripts/finish-build.js
// swaps the same two modules); its tests live in test/rfc2732/.

/** The sources import each other as "./x.js" (what Node's ES modules need at run time); jest reads x.ts. */
const JS_TO_TS = { "^(\\.{1,2}/.*)\\.js$": "$1" };

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
  projects: [
    {
      ...common,
      displayName: "rfc2396",
      roots: ["<rootDir>/test"],
      testPathIgnorePatterns: ["/node_modules/", "<rootDir>/test/rfc2732/"],
      moduleNameMapper: JS_TO_TS,
    },
    {
      ...common,
      displayName: "rfc2732",
      roots: ["<rootDir>/test/rfc2732"],
      moduleNameMapper: {
        "^\\./generated/rfc2396-(dfa|parser)(\\.js)?$": "<rootDir>/src/syntax/generated/rfc2732-$1.js",
        ...JS_TO_TS,
      },
    },
  ],
};

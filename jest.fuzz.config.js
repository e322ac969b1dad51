// @ts-check
// npm run fuzz: the fuzzer, which jest runs like a test but never in CI.
const base = require("./jest.config.js");
/** @type {import('jest').Config} */
module.exports = { ...base, testMatch: ["**/fuzz/*.fuzz.ts"], testTimeout: 24 * 60 * 60 * 1000 };

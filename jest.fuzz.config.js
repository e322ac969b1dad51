// npm run fuzz: the fuzzer, which jest runs like a test but never in CI.
const base = require("./jest.config.js");
module.exports = { ...base, testMatch: ["**/fuzz/*.fuzz.ts"], testTimeout: 24 * 60 * 60 * 1000 };

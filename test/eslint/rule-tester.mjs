// Runs ESLint's RuleTester over the cases of cases.mjs, against the built
// plugin as the package exports it (rfc2396/eslint), under the ESLint named
// on the command line (eslint, or eslint-v9: the same tests in ESLint 10
// and 9). Prints one JSON line: [suite, case name, null or the failure].
// test/eslint-plugin.test.ts runs it once per ESLint and reports each case.
import { createRequire } from "node:module";
import json from "@eslint/json";
import markdown from "@eslint/markdown";
import tseslint from "typescript-eslint";
import rfc2396 from "rfc2396/eslint";
import { SUITES } from "./cases.mjs";

const eslintName = process.argv[2] ?? "eslint";
const { RuleTester } = createRequire(import.meta.url)(eslintName);
const results = [];
let suite = "";
RuleTester.describe = (_text, fn) => fn();
RuleTester.it = (text, fn) => {
  try {
    fn();
    results.push([suite, text, null]);
  } catch (e) {
    results.push([suite, text, String(e && e.message)]);
  }
};
RuleTester.itOnly = RuleTester.it;

/** Each suite's configuration: the language its cases are written in. */
const CONFIGS = {
  javascript: { languageOptions: { ecmaVersion: "latest", sourceType: "module" } },
  jsx: { languageOptions: { parserOptions: { ecmaFeatures: { jsx: true } } } },
  typescript: { languageOptions: { parser: tseslint.parser } },
  markdown: { plugins: { markdown }, language: "markdown/commonmark" },
  json: { plugins: { json }, language: "json/json" },
  jsonc: { plugins: { json }, language: "json/jsonc" },
  json5: { plugins: { json }, language: "json/json5" },
};

for (const [name, cases] of Object.entries(SUITES)) {
  suite = name;
  new RuleTester(CONFIGS[name]).run("valid-uri", rfc2396.rules["valid-uri"], cases);
}
process.stdout.write(
  JSON.stringify({ eslint: createRequire(import.meta.url)(`${eslintName}/package.json`).version, results }) + "\n",
);

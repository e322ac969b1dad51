// @ts-check
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import layers from "./eslint/import-direction.mjs";

export default tseslint.config(
  {
    ignores: [
      "node_modules/",
      "dist/",
      "dist-check/",
      "coverage/",
      "site/",
      "docs/api/",
      "docs/railroad/",
      "src/syntax/generated/",
      "src/regex/generated/",
      "src/schemes/generated/",
      "src/compare/generic/generated/",
      "src/lint/generated/",
      "test/fixtures/",
      "data/lint-repos/",
      "examples/http-request-line/request-line.*",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        console: "readonly",
        process: "readonly",
        require: "writable",
        module: "writable",
        __dirname: "readonly",
        Buffer: "readonly",
        setTimeout: "readonly",
        clearTimeout: "readonly",
        setImmediate: "readonly",
        URL: "readonly",
        TextDecoder: "readonly",
        TextEncoder: "readonly",
        performance: "readonly",
        globalThis: "readonly",
      },
    },
  },
  {
    files: ["**/*.js", "**/*.cjs"],
    languageOptions: { sourceType: "commonjs" },
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  {
    // No function over 120 lines (blank lines and comments not counted).
    files: ["src/**/*.ts", "scripts/**/*.js", "viewer/**/*.ts"],
    rules: { "max-lines-per-function": ["error", { max: 120, skipBlankLines: true, skipComments: true }] },
  },
  {
    files: ["src/**/*.ts"],
    plugins: { layers },
    rules: {
      "layers/import-direction": "error",
      "no-restricted-imports": [
        "error",
        { paths: [{ name: "parse5", message: "parse5 is imported only in src/html/ (the rfc2396/html entry)" }] },
      ],
    },
  },
  {
    files: ["src/html/**/*.ts"],
    rules: { "no-restricted-imports": "off" },
  },
);

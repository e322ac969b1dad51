/**
 * `rfc2396/eslint`: an ESLint plugin (flat config, ESLint 9 and 10) with
 * one rule, `rfc2396/valid-uri`, which checks the URI references of
 * JavaScript and TypeScript, and of Markdown and JSON through
 * `@eslint/markdown` and `@eslint/json`, as RFC 2396 defines them.
 *
 * @example
 * // eslint.config.mjs
 * import rfc2396 from "rfc2396/eslint";
 * export default [rfc2396.configs.recommended];
 *
 * @module
 */
import { type Context, type Visitors, validUri } from "./rule.js";

/** A rule as ESLint reads it. */
export interface RuleModule {
  readonly meta: Record<string, unknown>;
  create(context: Context): Visitors;
}

/** A flat configuration object. */
export interface FlatConfig {
  readonly name: string;
  readonly plugins: Record<string, Plugin>;
  readonly rules: Record<string, "error" | "warn" | "off" | [string, ...unknown[]]>;
}

/** The plugin. */
export interface Plugin {
  readonly meta: { readonly name: string; readonly version: string; readonly namespace: string };
  readonly rules: { readonly "valid-uri": RuleModule };
  readonly configs: { readonly recommended: FlatConfig };
}

/* eslint-disable-next-line @typescript-eslint/no-require-imports -- the package's own version, beside dist/ */
const { version } = require("../../package.json") as { version: string };

/** The plugin's meta: its name and version (for ESLint's cache) and the prefix of its rules. */
export const meta = Object.freeze({ name: "rfc2396/eslint", version, namespace: "rfc2396" });

/** The rules: `valid-uri`. */
export const rules = Object.freeze({ "valid-uri": validUri as RuleModule });

const recommended = {
  name: "rfc2396/recommended",
  plugins: {} as Record<string, Plugin>,
  rules: { "rfc2396/valid-uri": "error" as const },
};

/** The configurations: `recommended` turns `rfc2396/valid-uri` on (with its default options) for every file it is given. */
export const configs = Object.freeze({ recommended: recommended as FlatConfig });

/** The plugin: `plugins: { rfc2396 }`, or `rfc2396.configs.recommended`. */
const plugin: Plugin = Object.freeze({ meta, rules, configs });
recommended.plugins.rfc2396 = plugin;

export default plugin;

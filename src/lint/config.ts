/**
 * The configuration of `lint`: `rfc2396.config.json` in the working folder
 * (or the file of `--config`), or the `"rfc2396"` key of its package.json.
 * A mistake in it is an error with its place (file, line and column of the
 * key), never passed over.
 *
 * @module
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { DIAGNOSTIC_CODES, type Severity, type WarningCode, isWarningCode } from "../diagnose/codes.js";
import { positionsOf } from "./positions.js";
import { NotJsonError, jsonUris } from "./json.js";
import { type FileCode, isFileCode } from "./check.js";
import { placeholderForms } from "./placeholders.js";

/** What a configuration may say. */
export interface LintConfig {
  /** `strict` (RFC 2396) or `rfc2732` (RFC 2396 as RFC 2732 amends it). */
  profile?: "strict" | "rfc2732";
  /** Also report warnings (Sections 2.4.2, 3.1, 6, 7). */
  warnings?: boolean;
  /** A severity for warning codes and lint's own codes: `error`, `warning` or `off`. */
  severity?: Partial<Record<WarningCode | FileCode, Severity | "off">>;
  /** URIs not to check: globs over the whole URI, `*` any run of characters. */
  ignore?: string[];
  /** Globs of the files to read, and of those (and folders) to pass over. */
  include?: string[];
  exclude?: string[];
  /** JSON and YAML: more keys whose string values are URI references. */
  keys?: string[];
  /** XML: a schema (XSD) whose xs:anyURI attributes and elements are checked. */
  schema?: string;
  /** JSON and YAML: JSON Schemas whose `format: uri` (or `uri-reference`) properties are checked. */
  jsonSchemas?: string[];
  /** Whether to honour .gitignore files (default true). */
  gitignore?: boolean;
  /** Text and code: also relative references (default false). */
  relative?: boolean;
  /** The template placeholder forms passed over (default: DEFAULT_PLACEHOLDERS of ./placeholders.ts). */
  placeholders?: string[];
  /** A baseline (a SARIF log): its findings are not reported. */
  baseline?: string;
}

/** A configuration that cannot be used: where, and why. */
export class ConfigError extends Error {
  override readonly name = "ConfigError";
}

const FIELDS = [
  "profile",
  "warnings",
  "severity",
  "ignore",
  "include",
  "exclude",
  "keys",
  "schema",
  "jsonSchemas",
  "gitignore",
  "relative",
  "placeholders",
  "baseline",
];

/** `file:line:col` of the key `name` inside the object that starts at `from`, or of the object. */
function placeOf(file: string, text: string, name: string | undefined, from: number): string {
  const at = name === undefined ? -1 : text.indexOf(JSON.stringify(name), from);
  const offset = at >= 0 ? at : from;
  const [p] = positionsOf(text, [offset]);
  return `${file}:${p.line}:${p.chars}`;
}

/**
 * The configuration for the working folder `cwd`: from `explicit` when
 * given, else rfc2396.config.json, else package.json's "rfc2396"; `{}`
 * when there is none. `file` is where it came from.
 * @throws {ConfigError} for a file that is not JSON or a field that is wrong.
 */
export function loadConfig(
  cwd: string,
  explicit: string | undefined,
): { config: LintConfig; file: string | undefined } {
  const candidates = explicit !== undefined ? [explicit] : ["rfc2396.config.json", "package.json"];
  for (const name of candidates) {
    const file = path.resolve(cwd, name);
    let text: string;
    try {
      text = fs.readFileSync(file, "utf8");
    } catch (e) {
      if (explicit !== undefined)
        throw new ConfigError(`cannot read the configuration ${name}: ${(e as Error).message}`);
      continue;
    }
    if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    // The scanner of ./json.ts says where the text stops being JSON; JSON.parse gives the values.
    try {
      jsonUris(text, new Set());
    } catch (e) {
      if (!(e instanceof NotJsonError)) throw e;
      throw new ConfigError(`${placeOf(name, text, undefined, e.offset)}: not JSON: ${e.message}`);
    }
    const json: unknown = JSON.parse(text);
    const isPackage = explicit === undefined && name === "package.json";
    if (isPackage) {
      if (!isObject(json) || !Object.prototype.hasOwnProperty.call(json, "rfc2396")) continue;
      const from = text.indexOf('"rfc2396"');
      return { config: checkConfig(json.rfc2396, name, text, Math.max(0, from), "rfc2396."), file: name };
    }
    return { config: checkConfig(json, name, text, 0, ""), file: name };
  }
  return { config: {}, file: undefined };
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** Checks every field of a configuration, saying where a wrong one is. */
function checkConfig(raw: unknown, file: string, text: string, from: number, prefix: string): LintConfig {
  const fail = (key: string | undefined, message: string): never => {
    throw new ConfigError(
      `${placeOf(file, text, key, from)}: ${key === undefined ? prefix.replace(/\.$/, "") || "the configuration" : prefix + key} ${message}`,
    );
  };
  if (!isObject(raw)) return fail(undefined, "must be an object");
  const config: LintConfig = {};
  for (const key of Object.keys(raw)) {
    const v = raw[key];
    if (!FIELDS.includes(key)) fail(key, `is not a field of the configuration; the fields are ${FIELDS.join(", ")}`);
    if (key === "profile") {
      if (v !== "strict" && v !== "rfc2732") fail(key, 'must be "strict" or "rfc2732"');
      config.profile = v as "strict" | "rfc2732";
    } else if (key === "warnings" || key === "gitignore" || key === "relative") {
      if (typeof v !== "boolean") fail(key, "must be true or false");
      config[key] = v as boolean;
    } else if (key === "schema" || key === "baseline") {
      if (typeof v !== "string" || v === "")
        fail(key, key === "schema" ? "must be the path of an XML Schema file" : "must be the path of a SARIF log");
      config[key] = v as string;
    } else if (key === "placeholders") {
      if (!Array.isArray(v) || !v.every((s) => typeof s === "string")) fail(key, "must be an array of strings");
      try {
        placeholderForms(v as string[]);
      } catch (e) {
        fail(key, (e as Error).message.replace(/^the placeholder/, "has the placeholder"));
      }
      config.placeholders = v as string[];
    } else if (key === "severity") {
      config.severity = checkSeverity(v, (code, message) => fail(code ?? key, message));
    } else {
      if (!Array.isArray(v) || !v.every((s) => typeof s === "string" && s !== ""))
        fail(key, "must be an array of non-empty strings");
      config[key as "ignore" | "include" | "exclude" | "keys" | "jsonSchemas"] = v as string[];
    }
  }
  return config;
}

function checkSeverity(v: unknown, fail: (code: string | undefined, message: string) => never): LintConfig["severity"] {
  if (!isObject(v)) return fail(undefined, 'must be an object of codes and severities ("error", "warning" or "off")');
  const out: Partial<Record<WarningCode | FileCode, Severity | "off">> = {};
  for (const [code, level] of Object.entries(v)) {
    if (!isWarningCode(code) && !isFileCode(code)) {
      fail(
        code,
        Object.prototype.hasOwnProperty.call(DIAGNOSTIC_CODES, code)
          ? "is a syntax error, always an error"
          : "is not a warning code",
      );
    }
    if (level !== "error" && level !== "warning" && level !== "off") fail(code, 'must be "error", "warning" or "off"');
    out[code as WarningCode | FileCode] = level as Severity | "off";
  }
  return out;
}

/**
 * Whether `uri` matches the `ignore` glob `glob` as a whole: `*` any run of
 * characters, `?` any one, every other character itself. The greedy
 * matcher with one backtrack point (the last `*`): time bounded by the
 * URI's length times the glob's, never exponential as a RegExp of several
 * `.*` could be.
 */
export function matchesUriGlob(glob: string, uri: string): boolean {
  let g = 0;
  let u = 0;
  let star = -1;
  let mark = 0;
  while (u < uri.length) {
    if (g < glob.length && (glob[g] === "?" || (glob[g] !== "*" && glob[g] === uri[u]))) {
      g++;
      u++;
    } else if (g < glob.length && glob[g] === "*") {
      star = g++;
      mark = u;
    } else if (star >= 0) {
      g = star + 1;
      u = ++mark;
    } else {
      return false;
    }
  }
  while (g < glob.length && glob[g] === "*") g++;
  return g === glob.length;
}

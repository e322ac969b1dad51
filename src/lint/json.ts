/**
 * The URI references of a JSON document: the string values of the keys
 * that hold one (`$id`, `$ref`, `$schema` and the keys a user names), each
 * character placed where it is written (escapes decoded). A scanner of its
 * own, one pass with an explicit stack: linear, and any depth of nesting
 * reads without recursion.
 *
 * @module
 */
import type { FoundUri } from "./found.js";
import { type LintReader, NotReadError } from "./reader.js";

/** Keys whose string values are URI references in every JSON file (JSON Schema's). */
export const DEFAULT_KEYS: readonly string[] = Object.freeze(["$id", "$ref", "$schema"]);

/** A document that is not JSON: where (UTF-16 offset) and what was expected. */
export class NotJsonError extends NotReadError {
  override readonly name = "NotJsonError";
  constructor(offset: number, message: string) {
    super(offset, message, "JSON");
  }
}

/** A JSON string token: its decoded value and the place of each character. */
interface JsonString {
  value: string;
  /** Offsets of each character and of the closing quote; undefined when the string has no escape. */
  map: number[] | undefined;
  /** The offset of the first character (after the opening quote). */
  start: number;
  /** The offset after the closing quote. */
  next: number;
}

const ESCAPES: Readonly<Record<string, string>> = {
  '"': '"',
  "\\": "\\",
  "/": "/",
  b: "\b",
  f: "\f",
  n: "\n",
  r: "\r",
  t: "\t",
};

/** Reads the string whose opening quote is at `at`. */
function readString(text: string, at: number): JsonString {
  const start = at + 1;
  let i = start;
  // The common case: no escape, a slice.
  while (i < text.length && text[i] !== '"' && text[i] !== "\\" && text.charCodeAt(i) >= 0x20) i++;
  if (text[i] === '"') return { value: text.slice(start, i), map: undefined, start, next: i + 1 };
  const parts: string[] = [text.slice(start, i)];
  const map: number[] = [];
  for (let k = start; k < i; k++) map.push(k);
  for (;;) {
    if (i >= text.length) throw new NotJsonError(at, "a string that is not closed");
    const c = text[i];
    if (c === '"') break;
    if (text.charCodeAt(i) < 0x20) throw new NotJsonError(i, "a control character in a string (write it escaped)");
    if (c !== "\\") {
      parts.push(c);
      map.push(i);
      i++;
      continue;
    }
    const e = text[i + 1];
    if (e === "u") {
      const hex = text.slice(i + 2, i + 6);
      if (!/^[0-9a-fA-F]{4}$/.test(hex)) throw new NotJsonError(i, "\\u not followed by four hex digits");
      parts.push(String.fromCharCode(parseInt(hex, 16)));
      map.push(i);
      i += 6;
    } else if (e !== undefined && Object.prototype.hasOwnProperty.call(ESCAPES, e)) {
      parts.push(ESCAPES[e]);
      map.push(i);
      i += 2;
    } else {
      throw new NotJsonError(i, "a backslash that starts no JSON escape");
    }
  }
  map.push(i);
  return { value: parts.join(""), map, start, next: i + 1 };
}

/** A container being read: an object (with the key of the value to come) or an array. */
interface Frame {
  object: boolean;
  key: string | undefined;
}

/** The frame of every array (never changed: only an object's frame holds a key). */
const ARRAY: Frame = Object.freeze({ object: false, key: undefined }) as Frame;

/**
 * The string values of `keys` anywhere in the JSON `text` (any depth, in
 * objects only), in document order.
 * @throws {NotJsonError} when the text is not JSON.
 */
export function jsonUris(text: string, keys: ReadonlySet<string>, jsonc = false): FoundUri[] {
  const out: FoundUri[] = [];
  const stack: Frame[] = [];
  const skipSpace = jsonc ? skipSpaceAndComments : skipWhiteSpace;
  let i = skipSpace(text, 0);
  let expectValue = true;
  const valueDone = (): void => {
    expectValue = false;
    const top = stack[stack.length - 1];
    if (top !== undefined && top.object) top.key = undefined;
  };
  while (i < text.length) {
    const c = text[i];
    const top = stack[stack.length - 1];
    if (expectValue) {
      if (c === "{" || c === "[") {
        // (Arrays hold no key: one shared frame, so a deep array allocates nothing per level.)
        stack.push(c === "{" ? { object: true, key: undefined } : ARRAY);
        i = skipSpace(text, i + 1);
        if (text[i] === (c === "{" ? "}" : "]")) {
          stack.pop();
          i = skipSpace(text, i + 1);
          valueDone();
        } else if (c === "{") {
          i = readKey(text, i, stack[stack.length - 1], skipSpace);
        }
        continue;
      }
      if (c === '"') {
        const s = readString(text, i);
        if (top?.object && top.key !== undefined && keys.has(top.key)) {
          const where = top.key;
          out.push(
            s.map === undefined
              ? { value: s.value, start: s.start, where }
              : { value: s.value, start: s.start, map: s.map, where },
          );
        }
        i = s.next;
        valueDone();
      } else {
        const m = /^(?:true|false|null|-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?)/.exec(
          text.slice(i, i + 400),
        );
        if (m === null || m[0].length === 0)
          throw new NotJsonError(i, "a value expected (a string, number, object, array, true, false or null)");
        i += m[0].length;
        valueDone();
      }
      i = skipSpace(text, i);
      continue;
    }
    // After a value: a comma, or the end of the container.
    if (top === undefined) throw new NotJsonError(i, "text after the JSON value");
    if (c === ",") {
      i = skipSpace(text, i + 1);
      // JSONC (as VS Code reads it): a comma may end an object or an array.
      if (jsonc && text[i] === (top.object ? "}" : "]")) continue;
      if (top.object) i = readKey(text, i, top, skipSpace);
      expectValue = true;
      continue;
    }
    if (c === (top.object ? "}" : "]")) {
      stack.pop();
      i = skipSpace(text, i + 1);
      valueDone();
      continue;
    }
    throw new NotJsonError(i, `, or ${top.object ? "}" : "]"} expected`);
  }
  if (stack.length > 0 || expectValue) throw new NotJsonError(text.length, "the document ends before its value does");
  return out;
}

/** Reads `"key" :` at `i` into `frame`; returns the offset of the value. */
function readKey(text: string, i: number, frame: Frame, skipSpace: (text: string, i: number) => number): number {
  if (text[i] !== '"') throw new NotJsonError(i, "a key (a string in double quotes) expected");
  const s = readString(text, i);
  frame.key = s.value;
  i = skipSpace(text, s.next);
  if (text[i] !== ":") throw new NotJsonError(i, ": expected after the key");
  return skipSpace(text, i + 1);
}

function skipWhiteSpace(text: string, i: number): number {
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c !== 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) break;
    i++;
  }
  return i;
}

/** JSONC: white space, `// ...` to the end of the line and `/* ... *\/`. */
function skipSpaceAndComments(text: string, i: number): number {
  for (;;) {
    i = skipWhiteSpace(text, i);
    if (text[i] !== "/") return i;
    if (text[i + 1] === "/") {
      const nl = text.indexOf("\n", i);
      i = nl < 0 ? text.length : nl;
    } else if (text[i + 1] === "*") {
      const end = text.indexOf("*/", i + 2);
      if (end < 0) throw new NotJsonError(i, "a comment that is not closed");
      i = end + 2;
    } else return i;
  }
}

/** The `format`s of JSON Schema whose strings are URI references (RFC 3986's names; IRIs too). */
const URI_FORMATS = new Set(["uri", "uri-reference", "iri", "iri-reference"]);

/**
 * The names of the properties a JSON Schema types as URI references:
 * every `properties` entry, at any depth of the schema, whose schema says
 * `"type": "string"` (or no type) with a `format` of `uri`,
 * `uri-reference`, `iri` or `iri-reference`. They are read as keys, by
 * name, wherever they stand in a document (reading R85, as for XML's
 * xs:anyURI). Iterative: any depth.
 * @throws {SyntaxError} when the schema is not JSON.
 */
export function uriKeysOfSchema(schema: string): Set<string> {
  const keys = new Set<string>();
  const stack: unknown[] = [JSON.parse(schema)];
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node)) {
      for (const v of node) stack.push(v);
      continue;
    }
    if (typeof node !== "object" || node === null) continue;
    const properties = (node as Record<string, unknown>).properties;
    if (typeof properties === "object" && properties !== null && !Array.isArray(properties)) {
      for (const [name, sub] of Object.entries(properties)) {
        if (typeof sub !== "object" || sub === null) continue;
        const { format, type } = sub as { format?: unknown; type?: unknown };
        if (typeof format === "string" && URI_FORMATS.has(format) && (type === undefined || type === "string"))
          keys.add(name);
      }
    }
    for (const v of Object.values(node)) stack.push(v);
  }
  return keys;
}

/** The JSON reader: `.json` and JSON-LD. */
export const jsonReader: LintReader = {
  name: "json",
  title: "the string values of $id, $ref, $schema, the keys --keys names and those a JSON Schema types format uri",
  documents: { extensions: ["json", "jsonld", "geojson", "webmanifest", "har"] },
  included: {},
  comments: [],
  read: (text, settings) => jsonUris(text, settings.keys),
};

/**
 * JSON with comments and trailing commas, as VS Code reads it: the files that
 * are JSONC by convention (reading R106), read as JSON otherwise is.
 */
// READING: R106
export const jsoncReader: LintReader = {
  name: "jsonc",
  title:
    "as JSON, with // and /* */ comments and trailing commas (tsconfig.json, devcontainer.json, .vscode/, *.jsonc)",
  documents: {
    extensions: ["jsonc", "code-workspace", "code-snippets"],
    names: [
      "devcontainer.json",
      ".devcontainer.json",
      "jsconfig.json",
      ".eslintrc.json",
      ".babelrc",
      ".babelrc.json",
      "language-configuration.json",
      "api-extractor.json",
      "tslint.json",
      "typedoc.json",
    ],
    paths: [
      /(?:^|\/)tsconfig(?:\.[^/]*)?\.json$/i,
      /(?:^|\/)\.vscode\/[^/]*\.json$/i,
      /(?:^|\/)\.devcontainer\/[^/]*\.json$/i,
    ],
  },
  included: {},
  comments: ["//", "/*"],
  read: (text, settings) => jsonUris(text, settings.keys, true),
};

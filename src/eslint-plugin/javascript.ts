/**
 * The URI references of a JavaScript or TypeScript program (ESTree, as
 * espree and typescript-eslint's parser give it): the strings and the
 * static parts of templates and `+` concatenations that reach a URL-taking
 * call or property, and, with `everyLiteral`, every string that starts with
 * a scheme and `:`. Each code unit keeps its place in the source (escapes
 * decoded, reading them back from the source text).
 *
 * @module
 */
import { decodeReferences } from "../lint/found.js";
import { type Candidate, HOLE, schemeOf } from "./check.js";
import { decodeJsString } from "./literal.js";

/** The few ESTree (and JSX) fields read here. */
export interface EsNode {
  readonly type: string;
  readonly range: [number, number];
  readonly parent?: EsNode;
  readonly [field: string]: unknown;
}

/** A part of a value: decoded text with its places, or a placeholder over a source span. */
type Part = { text: string; map: number[]; approximate: boolean } | { hole: [number, number] };

/**
 * Calls (by the callee's dotted name, as written or less a leading `window.`, `globalThis.` or
 * `self.`) and which arguments are URLs. (`window.open`, not `open`: a bare `open` is as often a
 * file's.)
 */
const CALLS: Readonly<Record<string, readonly number[]>> = {
  fetch: [0],
  "URL.canParse": [0, 1],
  "URL.parse": [0, 1],
  "http.get": [0],
  "http.request": [0],
  "https.get": [0],
  "https.request": [0],
  axios: [0],
  "axios.get": [0],
  "axios.delete": [0],
  "axios.head": [0],
  "axios.options": [0],
  "axios.post": [0],
  "axios.put": [0],
  "axios.patch": [0],
  "axios.request": [0],
  "axios.create": [0],
  "location.assign": [0],
  "location.replace": [0],
  "document.location.assign": [0],
  "document.location.replace": [0],
  "window.open": [0],
  "navigator.sendBeacon": [0],
};

/** Constructors whose arguments are URLs. */
const CONSTRUCTORS: Readonly<Record<string, readonly number[]>> = {
  URL: [0, 1],
  Request: [0],
  EventSource: [0],
  WebSocket: [0],
};

/** The properties of a configuration object (axios's) that hold URLs. */
const CONFIG_KEYS = new Set(["url", "baseURL"]);

/** JSX attributes whose values are URLs. */
const JSX_ATTRIBUTES = new Set(["href", "src"]);

/** The global objects a name may start with. */
const GLOBALS = new Set(["window", "globalThis", "self"]);

/** The dotted name of a callee (`a.b.c`) as written; undefined for anything else. */
export function dottedName(node: EsNode): string | undefined {
  const names: string[] = [];
  let n: EsNode = node;
  while (n.type === "MemberExpression" && n.computed !== true) {
    const p = n.property as EsNode;
    if (p.type !== "Identifier") return undefined;
    names.push(p.name as string);
    n = n.object as EsNode;
  }
  if (n.type !== "Identifier") return undefined;
  names.push(n.name as string);
  return names.reverse().join(".");
}

/** The entry of `table` for a dotted name, as written or less a leading global object. */
function lookUp<T>(table: Readonly<Record<string, T>>, name: string): T | undefined {
  if (Object.prototype.hasOwnProperty.call(table, name)) return table[name];
  const dot = name.indexOf(".");
  if (dot < 0 || !GLOBALS.has(name.slice(0, dot))) return undefined;
  const rest = name.slice(dot + 1);
  return Object.prototype.hasOwnProperty.call(table, rest) ? table[rest] : undefined;
}

/** The last name of each callee of the tables: a call whose callee ends otherwise is passed over at once. */
const LAST_NAMES = new Set(
  [...Object.keys(CALLS), ...Object.keys(CONSTRUCTORS)].map((n) => n.slice(n.lastIndexOf(".") + 1)),
);

/** The URL arguments of a call or `new`, by its callee. */
export function urlArguments(node: EsNode): EsNode[] {
  const callee = node.callee as EsNode;
  const last =
    callee.type === "Identifier"
      ? callee.name
      : callee.type === "MemberExpression"
        ? (callee.property as EsNode).name
        : undefined;
  if (typeof last !== "string" || !LAST_NAMES.has(last) || (node.arguments as EsNode[]).length === 0) return [];
  const name = dottedName(callee);
  const indexes = name === undefined ? undefined : lookUp(node.type === "NewExpression" ? CONSTRUCTORS : CALLS, name);
  if (name === undefined || indexes === undefined) return [];
  const args = node.arguments as EsNode[];
  const out: EsNode[] = [];
  for (const i of indexes) {
    const a = args[i];
    if (a === undefined) continue;
    if (a.type === "ObjectExpression" && name.startsWith("axios")) out.push(...configValues(a));
    else out.push(a);
  }
  return out;
}

/** The values of `url` and `baseURL` in an object literal. */
function configValues(node: EsNode): EsNode[] {
  const out: EsNode[] = [];
  for (const p of node.properties as EsNode[]) {
    if (p.type !== "Property" || p.computed === true) continue;
    const key = p.key as EsNode;
    const name = key.type === "Identifier" ? key.name : key.type === "Literal" ? key.value : undefined;
    if (typeof name === "string" && CONFIG_KEYS.has(name)) out.push(p.value as EsNode);
  }
  return out;
}

/** The value of an assignment to the location (`location.href = ...`, `window.location = ...`), or undefined. */
export function assignedUrl(node: EsNode): EsNode | undefined {
  if (node.operator !== "=") return undefined;
  const left = node.left as EsNode;
  const last =
    left.type === "Identifier"
      ? left.name
      : left.type === "MemberExpression"
        ? (left.property as EsNode).name
        : undefined;
  if (last !== "location" && last !== "href") return undefined;
  const name = dottedName(left);
  return name !== undefined && lookUp(LOCATIONS, name) === true ? (node.right as EsNode) : undefined;
}

/** What may be assigned a URL (as written or less a leading global object). */
const LOCATIONS: Readonly<Record<string, true>> = {
  location: true,
  "location.href": true,
  "document.location": true,
  "document.location.href": true,
};

/** The value of an `href` or `src` JSX attribute, or undefined. */
export function jsxUrl(node: EsNode): EsNode | undefined {
  const name = node.name as EsNode;
  if (name.type !== "JSXIdentifier" || !JSX_ATTRIBUTES.has(name.name as string)) return undefined;
  const value = node.value as EsNode | null;
  if (value === null) return undefined;
  return value.type === "JSXExpressionContainer" ? (value.expression as EsNode) : value;
}

/** Whether a node is a string: a string literal or a template. */
export function isStringNode(node: EsNode): boolean {
  return (node.type === "Literal" && typeof node.value === "string") || node.type === "TemplateLiteral";
}

/** TypeScript's expressions that only say a type: `x as T`, `<T>x`, `x!`, `x satisfies T`. */
const TYPE_WRAPPERS = new Set(["TSAsExpression", "TSTypeAssertion", "TSNonNullExpression", "TSSatisfiesExpression"]);

/**
 * The parts of an expression read as a URI: a string, a template (its
 * `${...}` placeholders), a `+` of such with anything (what is not a
 * string is a placeholder); undefined when no part is a string.
 */
function partsOf(node: EsNode, text: string, jsx: boolean, seen: WeakSet<object>): Part[] | undefined {
  while (TYPE_WRAPPERS.has(node.type)) node = node.expression as EsNode;
  if (node.type === "Literal" && typeof node.value === "string") {
    seen.add(node);
    return [literalPart(node, text, jsx)];
  }
  if (node.type === "TemplateLiteral") {
    seen.add(node);
    return templateParts(node, text);
  }
  if (node.type === "BinaryExpression" && node.operator === "+") return concatenation(node, text, seen);
  return undefined;
}

/**
 * The parts of a `+` chain (`a + b + c` nests to the left): its operands
 * gathered in one loop, linear in the chain however long; an operand that
 * is not a string (or is itself a `+` in parentheses) is a placeholder.
 */
function concatenation(node: EsNode, text: string, seen: WeakSet<object>): Part[] | undefined {
  const operands: EsNode[] = [];
  let n = node;
  while (n.type === "BinaryExpression" && n.operator === "+") {
    operands.push(n.right as EsNode);
    n = n.left as EsNode;
  }
  operands.push(n);
  const out: Part[] = [];
  let strings = false;
  for (let i = operands.length - 1; i >= 0; i--) {
    const o = operands[i];
    const parts = o.type === "BinaryExpression" ? undefined : partsOf(o, text, false, seen);
    if (parts === undefined) out.push({ hole: o.range });
    else {
      strings = true;
      for (const p of parts) out.push(p);
    }
  }
  return strings ? out : undefined;
}

/** A string literal's part: its text between the quotes decoded (JSX attributes: character references). */
function literalPart(node: EsNode, text: string, jsx: boolean): Part {
  const [from, to] = node.range;
  const raw = text.slice(from + 1, to - 1);
  const decoded = jsx ? decodeReferences(raw) : decodeJsString(raw);
  return placed(node.value as string, decoded, from + 1);
}

/** A template's parts: each static part decoded, each `${...}` a placeholder. */
function templateParts(node: EsNode, text: string): Part[] | undefined {
  const quasis = node.quasis as EsNode[];
  const expressions = node.expressions as EsNode[];
  const out: Part[] = [];
  for (let i = 0; i < quasis.length; i++) {
    const q = quasis[i];
    const cooked = (q.value as { cooked: string | null }).cooked;
    if (cooked === null) return undefined;
    const [from, to] = q.range;
    // (A static part's range holds its delimiters: ` or } before, ${ or ` after.)
    const tail = q.tail === true;
    const rawStart = from + 1;
    const rawEnd = to - (tail ? 1 : 2);
    const delimited = text[from] === (i === 0 ? "`" : "}") && text.slice(rawEnd, to) === (tail ? "`" : "${");
    const decoded = delimited ? decodeJsString(text.slice(rawStart, rawEnd), true) : undefined;
    out.push(placed(cooked, decoded, rawStart));
    if (i < expressions.length) out.push({ hole: expressions[i].range });
  }
  return out;
}

/** A part of `value` with its places from `decoded` (exact when it gives `value` back), else at `start`. */
function placed(value: string, decoded: { value: string; map: number[] } | undefined, start: number): Part {
  if (decoded !== undefined && decoded.value === value) {
    return { text: value, map: decoded.map.map((o) => o + start), approximate: false };
  }
  // READING: R84
  return { text: value, map: Array.from({ length: value.length + 1 }, () => start), approximate: true };
}

/** The candidate an expression makes, or undefined when it holds no string. */
export function candidateOf(node: EsNode, text: string, seen: WeakSet<object>, jsx = false): Candidate | undefined {
  const parts = partsOf(node, text, jsx, seen);
  if (parts === undefined) return undefined;
  const values: string[] = [];
  const map: number[] = [];
  const holes: [number, number][] = [];
  let approximate = false;
  let length = 0;
  let end = node.range[0];
  for (const p of parts) {
    if ("hole" in p) {
      holes.push([length, length + HOLE.length]);
      values.push(HOLE);
      for (let k = 0; k < HOLE.length; k++) map.push(p.hole[0]);
      length += HOLE.length;
      end = p.hole[1];
    } else {
      values.push(p.text);
      for (let k = 0; k < p.text.length; k++) map.push(p.map[k]);
      length += p.text.length;
      end = p.map[p.text.length];
      approximate ||= p.approximate;
    }
  }
  map.push(end);
  return { value: values.join(""), map, holes, approximate };
}

/**
 * Whether a string found anywhere is checked under `everyLiteral`: it
 * starts with a scheme of two characters or more (one is a drive letter,
 * `C:\`) and `:`, followed by something other than white space
 * (`Error: ...`, `note: ...` are prose). Reading R122.
 */
export function looksLikeUri(value: string): boolean {
  // READING: R122
  const scheme = schemeOf(value);
  if (scheme === undefined || scheme.length < 2) return false;
  const next = value[scheme.length + 1];
  return next !== undefined && !/\s/.test(next);
}

/** Parents whose strings are not URIs for `everyLiteral`: module names, property keys, types. */
const NOT_VALUES = new Set([
  "ImportDeclaration",
  "ExportNamedDeclaration",
  "ExportAllDeclaration",
  "ImportExpression",
  "TSExternalModuleReference",
  "TSModuleDeclaration",
  "TSLiteralType",
  "TSImportType",
]);

/** Whether a string stands where `everyLiteral` reads it (not a module name, key or type). */
export function isValuePosition(node: EsNode): boolean {
  const parent = node.parent;
  if (parent === undefined) return true;
  if (NOT_VALUES.has(parent.type)) return false;
  if ((parent.type === "Property" || parent.type === "PropertyDefinition") && parent.key === node) return false;
  return parent.type !== "TaggedTemplateExpression";
}

/**
 * The URI references of the documents ESLint reads through other plugins'
 * languages: Markdown (@eslint/markdown), read by `rfc2396 lint`'s own
 * Markdown reader (src/lint/markdown.ts) over the source text, and JSON,
 * JSONC and JSON5 (@eslint/json), read off the tree that language gives.
 *
 * @module
 */
import type { FoundUri } from "../lint/found.js";
import type { Candidate } from "./check.js";
import { decodeJsString } from "./literal.js";

/** The few fields of a JSON tree node (@humanwhocodes/momoa, as @eslint/json gives it) read here. */
export interface JsonNode {
  readonly type: string;
  readonly loc: { readonly start: { readonly offset: number }; readonly end: { readonly offset: number } };
  readonly value?: unknown;
  readonly name?: JsonNode | string;
  readonly members?: readonly JsonNode[];
  readonly elements?: readonly { readonly value: JsonNode }[];
}

/** A candidate for a found URI of lint's readers. */
export function candidateOfFound(f: FoundUri): Candidate {
  const map = f.map ?? Array.from({ length: f.value.length + 1 }, (_, i) => f.start + i);
  return { value: f.value, map, holes: [], approximate: f.approximate === true };
}

let markdown: typeof import("../lint/markdown.js") | undefined;

/**
 * The URI references of a Markdown document, as `rfc2396 lint` reads them
 * (links, images, definitions, autolinks; never code). The reader and its
 * tokenizer are loaded on the first Markdown file.
 */
export function markdownCandidates(text: string): Candidate[] {
  /* eslint-disable-next-line @typescript-eslint/no-require-imports -- the Markdown tokenizer, on first use */
  markdown ??= require("../lint/markdown.js") as typeof import("../lint/markdown.js");
  return markdown.markdownUris(text).map(candidateOfFound);
}

/** The name of a JSON member: a string key, or a JSON5 identifier. */
export function memberName(member: JsonNode): string | undefined {
  const name = member.name as JsonNode;
  if (name.type === "String") return name.value as string;
  return name.type === "Identifier" ? (name.name as string) : undefined;
}

/** The candidate of a JSON (JSONC, JSON5) string node: its text between the quotes decoded, each unit placed. */
export function jsonStringCandidate(node: JsonNode, text: string): Candidate {
  const from = node.loc.start.offset + 1;
  const to = node.loc.end.offset - 1;
  const value = node.value as string;
  const decoded = decodeJsString(text.slice(from, to));
  if (decoded !== undefined && decoded.value === value) {
    return { value, map: decoded.map.map((o) => o + from), holes: [], approximate: false };
  }
  // READING: R84
  return { value, map: Array.from({ length: value.length + 1 }, () => from), holes: [], approximate: true };
}

/** JSON Schema's formats of URI references (RFC 3986's names; IRIs are not URIs in RFC 2396). */
const URI_FORMATS = new Set(["uri", "uri-reference"]);

/** The members of a schema whose strings are instances of that schema: examples of its format. */
const INSTANCE_KEYS = new Set(["default", "const", "enum", "examples"]);

/**
 * The members of a JSON Schema object whose strings are URI references
 * when the object says `"format": format`: for `uri` and `uri-reference`,
 * the instances the schema gives of itself (`default`, `const`, and the
 * items of `enum` and `examples`); none for any other format (an `iri` may
 * hold what RFC 2396 does not allow). Reading R123.
 */
export function schemaInstanceKeys(format: string): readonly string[] {
  // READING: R123
  return URI_FORMATS.has(format) ? [...INSTANCE_KEYS] : [];
}

/** In a JSON Schema object, the strings {@link schemaInstanceKeys} names for its `format`. */
export function formatUriStrings(node: JsonNode): JsonNode[] {
  const members = node.members ?? [];
  const format = members.find((m) => memberName(m) === "format");
  const fv = format?.value as JsonNode | undefined;
  if (fv === undefined || fv.type !== "String") return [];
  const keys = schemaInstanceKeys(fv.value as string);
  if (keys.length === 0) return [];
  const out: JsonNode[] = [];
  for (const m of members) {
    const name = memberName(m);
    if (name === undefined || !keys.includes(name)) continue;
    const v = m.value as JsonNode;
    if (v.type === "String") out.push(v);
    else if (v.type === "Array") for (const e of v.elements ?? []) if (e.value.type === "String") out.push(e.value);
  }
  return out;
}

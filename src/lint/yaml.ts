/**
 * The URI references of a YAML document (every document of a stream): the
 * string values of the keys that hold one, as for JSON (./json.ts), read
 * with the `yaml` package, which keeps each node's place. A plain or quoted
 * scalar written as its value is placed character by character; one whose
 * value differs from its source (escapes, folded lines) is placed at its
 * start (reading R84).
 *
 * @module
 */
import { isMap, isPair, isScalar, isSeq, parseAllDocuments } from "yaml";
import type { FoundUri } from "./found.js";
import { type LintReader, NotReadError } from "./reader.js";

/** A document that is not YAML: where (UTF-16 offset) and why. */
export class NotYamlError extends NotReadError {
  override readonly name = "NotYamlError";
  constructor(offset: number, message: string) {
    super(offset, message, "YAML");
  }
}

/** How deep flow collections (`[...]`, `{...}`) may nest: the yaml package's work grows faster than the depth. */
export const MAX_FLOW_DEPTH = 256;

/**
 * Throws a NotYamlError where flow collections open deeper than
 * {@link MAX_FLOW_DEPTH}: brackets counted outside quotes and comments, in
 * one pass (a plain scalar's bracket counts too: a bound, not a parse).
 */
function checkFlowDepth(text: string): void {
  let depth = 0;
  let quote = "";
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote !== "") {
      if (c === quote) quote = "";
      else if (c === "\\" && quote === '"') i++;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === "#" && (i === 0 || text[i - 1] === " " || text[i - 1] === "\t" || text[i - 1] === "\n")) {
      const nl = text.indexOf("\n", i);
      i = nl < 0 ? text.length : nl;
    } else if (c === "[" || c === "{") {
      if (++depth > MAX_FLOW_DEPTH) throw new NotYamlError(i, `flow collections nest deeper than ${MAX_FLOW_DEPTH}`);
    } else if ((c === "]" || c === "}") && depth > 0) depth--;
  }
}

/**
 * The string values of `keys` anywhere in the YAML `text`, in document
 * order. Aliases are not followed (each value is checked where it is written).
 * @throws {NotYamlError} at the first error of the stream.
 */
export function yamlUris(text: string, keys: ReadonlySet<string>): FoundUri[] {
  checkFlowDepth(text);
  const out: FoundUri[] = [];
  const docs = parseAllDocuments(text, { keepSourceTokens: false, uniqueKeys: false });
  for (const doc of Array.isArray(docs) ? docs : [docs]) {
    const error = doc.errors[0];
    if (error !== undefined) throw new NotYamlError(error.pos[0], error.message.split("\n")[0]);
    // Depth first, with an explicit stack (no recursion), in document order.
    const stack: unknown[] = [doc.contents];
    while (stack.length > 0) {
      const node = stack.pop();
      if (isMap(node) || isSeq(node)) {
        for (let k = node.items.length - 1; k >= 0; k--) stack.push(node.items[k]);
      } else if (isPair(node)) {
        const key = isScalar(node.key) ? node.key.value : undefined;
        const value = node.value;
        if (typeof key === "string" && keys.has(key) && isScalar(value) && typeof value.value === "string") {
          out.push(scalarUri(text, value.value, value.range, value.type, key));
        } else {
          stack.push(value);
        }
      }
    }
  }
  return out;
}

function scalarUri(
  text: string,
  value: string,
  range: readonly [number, number, number] | null | undefined,
  type: string | undefined,
  where: string,
): FoundUri {
  const start = range?.[0] ?? 0;
  const quoted = type === "QUOTE_DOUBLE" || type === "QUOTE_SINGLE";
  const from = quoted ? start + 1 : start;
  if (text.slice(from, from + value.length) === value) return { value, start: from, where };
  // READING: R84
  return { value, start: from, map: Array.from({ length: value.length + 1 }, () => from), where, approximate: true };
}

/** The YAML reader. */
export const yamlReader: LintReader = {
  name: "yaml",
  title: "the string values of $id, $ref, $schema, the keys --keys names and those a JSON Schema types format uri",
  documents: { extensions: ["yaml", "yml"] },
  included: {},
  comments: ["#"],
  read: (text, settings) => yamlUris(text, settings.keys),
};

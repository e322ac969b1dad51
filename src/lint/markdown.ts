/**
 * The URI references of a Markdown document (CommonMark, with GFM's
 * autolink literals): the destinations of links and images, of reference
 * definitions, and autolinks; never what is in code spans or code blocks.
 * Read with micromark's tokenizer, which gives every token its place.
 *
 * @module
 */
import { gfmAutolinkLiteral, parse, postprocess, preprocess } from "./generated/micromark.js";
import { type FoundUri, decodeReferences, foundAt } from "./found.js";

/** The tokens that are URI references, and how each is named in messages. */
const TOKENS: Readonly<Record<string, string>> = {
  resourceDestinationString: "markdown link",
  definitionDestinationString: "markdown definition",
  autolinkProtocol: "markdown autolink",
  literalAutolinkHttp: "markdown autolink",
};

/**
 * The URI references of `text`, in document order. A destination's
 * backslash escapes and character references are decoded (CommonMark 6.3,
 * 4.7), each character keeping its place; an autolink is taken as written
 * (CommonMark 6.5: no escapes inside).
 */
export function markdownUris(text: string): FoundUri[] {
  const chunks = preprocess()(text, undefined, true);
  const events = postprocess(
    parse({ extensions: [gfmAutolinkLiteral()] })
      .document()
      .write(chunks),
  );
  const out: FoundUri[] = [];
  for (const [kind, token] of events) {
    if (kind !== "enter" || !Object.prototype.hasOwnProperty.call(TOKENS, token.type)) continue;
    const start = token.start.offset;
    const raw = text.slice(start, token.end.offset);
    const where = TOKENS[token.type];
    if (where !== "markdown autolink") {
      const decoded = decodeReferences(raw, true);
      out.push(foundAt(decoded.value, raw, start, where, (r) => decodeReferences(r, true)));
    } else {
      out.push({ value: raw, start, where });
    }
  }
  return out;
}

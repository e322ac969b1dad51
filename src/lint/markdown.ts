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

/** How many containers (block quotes, list items) one line may open: deeper is refused. */
export const MAX_CONTAINERS = 100;

/**
 * A document whose line opens more than {@link MAX_CONTAINERS} containers
 * (`> > > ...`, `- - - ...`): micromark's work on a line grows with the
 * containers it is in, so a line of thousands would take quadratic time.
 * Indentation nests too, but a line indented k deep takes k bytes: that
 * cost is linear in the document.
 */
export class TooDeepError extends Error {
  override readonly name = "TooDeepError";
  constructor(readonly offset: number) {
    super(`a line opens more than ${MAX_CONTAINERS} block quotes and list items; the document is not read`);
  }
}

/** Throws TooDeepError at the first line that opens too many containers; one pass. */
function checkNesting(text: string): void {
  let i = 0;
  while (i < text.length) {
    const lineStart = i;
    let containers = 0;
    for (;;) {
      while (text[i] === " " || text[i] === "\t") i++;
      const c = text[i];
      if (c === ">") i++;
      else if ((c === "-" || c === "+" || c === "*") && (text[i + 1] === " " || text[i + 1] === "\t")) i += 2;
      else {
        let d = i;
        while (d - i < 9 && text.charCodeAt(d) >= 0x30 && text.charCodeAt(d) <= 0x39) d++;
        if (d === i || (text[d] !== "." && text[d] !== ")") || (text[d + 1] !== " " && text[d + 1] !== "\t")) break;
        i = d + 2;
      }
      if (++containers > MAX_CONTAINERS) throw new TooDeepError(lineStart);
    }
    const nl = text.indexOf("\n", i);
    i = nl < 0 ? text.length : nl + 1;
  }
}

/**
 * The URI references of `text`, in document order. A destination's
 * backslash escapes and character references are decoded (CommonMark 6.3,
 * 4.7), each character keeping its place; an autolink is taken as written
 * (CommonMark 6.5: no escapes inside).
 * @throws {TooDeepError} when a line opens more than {@link MAX_CONTAINERS} containers.
 */
export function markdownUris(text: string): FoundUri[] {
  checkNesting(text);
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

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
import { htmlUris } from "./html.js";
import { type LintReader, NotReadError } from "./reader.js";
import { HtmlDocumentError } from "../html/base.js";
import { errorClass } from "../syntax/profile.js";

/** The tokens that are URI references, and how each is named in messages. */
const TOKENS: Readonly<Record<string, string>> = {
  resourceDestinationString: "markdown link",
  definitionDestinationString: "markdown definition",
  autolinkProtocol: "markdown autolink",
  literalAutolinkHttp: "markdown autolink",
};

/**
 * The longest run of blocks read at once, in UTF-16 code units: micromark
 * keeps about 800 bytes of tokens a character of link-dense text, and its
 * work on a run of nested list items grows faster than the run, so a longer
 * block (a paragraph or list of more than 256 Ki characters without a blank
 * line between top-level blocks) is refused with its place.
 */
export const MAX_BLOCK = 256 * 1024;

/** How many containers (block quotes, list items) one line may open: deeper is refused. */
export const MAX_CONTAINERS = 100;

/**
 * A document whose line opens more than {@link MAX_CONTAINERS} containers
 * (`> > > ...`, `- - - ...`): micromark's work on a line grows with the
 * containers it is in, so a line of thousands would take quadratic time.
 * Indentation nests too, but a line indented k deep takes k bytes: that
 * cost is linear in the document.
 */
export class TooDeepError extends NotReadError {
  override readonly name = "TooDeepError";
  constructor(
    offset: number,
    message = `a line opens more than ${MAX_CONTAINERS} block quotes and list items; the document is not read`,
  ) {
    super(offset, message);
  }
}

/** Tokens inside which a `](` is no failed link: code, raw HTML, and the links micromark did read. */
const NOT_TEXT = new Set([
  "codeText",
  "codeFenced",
  "codeIndented",
  "htmlFlow",
  "htmlText",
  "resource",
  "autolink",
  "definition",
  "literalAutolinkHttp",
  "literalAutolinkWww",
  "literalAutolinkEmail",
]);

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
 * `cut: false` parses the document whole (the tests compare the two);
 * `html: true` reads the URL attributes of raw HTML too (the reader's row does).
 * @throws {TooDeepError} when a line opens more than {@link MAX_CONTAINERS} containers.
 */
export function markdownUris(text: string, cut = true, options: { html?: boolean } = {}): FoundUri[] {
  checkNesting(text);
  const out: FoundUri[] = [];
  const runs = cut ? blocks(text) : [[0, text.length]];
  for (const [from, to] of runs) {
    if (to - from > MAX_BLOCK) {
      throw new TooDeepError(
        from,
        `a run of blocks of ${to - from} characters without a blank line before a line at column 0 (more than ${MAX_BLOCK}); the document is not read`,
      );
    }
  }
  for (const [from, to] of runs) {
    const part = text.slice(from, to);
    const chunks = preprocess()(part, undefined, true);
    const events = postprocess(
      parse({ extensions: [gfmAutolinkLiteral()] })
        .document()
        .write(chunks),
    );
    const skip: [number, number][] = [];
    for (const [kind, token] of events) {
      if (kind !== "enter") continue;
      if (NOT_TEXT.has(token.type)) skip.push([from + token.start.offset, from + token.end.offset]);
      if (options.html === true && (token.type === "htmlFlow" || token.type === "htmlText")) {
        out.push(...inlineHtml(text, from + token.start.offset, from + token.end.offset));
        continue;
      }
      if (!Object.prototype.hasOwnProperty.call(TOKENS, token.type)) continue;
      const start = from + token.start.offset;
      const raw = text.slice(start, from + token.end.offset);
      const where = TOKENS[token.type];
      if (where !== "markdown autolink") {
        const decoded = decodeReferences(raw, true);
        out.push(foundAt(decoded.value, raw, start, where, (r) => decodeReferences(r, true)));
      } else {
        out.push({ value: raw, start, where });
      }
    }
    out.push(...unreadLinks(text, from, to, skip));
  }
  return out.sort((a, b) => a.start - b.start);
}

/**
 * The URL attributes of raw HTML in Markdown (an HTML block, or inline
 * HTML such as `<a href="...">` in a paragraph), read by the HTML reader and
 * placed where they are written. A fragment nested too deep for it is not
 * read (the Markdown around it is).
 */
function inlineHtml(text: string, start: number, end: number): FoundUri[] {
  let found: FoundUri[];
  try {
    found = htmlUris(text.slice(start, end));
  } catch (e) {
    if (e instanceof errorClass(HtmlDocumentError)) return [];
    throw e;
  }
  return found.map((f) => {
    const shifted: FoundUri = { value: f.value, start: f.start + start, where: `markdown html ${f.where}` };
    if (f.map === undefined) return shifted;
    return { ...shifted, map: f.map.map((o) => o + start), approximate: f.approximate };
  });
}

/** How far after `](` a failed link's destination is looked for. */
const TARGET_WINDOW = 2048;

/**
 * The places where `[text](target)` is not a link because its target holds a
 * space, or a parenthesis that is not balanced (CommonMark 6.3: a
 * destination without `<...>` ends at a space, and its parentheses must
 * balance): each a note with its fix, `%20` or `%28` (reading R111). `skip`
 * holds the spans of code, raw HTML and links that were read, in order.
 */
function unreadLinks(text: string, from: number, to: number, skip: readonly [number, number][]): FoundUri[] {
  const out: FoundUri[] = [];
  const spans = [...skip].sort((a, b) => a[0] - b[0]);
  let k = 0;
  let covered = -1;
  for (let at = text.indexOf("](", from); at >= 0 && at < to;) {
    let next = at + 2;
    while (k < spans.length && spans[k][0] <= at) covered = Math.max(covered, spans[k++][1]);
    if (at < covered || text[at + 2] === "<") {
      at = text.indexOf("](", next);
      continue;
    }
    const { note, end } = targetNote(text, at + 2, Math.min(to, at + 2 + TARGET_WINDOW));
    // (What one target's scan passed over is not scanned again: linear.)
    next = Math.max(next, end);
    if (note !== undefined) out.push(note);
    at = text.indexOf("](", next);
  }
  return out;
}

/** The note on the target that starts at `i`, when a space or a lone `(` keeps it from being one. */
function targetNote(text: string, i: number, limit: number): { note: FoundUri | undefined; end: number } {
  const start = i;
  const opens: number[] = [];
  let space = -1;
  for (; i < limit; i++) {
    const c = text[i];
    if (c === "\\") i++;
    else if (c === "(") opens.push(i);
    else if (c === ")") {
      if (opens.length === 0) break;
      opens.pop();
    } else if (c === "\n" || c === "\r") break;
    else if ((c === " " || c === "\t") && space < 0) space = i;
  }
  const closed = text[i] === ")";
  // READING: R111
  if (space > start && closed) {
    let rest = space;
    while (text[rest] === " " || text[rest] === "\t") rest++;
    // A title after the destination: a link micromark read, or one that failed for another reason.
    if (text[rest] === '"' || text[rest] === "'" || text[rest] === "(" || rest === i)
      return { note: undefined, end: i };
    const value = text.slice(start, i);
    const note: FoundUri = {
      value,
      start,
      where: "markdown link",
      note: {
        message: `not a link: a link's target ends at a space (CommonMark 6.3), so this one is read as text; write the space as %20, or the target in <...>`,
        fix: "%20",
        from: space,
        to: space + 1,
      },
    };
    return { note, end: i };
  }
  if (!closed && opens.length > 0 && space < 0 && i > start) {
    const at = opens[0];
    const note: FoundUri = {
      value: text.slice(start, i),
      start,
      where: "markdown link",
      note: {
        message: `not a link: the '(' in its target has no ')' to balance it (CommonMark 6.3), so the link is read as text; write it as %28, or the target in <...>`,
        fix: "%28",
        from: at,
        to: at + 1,
      },
    };
    return { note, end: i };
  }
  return { note: undefined, end: i };
}

/** The Markdown reader. */
export const markdownReader: LintReader = {
  name: "markdown",
  title:
    "link and image destinations, definitions, autolinks, the URL attributes of raw HTML, and links that are not read as links",
  documents: { extensions: ["md", "markdown", "mdown", "mkd", "mkdn", "mdwn", "mdx", "ronn"] },
  included: {},
  comments: ["<!--"],
  read: (text) => markdownUris(text, true, { html: true }),
};

/** A line at most 3 columns in that opens a fenced code block, or an HTML block that blank lines do not end. */
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const HTML_OPEN: readonly [RegExp, RegExp][] = [
  [/^ {0,3}<(?:script|pre|style|textarea)(?:[\s>]|$)/i, /<\/(?:script|pre|style|textarea)>/i],
  [/^ {0,3}<!--/, /-->/],
  [/^ {0,3}<\?/, /\?>/],
  [/^ {0,3}<![A-Za-z]/, />/],
  [/^ {0,3}<!\[CDATA\[/, /\]\]>/],
];

/**
 * The document cut into runs of top-level blocks that parse the same alone
 * as together: a cut goes before a line that starts at column 0 after a
 * blank line, outside a fenced code block and an HTML block of kinds 1 to 5
 * (CommonMark 4.6), where every container (list item, block quote) has
 * ended. micromark's work on a run of nested list items grows faster than
 * the run, so each block is parsed on its own: the work is bounded by the
 * largest block, not the document. (A cut that is not made is always safe.)
 */
function blocks(text: string): [number, number][] {
  const out: [number, number][] = [];
  let from = 0;
  let blank = false;
  let fence: string | undefined;
  let html: RegExp | undefined;
  for (let i = 0; i < text.length;) {
    const nl = text.indexOf("\n", i);
    const end = nl < 0 ? text.length : nl + 1;
    const line = text.slice(i, Math.min(end, i + 200));
    if (fence !== undefined) {
      const close = FENCE.exec(line);
      if (
        close !== null &&
        close[1][0] === fence[0] &&
        close[1].length >= fence.length &&
        text.slice(i, end).trim() === close[1]
      )
        fence = undefined;
    } else if (html !== undefined) {
      if (html.test(text.slice(i, end))) html = undefined;
    } else {
      if (blank && i > from && /^[^\s]/.test(line)) {
        out.push([from, i]);
        from = i;
      }
      const open = FENCE.exec(line);
      if (
        open !== null &&
        !(open[1][0] === "`" && text.slice(i, end).indexOf("`", line.indexOf(open[1]) + open[1].length) >= 0)
      )
        fence = open[1];
      else {
        const kind = HTML_OPEN.find(([start]) => start.test(line));
        if (kind !== undefined && !kind[1].test(text.slice(i + line.search(/</) + 1, end))) html = kind[1];
      }
    }
    blank = text.slice(i, end).trim() === "";
    i = end;
  }
  if (from < text.length || out.length === 0) out.push([from, text.length]);
  return out;
}

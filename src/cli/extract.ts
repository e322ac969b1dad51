/**
 * `rfc2396 extract [FILE]`: the URI references in plain text, found as
 * Appendix E recommends.
 *
 * @module
 */
import { ReadStream, createReadStream } from "node:fs";
import { own } from "../args.js";
import { type ExtractCandidate, type ExtractOptions, extract as extractUris } from "../text/extract.js";
import { isValid } from "../syntax/parser.js";
import {
  type Command,
  type Context,
  EXIT_INVALID,
  EXIT_OK,
  OutputClosed,
  TroubleError,
  UsageError,
  isSystemError,
  listOption,
  oneOf,
  stdinHint,
  stopWhenClosed,
  commonHelp,
} from "./command.js";
import { Meter, NotUtf8Error, StrictUtf8, lineProblemJson, printable } from "./io.js";
import { errorDiagnosticJson, formatError } from "./report.js";

const HELP = `Usage: rfc2396 extract [options] [FILE]

Finds the URI references in a plain text FILE (or standard input, for - or
no FILE) as Appendix E recommends: inside <...> (with a "URL:" prefix
dropped and whitespace and line breaks removed), inside "...", or between
whitespace, without the sentence punctuation that follows them. Each
candidate is checked by the grammar; only valid URI references are printed.

Output, one URI a line, tab-separated:
  START  END  URI  [ALTERNATIVE]
START and END are offsets into the text in UTF-16 code units (the same as
byte offsets for ASCII text), END exclusive; the text between them is the
URI as written. ALTERNATIVE, when present, is the other reading of a URI
broken across lines right after a "-" (Appendix E: the hyphen may or may
not belong to it). --json prints one object a line: {"input" (the URI, or
the rejected candidate), "start", "end", "delimiter" ("angle", "quote" or
"whitespace"), "valid", "diagnostics"[, "alternative"]}.

Options:
  --invalid      also report candidates the grammar rejects: on stderr with
                 their error (with --json, on stdout with "valid": false), and
                 exit 1 when there is one
  --relative     also take relative references inside <...> and "..."
  --scheme LIST  only the URIs (and, with --invalid, the candidates) of
                 these schemes: a comma-separated LIST (repeatable), in any
                 case (3.1); relative references have none
  --opaque-schemes any|LIST
                 schemes taken between whitespace without a "/" after the
                 colon: a comma-separated LIST, or any; the default is
                 mailto, news, urn, tel, fax, modem, data, cid, mid, sip, sips
  --hyphen keep|drop
                 a URI broken after a "-": print it with the hyphen (keep,
                 the default) or without it (drop) as URI
  --json         JSON lines (see above); where the reading stops (bytes
                 that are not UTF-8, a line too long), a last record with
                 "input": null, "line", and the code invalid-utf8 (with
                 "byteOffset" in the line) or line-too-long
  --max-line-bytes N
                 a longer line (default 8388608) ends the reading, as bytes
                 that are not UTF-8 do (below)
  --stats        print the throughput to stderr at the end
  --rfc2732      read RFC 2396 as amended by RFC 2732 (IPv6 literals)
${commonHelp(17)}

Text is read in blocks of about a megabyte, cut at a blank line (or, in text
without one, at a line break not right after a "-"), so that a file of any
size runs in constant memory; a URI spanning such a cut would be missed.

Examples:
  rfc2396 extract notes.txt
  rfc2396 extract --json rfc2396.txt | jq -r .input
  rfc2396 extract --scheme http,https notes.txt
  curl -s https://www.rfc-editor.org/rfc/rfc2396.txt | rfc2396 extract

The text is read as UTF-8, strictly: at bytes that do not decode, extract
reports their offset and line, and reads nothing of their paragraph (the
text since the last blank line) or after it. So at a line longer than
--max-line-bytes: a text of one endless line (/dev/zero) is not held whole.

Exit status: 0, or 1 with --invalid when a candidate is invalid, or when
the text is not UTF-8 or has a line too long; 2 on a usage error or when FILE cannot be read.`;

export const extract: Command = {
  name: "extract",
  summary: "the URIs in plain text (Appendix E), with their offsets",
  help: HELP,
  options: {
    invalid: { type: "boolean" },
    relative: { type: "boolean" },
    "opaque-schemes": { type: "string" },
    hyphen: { type: "string" },
    scheme: { type: "string", multiple: true },
    json: { type: "boolean" },
    stats: { type: "boolean" },
    "max-line-bytes": { type: "string" },
  },
  async run(ctx, values, positionals) {
    if (positionals.length > 1)
      throw new UsageError(
        `unexpected argument '${positionals[1]}': extract takes one FILE (or none, for standard input)`,
      );
    const file = positionals[0] ?? "-";
    const options: ExtractOptions = {
      includeInvalid: values.invalid === true,
      relative: values.relative === true,
      opaqueSchemes: opaqueSchemes(values["opaque-schemes"]),
      hyphenAtLineBreak: oneOf(values, "hyphen", ["keep", "drop"] as const, "keep"),
      schemes: schemeList(listOption(values, "scheme")),
    };
    const json = values.json === true;
    const meter = new Meter(ctx.now);
    let found = 0;
    let invalid = 0;
    if (file === "-" && ctx.io.isTTY.stdin) await stdinHint(ctx, "text");
    const input = file === "-" ? ctx.io.stdin : createReadStream(file);
    try {
      await readBlocks(input, meter, ctx.maxLineBytes, async (text, offset) => {
        for (const c of extractUris(text, options)) {
          if (c.ok) found++;
          else invalid++;
          print(ctx, c, offset, json);
        }
        await ctx.out.flush();
        await ctx.err.flush();
        stopWhenClosed(ctx);
      });
    } catch (e) {
      // The reader of the output has gone: the status is that of the text read.
      if (e instanceof OutputClosed) return invalid > 0 ? EXIT_INVALID : EXIT_OK;
      if (isSystemError(e)) throw new TroubleError(`cannot read ${file}: ${e.message}`);
      if (input instanceof ReadStream) input.destroy();
      if (!(e instanceof NotUtf8Error || e instanceof LineTooLongError)) throw e;
      // With --json the text that could not be read is a record too, so that a reader of
      // stdout alone learns that the text was not read to its end.
      if (json) ctx.out.line(JSON.stringify(unreadRecord(e, ctx.maxLineBytes)));
      const what = e instanceof NotUtf8Error ? ", and not repaired" : " (raise --max-line-bytes to read it)";
      ctx.err.line(
        `${ctx.prog}: ${e.message}; the URIs before its paragraph are above; the paragraph and the rest are not read${what}`,
      );
      return EXIT_INVALID;
    }
    if (values.stats) ctx.err.line(`${found} URIs, ${invalid} invalid candidates (${meter.throughput()})`);
    return invalid > 0 ? EXIT_INVALID : EXIT_OK;
  },
};

/**
 * The --json record of the text where reading stopped: no input, no place in
 * the text read, the line, and the problem as a diagnostic (with the offset
 * of the first bad byte in the line, and in the whole input, for bytes that
 * are not UTF-8).
 */
function unreadRecord(e: NotUtf8Error | LineTooLongError, maxLineBytes: number): Record<string, unknown> {
  const diagnostic =
    e instanceof NotUtf8Error
      ? {
          ...lineProblemJson({ kind: "invalid-utf8", byteOffset: e.column }, maxLineBytes),
          inputByteOffset: e.byteOffset,
          message: `not UTF-8 (the bytes at offset ${e.column} of the line do not decode); its paragraph and the rest are not read, and not repaired`,
        }
      : {
          ...lineProblemJson({ kind: "too-long", bytes: 0 }, maxLineBytes),
          bytes: null,
          message: `longer than --max-line-bytes (${maxLineBytes} bytes); its paragraph and the rest are not read`,
        };
  return {
    input: null,
    start: null,
    end: null,
    delimiter: null,
    line: e.line,
    valid: false,
    diagnostics: [diagnostic],
  };
}

/**
 * --scheme LIST (repeatable): the schemes to keep (extract's `schemes`,
 * which compares them case-insensitively); undefined when the option is not given.
 */
function schemeList(values: readonly string[]): string[] | undefined {
  if (values.length === 0) return undefined;
  const schemes = values.flatMap((v) => v.split(","));
  for (const s of schemes) {
    if (!isValid(s, "scheme"))
      throw new UsageError(
        `--scheme: '${s}' is not a scheme (3.1: a letter, then letters, digits, '+', '-' or '.'); ` +
          "give a comma-separated list, such as --scheme http,https",
      );
  }
  return schemes;
}

function opaqueSchemes(value: unknown): ExtractOptions["opaqueSchemes"] {
  if (value === undefined) return undefined;
  if (value === "any") return "any";
  const schemes = String(value)
    .split(",")
    .filter((s) => s !== "");
  for (const s of schemes) {
    if (!isValid(s, "scheme"))
      throw new UsageError(
        `--opaque-schemes: '${s}' is not a scheme (3.1: a letter, then letters, digits, '+', '-' or '.')`,
      );
  }
  return schemes;
}

function print(ctx: Context, c: ExtractCandidate, offset: number, json: boolean): void {
  const start = c.start + offset;
  const end = c.end + offset;
  // (An own property: a URI without an alternative has none, whatever Object.prototype holds.)
  const alternative = c.ok ? (own(c, "alternative") as string | undefined) : undefined;
  if (json) {
    const fields = c.ok
      ? {
          input: c.uri,
          start,
          end,
          delimiter: c.delimiter,
          valid: true,
          diagnostics: [],
          ...(alternative === undefined ? {} : { alternative }),
        }
      : {
          input: c.candidate,
          start,
          end,
          delimiter: c.delimiter,
          valid: false,
          diagnostics: [errorDiagnosticJson(c.error)],
        };
    ctx.out.line(JSON.stringify(fields));
  } else if (c.ok) {
    ctx.out.line(`${start}\t${end}\t${c.uri}${alternative === undefined ? "" : `\t${alternative}`}`);
  } else {
    ctx.err.line(`${start}-${end}: ${printable(c.candidate)}`);
    for (const line of formatError(c.error, ctx.errStyle)) ctx.err.line(line);
  }
}

/** A block is cut once it holds this many UTF-16 units... */
const BLOCK = 1 << 20;

/**
 * Calls `onBlock` with the text in blocks of about {@link BLOCK} units and
 * each block's offset in the whole text. A block ends after a blank line,
 * where no URI continues (Appendix E's URIs span line breaks only inside
 * <...> or after a hyphen); in text without blank lines, after a line break
 * that does not follow a "-". The cut is looked for in the block's second
 * half. The text is read once as it comes ({@link BlockCutter}): a line of
 * any length, or lines that all end in "-", cost time linear in their length.
 */
async function readBlocks(
  input: AsyncIterable<string | Uint8Array>,
  meter: Meter,
  maxLineBytes: number,
  onBlock: (text: string, offset: number) => Promise<void>,
): Promise<void> {
  const decoder = new StrictUtf8();
  const cutter = new BlockCutter(BLOCK >> 1);
  const lines = new LineLengths(maxLineBytes);
  let offset = 0;
  for await (const chunk of input) {
    const bytes = typeof chunk === "string" ? Buffer.from(chunk, "utf8") : chunk;
    meter.bytes += bytes.length;
    // Up to the start of a line longer than the cap, if one starts here (or goes on from before).
    const over = lines.over(bytes);
    const text = decoder.write(over < 0 ? bytes : bytes.subarray(0, over));
    for (let nl = text.indexOf("\n"); nl >= 0; nl = text.indexOf("\n", nl + 1)) meter.lines++;
    cutter.add(text);
    if (decoder.failure !== undefined || over >= 0) break;
    while (cutter.length >= BLOCK) {
      const block = cutter.cut();
      if (block === undefined) break; // one long line (up to the cap): keep reading
      await onBlock(block, offset);
      offset += block.length;
    }
  }
  const failure = decoder.failure ?? lines.failure;
  if (failure === undefined) cutter.add(decoder.end());
  const paragraph = cutter.afterLastBlank;
  let rest = cutter.rest();
  // Nothing of the paragraph holding the line that does not decode (or is
  // too long) is read: a URI may continue onto that line (after a "-", or
  // inside <...>), and only a blank line is sure to end every URI.
  if (failure !== undefined) rest = rest.slice(0, Math.max(0, paragraph));
  if (rest !== "") await onBlock(rest, offset);
  if (failure !== undefined) throw failure;
}

/** A line longer than `--max-line-bytes`, at which extract stops reading. */
export class LineTooLongError extends Error {
  constructor(
    readonly line: number,
    readonly maxLineBytes: number,
  ) {
    super(`line ${line}: longer than --max-line-bytes (${maxLineBytes} bytes)`);
  }
}

/**
 * The length in bytes of the line being read, chunk after chunk, and the
 * first line longer than the cap (LF ends a line; a CR before it counts).
 */
export class LineLengths {
  /** The line being read, from 1, and its bytes so far. */
  private line = 1;
  private bytes = 0;
  failure: LineTooLongError | undefined;

  constructor(private readonly max: number) {}

  /**
   * Where in `chunk` the first line longer than the cap starts (0 when it
   * started in an earlier chunk), or -1 when there is none; after one,
   * `failure` says which.
   */
  over(chunk: Uint8Array): number {
    let start = 0;
    for (;;) {
      const nl = chunk.indexOf(0x0a, start);
      const end = nl < 0 ? chunk.length : nl;
      const length = (start === 0 ? this.bytes : 0) + end - start;
      if (length > this.max) {
        this.failure = new LineTooLongError(this.line, this.max);
        return start === 0 && this.bytes > 0 ? 0 : start;
      }
      if (nl < 0) {
        this.bytes = length;
        return -1;
      }
      this.line++;
      this.bytes = 0;
      start = nl + 1;
    }
  }
}

const NEWLINE = 0x0a;
const HYPHEN_MINUS = 0x2d;

/**
 * The text not yet given to a block, kept in the pieces it came in (never
 * joined before a cut), and where it can be cut, found as each piece
 * arrives: after the last blank line whose line break starts at or after
 * `min` (preferred), else after the last line break at or after `min` that
 * does not follow a "-" (spaces, tabs and CRs between them ignored).
 */
export class BlockCutter {
  private pieces: string[] = [];
  /** Units held. */
  length = 0;
  /** The last line break read, as an offset in the text held; -1 for none. */
  private lastBreak = -1;
  /** The last character read that is not a space, tab or CR (a line break at the start). */
  private last = NEWLINE;
  private afterBlank = -1;
  private afterLine = -1;
  /** Where the text after the last blank line starts, at any offset; -1 for none. */
  afterLastBlank = -1;

  constructor(private readonly min: number) {}

  add(text: string): void {
    if (text === "") return;
    const base = this.length;
    this.pieces.push(text);
    this.length += text.length;
    let from = 0;
    for (let nl = text.indexOf("\n"); nl >= 0; nl = text.indexOf("\n", nl + 1)) {
      // The last character before this line break that is not a space, tab or CR (back to the piece's start).
      let i = nl - 1;
      while (i >= from && isBlankCode(text.charCodeAt(i))) i--;
      const before = i >= from ? text.charCodeAt(i) : this.last;
      const at = base + nl;
      // A blank line: the line break before it is the last one, and only blanks since.
      if (before === NEWLINE && this.lastBreak >= 0) {
        this.afterLastBlank = at + 1;
        if (this.lastBreak >= this.min) this.afterBlank = at + 1;
      }
      if (before !== HYPHEN_MINUS && at >= this.min) this.afterLine = at + 1;
      this.lastBreak = at;
      this.last = NEWLINE;
      from = nl + 1;
    }
    let i = text.length - 1;
    while (i >= from && isBlankCode(text.charCodeAt(i))) i--;
    if (i >= from) this.last = text.charCodeAt(i);
  }

  /** The text up to the cut, taken out; undefined when there is no cut yet. */
  cut(): string | undefined {
    const at = this.afterBlank >= 0 ? this.afterBlank : this.afterLine;
    if (at < 0) return undefined;
    const text = this.rest();
    // The rest is read again from a line's start (the cut is after a line break).
    this.add(text.slice(at));
    return text.slice(0, at);
  }

  /** All the text held, taken out. */
  rest(): string {
    const text = this.pieces.length === 1 ? this.pieces[0] : this.pieces.join("");
    this.pieces = [];
    this.length = 0;
    this.lastBreak = this.afterBlank = this.afterLine = this.afterLastBlank = -1;
    this.last = NEWLINE;
    return text;
  }
}

function isBlankCode(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0d;
}

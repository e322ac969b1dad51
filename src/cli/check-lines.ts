/**
 * What `rfc2396 check` does with one input and with a block of lines: the
 * checks, the counts and the report text. One module for every path: the
 * arguments, the lines of a stream, the lines of a file read on the main
 * thread, and the lines a worker thread checks (./check-worker.ts), so that
 * each line gives the same bytes of output and the same counts whichever
 * path read it.
 *
 * A block is bytes: whole lines, each ending with LF (the last line of the
 * input may end without one). Its lines go first through the rule's
 * recognizer, over the block read as Latin-1 text (a byte a character: no
 * decoding, and no string per line); only a line the recognizer does not
 * accept as it stands (or every line, when a valid line has something to
 * show) is decoded, strictly, and checked as the command always checked a
 * line.
 *
 * @module
 */
import type { RuleName } from "../syntax/cst.js";
import { type Severity, type WarningCode, WARNING_CODES } from "../diagnose/codes.js";
import type { Diagnostic, DiagnoseOptions } from "../diagnose/diagnose.js";
import { UriSyntaxError } from "../syntax/errors.js";
import { profileTraits, errorClass } from "../syntax/profile.js";
import {
  type Recognizer,
  linesOf,
  recognizerOf,
  recognizes,
  scan,
  uriReferenceWithoutBrackets,
} from "../syntax/recognizer.js";
import { type LineProblem, type Style, firstInvalidUtf8, lineProblemJson, lineProblemText, printable } from "./io.js";

/**
 * The options of check that decide what a line gives (plain data: a worker
 * thread is given them as they are).
 */
export interface CheckOptions {
  rule: RuleName;
  warnings: boolean;
  /** The severities for diagnose: without --warnings, every warning not raised is off. */
  diagnoseOptions: DiagnoseOptions | undefined;
  /** The codes raised to errors and left out. */
  severity: Partial<Record<WarningCode, Severity | "off">>;
  /** Whether a valid input has nothing to show (no warnings shown, none raised to errors). */
  validIsSilent: boolean;
  fix: boolean;
  json: boolean;
  quiet: boolean;
  /** --schemes: also each scheme's own grammar (rfc2396/schemes), loaded on the first input. */
  schemes: boolean;
}

// ---------------------------------------------------------------------------
// Text with line numbers to fill in

/**
 * Output text, and holes in it for line numbers: a string is text, a number
 * a line number counted from the start of its block (1 for the block's first
 * line). Whoever prints a block knows how many lines came before it, which
 * a worker checking it does not.
 */
export type Lined = (string | number)[];

/** Writes a {@link Lined} piece by piece. */
export class LinedWriter {
  private parts: Lined = [];
  private text = "";

  write(s: string): void {
    this.text += s;
  }

  /** The hole for line `line` of the block. */
  lineNo(line: number): void {
    this.parts.push(this.text, line);
    this.text = "";
  }

  /** What was written, and a fresh start. */
  take(): Lined {
    if (this.text !== "") this.parts.push(this.text);
    const parts = this.parts;
    this.parts = [];
    this.text = "";
    return parts;
  }
}

/** What a block gave: its counts, and its stdout and stderr text. */
export interface BlockResult {
  /** Every line, blank or not, read or not (the line numbers of the next block start after them). */
  lines: number;
  valid: number;
  invalid: number;
  /** Valid with a warning shown (--warnings). */
  warned: number;
  /** Lines that could not be read: not UTF-8, or over the cap (they count as invalid). */
  bad: number;
  out: Lined;
  err: Lined;
}

/** The text of `parts`, with `base` (the lines before the block) added to each line number. */
export function linedText(parts: Lined, base: number): string {
  let s = "";
  for (const p of parts) s += typeof p === "number" ? String(base + p) : p;
  return s;
}

// ---------------------------------------------------------------------------
// Problems of an input

let diagnoseModule: typeof import("../diagnose/diagnose.js") | undefined;
let reportModule: typeof import("./report.js") | undefined;
let parserModule: typeof import("../syntax/parser.js") | undefined;
let schemesModule: typeof import("../schemes/index.js") | undefined;

/*
 * diagnose.js, report.js and the parser (and what they import), loaded on
 * the first input with something to show: a worker thread, or a quiet run,
 * starts without them (validity is the recognizers', see LineChecker.accepts).
 */
/* eslint-disable @typescript-eslint/no-require-imports */
function diagnosis(): typeof import("../diagnose/diagnose.js") {
  return (diagnoseModule ??= require("../diagnose/diagnose.js") as typeof import("../diagnose/diagnose.js"));
}
function parsing(): typeof import("../syntax/parser.js") {
  return (parserModule ??= require("../syntax/parser.js") as typeof import("../syntax/parser.js"));
}
function schemeReading(): typeof import("../schemes/index.js") {
  return (schemesModule ??= require("../schemes/index.js") as typeof import("../schemes/index.js"));
}
function reporting(): typeof import("./report.js") {
  return (reportModule ??= require("./report.js") as typeof import("./report.js"));
}
/* eslint-enable @typescript-eslint/no-require-imports */

/** What check shows of an input. */
interface Problems {
  /** The problems shown: the first errors, and with --warnings the first warnings among them. */
  shown: readonly Diagnostic[];
  /** Problems not shown (beyond diagnose's list). */
  omitted: number;
  /** Whether the input has no error, shown or not. */
  ok: boolean;
  /** The input with every error's fix, when every error has one (diagnose's fixed). */
  fixed: string | undefined;
}

/** The problems to show: every error, and the warnings with --warnings. */
function problemsOf(input: string, opts: CheckOptions): Problems {
  if (opts.rule !== "URI-reference") {
    const shown = ruleProblems(input, opts.rule);
    return { shown, omitted: 0, ok: shown.length === 0, fixed: undefined };
  }
  if (opts.schemes) {
    const d = schemeReading().diagnose(input, { ...opts.diagnoseOptions, schemes: true });
    // A scheme's warnings are shown with --warnings, as the core's are. (Its
    // diagnostics have the fields the report reads: code, severity, start,
    // end, section, message.)
    const shown = opts.warnings
      ? d.diagnostics
      : d.diagnostics.filter((x) => x.severity === "error" || !(x.code in SCHEME_CODES()));
    return { shown: shown as readonly Diagnostic[], omitted: d.omitted, ok: d.ok, fixed: d.ok ? d.fixed : undefined };
  }
  const d = diagnosis().diagnose(input, opts.diagnoseOptions);
  return { shown: d.diagnostics, omitted: d.omitted, ok: d.ok, fixed: d.fixed };
}

const SCHEMES_ON = { schemes: true } as const;

/** The scheme diagnostic codes (rfc2396/schemes). */
const SCHEME_CODES = (): Readonly<Record<string, unknown>> => schemeReading().SCHEME_DIAGNOSTIC_CODES;

/** The first error of `input` as `rule` (the parser stops there), or none. */
function ruleProblems(input: string, rule: RuleName): Diagnostic[] {
  const { isValid, parseCst } = parsing();
  if (isValid(input, rule)) return [];
  try {
    parseCst(input, rule);
  } catch (e) {
    if (e instanceof errorClass(UriSyntaxError)) return [reporting().syntaxDiagnostic(e)];
    throw e;
  }
  return []; // not reached: the recognizer and the parser agree (a differential test checks it)
}

/** The input with the fix of every problem (shown or counted), or undefined when one has none. */
function fixOf(input: string, problems: Problems, opts: CheckOptions): string | undefined {
  const { shown } = problems;
  if (!shown.every((d) => d.fix !== undefined)) return undefined;
  if (problems.omitted > 0) {
    // Not every problem is listed: diagnose's fixed covers them all. With
    // --warnings, raising every warning shown makes their fixes part of it.
    if (!opts.warnings) return problems.fixed;
    const severity: Partial<Record<WarningCode, Severity | "off">> = { ...opts.severity };
    for (const code of WARNING_CODES) if (severity[code] !== "off") severity[code] = "error";
    return diagnosis().diagnose(input, { severity, maxDiagnostics: 0 }).fixed;
  }
  try {
    return diagnosis().applyFixes(input, shown);
  } catch (e) {
    if (e instanceof RangeError) return undefined; // two fixes overlap: no sure correction
    throw e;
  }
}

/** Why --fix has nothing to print: the codes without a fix, or overlapping fixes. */
function withoutFix({ shown, omitted }: Problems): string {
  const codes = [...new Set(shown.filter((d) => d.fix === undefined).map((d) => d.code))];
  if (codes.length > 0) return `${codes.join(", ")} ${codes.length === 1 ? "has" : "have"} no sure correction`;
  return omitted > 0 ? "a problem not shown has no sure correction" : "two fixes overlap";
}

// ---------------------------------------------------------------------------
// The checker

/** What the text of a report depends on besides the input: the streams' colour, the names in messages. */
export interface CheckEnv {
  outStyle: Style;
  errStyle: Style;
  /** `rfc2396 check`, for the messages about lines that cannot be read. */
  prog: string;
  /** The cap on a line's length in bytes (--max-line-bytes). */
  maxLineBytes: number;
}

/**
 * Bulk reads stop when SHORT_RUN lines or more read at once average fewer
 * characters than SHORT_LINE (their line feeds included), and start again
 * at the first line of SHORT_LINE characters or more: on the development
 * machine, a file of one-character lines took 0.44 s read in bulk and 0.36 s
 * line by line, two-character lines 0.37 and 0.34 s, and from three
 * characters on bulk reads were faster (0.36 against 0.54 s). (So a few
 * short lines cannot turn bulk reads off for the longer lines after them.)
 */
const SHORT_LINE = 4;
const SHORT_RUN = 16;

/** A block is read as text this many bytes at a time (and to the end of a line). */
const TEXT_PIECE = 32 * 1024;

/**
 * The recognizer that reads the lines of a block first. Under RFC 2732 it is
 * the one without brackets, which decides the lines without one in fewer
 * states (isValid does the same); a line with one is not accepted by it, and
 * goes to {@link LineChecker.accepts}, as to isValid.
 */
function firstRecognizer(rule: RuleName): Recognizer {
  return (profileTraits().bracketsReserved || profileTraits().ipv6References) && rule === "URI-reference"
    ? uriReferenceWithoutBrackets()
    : recognizerOf(rule);
}

/**
 * Checks inputs as `rfc2396 check` does, and counts them: one input at a
 * time ({@link checkInput}), or a block of lines ({@link checkBlock}).
 */
export class LineChecker {
  private valid = 0;
  private invalid = 0;
  private warned = 0;
  private bad = 0;
  private readonly out = new LinedWriter();
  private readonly err = new LinedWriter();
  private readonly recognizer: Recognizer;
  /** The rule's own recognizer (the first one, but under RFC 2732 for URI-reference). */
  private readonly full: Recognizer;
  /** The recognizer's reader of many lines at once ({@link linesOf}), if it has one. */
  private readonly lines: RegExp | undefined;
  /** The dim style's two halves, around a label with a line number. */
  private readonly dimOpen: string;
  private readonly dimClose: string;

  constructor(
    private readonly opts: CheckOptions,
    private readonly env: CheckEnv,
  ) {
    this.recognizer = firstRecognizer(opts.rule);
    this.full = recognizerOf(opts.rule);
    this.lines = linesOf(this.recognizer);
    [this.dimOpen, this.dimClose] = env.outStyle.dim("\n").split("\n");
  }

  /**
   * Checks one input; `line` is its line in its block (1-based), or 0 for a
   * command-line argument; `file` the -f file it is a line of.
   */
  checkInput(input: string, line: number, file: string | undefined): void {
    const opts = this.opts;
    // Most inputs are valid: the recognizer decides that alone, and diagnose
    // runs only when there is something to show.
    if (opts.validIsSilent && this.accepts(input) && (!opts.schemes || schemeReading().isValid(input, SCHEMES_ON))) {
      this.valid++;
      return;
    }
    // Nothing to show and nothing to count but validity: the recognizer says it.
    if (opts.quiet && opts.validIsSilent) {
      this.invalid++;
      return;
    }
    const problems = problemsOf(input, opts);
    const { ok, shown } = problems;
    if (ok) this.valid++;
    else this.invalid++;
    if (ok && shown.length > 0) this.warned++;
    if (shown.length > 0 && !opts.quiet) this.report(input, line, file, problems);
  }

  /**
   * Whether the rule derives `input`: what isValid says, by the same
   * recognizers in the same order (the first one, then the rule's own when
   * they differ), without loading the parser's module.
   */
  accepts(input: string): boolean {
    return recognizes(this.recognizer, input) || (this.full !== this.recognizer && recognizes(this.full, input));
  }

  /**
   * A line that cannot be read: counted, and a line on stderr, or with --json
   * a record on stdout, as every invalid input has (but with -q).
   */
  badLine(problem: LineProblem, line: number, file: string | undefined): void {
    this.bad++;
    if (this.opts.json) {
      if (this.opts.quiet) return;
      const rest = {
        valid: false,
        diagnostics: [lineProblemJson(problem, this.env.maxLineBytes)],
        omitted: 0,
        fixed: null,
      };
      this.out.write('{"input":null,"line":');
      this.out.lineNo(line);
      this.out.write("," + JSON.stringify(file === undefined ? rest : { file, ...rest }).slice(1) + "\n");
      return;
    }
    const err = this.err;
    err.write(`${this.env.prog}: ${file === undefined ? "line " : `${printable(file)}:`}`);
    err.lineNo(line);
    err.write(`: ${lineProblemText(problem, this.env.maxLineBytes)}\n`);
  }

  /**
   * Checks the lines of `buf` from `start` to `end`: whole lines, each
   * ending with LF but maybe the last. Lines end at LF; a CR before it is
   * dropped; a blank line is skipped (but counted as a line); a line over the
   * cap or not UTF-8 is reported, never decoded with a replacement.
   *
   * The block is read as Latin-1 strings of about 32 KB (a byte a
   * character, so their offsets are the buffer's), and the rule's recognizer
   * runs over each line in them, where it stands: it stops at the line's end
   * (LF and CR are in no rule), and a line it accepts there is valid, as
   * isValid would say of it (the same recognizer). Any other line (a byte of
   * 0x80 or more among them: no rule has one) is decoded, strictly, and
   * checked as text.
   */
  checkBlock(buf: Buffer, start: number, end: number, file: string | undefined): BlockResult {
    const cap = this.env.maxLineBytes;
    let lines = 0;
    if (!this.opts.validIsSilent || this.opts.schemes) {
      // A valid line may have something to show (or, with --schemes, be
      // refused by its scheme's grammar): every line is read as text.
      let from = start;
      while (from < end) {
        let nl = buf.indexOf(0x0a, from);
        if (nl < 0 || nl >= end) nl = end;
        this.slowLine(buf, from, nl, ++lines, file);
        from = nl + 1;
      }
      return this.result(lines);
    }
    const r = this.recognizer;
    const many = this.lines;
    let valid = 0;
    // A piece of the block at a time, cut after a line feed: strings of this size
    // are young garbage, collected at once, where a string of a megabyte would
    // wait for a full collection and add to the memory in use.
    for (let piece = start; piece < end;) {
      let pieceEnd = piece + TEXT_PIECE >= end ? end : buf.indexOf(0x0a, piece + TEXT_PIECE - 1) + 1;
      if (pieceEnd <= 0 || pieceEnd > end) pieceEnd = end;
      const text = buf.toString("latin1", piece, pieceEnd);
      const n = text.length;
      // (Lines read many at a time are no longer than the piece, so none is over the cap when it is not.)
      const bulk = n <= cap ? many : undefined;
      /** The reader of many lines, while lines are read in bulk. */
      let reader = bulk;
      for (let from = 0; from < n;) {
        if (reader !== undefined) {
          // As many lines as the recognizer's chain reads at once (see linesOf): each
          // one valid, and ended by a line feed.
          reader.lastIndex = from;
          reader.test(text);
          const through = reader.lastIndex;
          if (through > from) {
            let read = 0;
            for (let i = from; i < through; i = text.indexOf("\n", i) + 1) read++;
            lines += read;
            valid += read;
            // Lines of one or two characters are read faster alone than counted after a
            // bulk read: after many of them, lines are read one by one, until a longer one.
            if (read >= SHORT_RUN && through - from < SHORT_LINE * read) reader = undefined;
            from = through;
            continue;
          }
        }
        lines++;
        // The recognizer stops at the line's end when it reads the line through
        // (LF and CR are in no rule), and the line is valid when it stops there
        // accepting; stopped inside the line, it is not (as it stands).
        const stop = scan(r, text, from);
        const at = stop < 0 ? ~stop : stop;
        const c = text.charCodeAt(at);
        let nl = at;
        let through = true;
        if (c === 0x0d && text.charCodeAt(at + 1) === 0x0a) nl = at + 1;
        else if (c !== 0x0a && at < n) {
          through = false;
          nl = text.indexOf("\n", at);
          if (nl < 0) nl = n;
        }
        if (through && stop >= 0 && at > from && nl - from <= cap) valid++;
        else this.slowLine(buf, piece + from, piece + nl, lines, file);
        // (A line of SHORT_LINE characters or more with its line feed: bulk reads again.)
        if (nl + 1 - from >= SHORT_LINE) reader = bulk;
        from = nl + 1;
      }
      piece = pieceEnd;
    }
    this.valid += valid;
    return this.result(lines);
  }

  /** One line's bytes from `from` to `to` (its LF not among them), read as text and checked. */
  private slowLine(buf: Buffer, from: number, to: number, line: number, file: string | undefined): void {
    const length = to - from;
    if (length > this.env.maxLineBytes) {
      this.badLine({ kind: "too-long", bytes: length }, line, file);
      return;
    }
    const bad = firstInvalidUtf8(buf.subarray(from, to));
    if (bad >= 0) {
      this.badLine({ kind: "invalid-utf8", byteOffset: bad }, line, file);
      return;
    }
    // Well-formed UTF-8: Buffer's decoder gives what a strict one gives (a BOM inside a line is kept).
    let text = buf.toString("utf8", from, to);
    if (text.charCodeAt(text.length - 1) === 0x0d) text = text.slice(0, -1);
    if (text !== "") this.checkInput(text, line, file);
  }

  /** The counts and text since the last result, and a fresh start. */
  result(lines: number): BlockResult {
    const r: BlockResult = {
      lines,
      valid: this.valid,
      invalid: this.invalid,
      warned: this.warned,
      bad: this.bad,
      out: this.out.take(),
      err: this.err.take(),
    };
    this.valid = this.invalid = this.warned = this.bad = 0;
    return r;
  }

  private report(input: string, line: number, file: string | undefined, problems: Problems): void {
    const { opts, out } = this;
    const { shown } = problems;
    const { diagnosticJson, formatProblem, moreProblems, printableExcerpt } = reporting();
    const fixed = opts.fix || opts.json ? fixOf(input, problems, opts) : undefined;
    if (opts.json) {
      const rest = {
        valid: problems.ok,
        diagnostics: shown.map(diagnosticJson),
        omitted: problems.omitted,
        fixed: fixed ?? null,
      };
      if (line === 0) {
        // An argument: "line": null, and no file.
        out.write(JSON.stringify({ input, line: null, ...rest }) + "\n");
        return;
      }
      // JSON.stringify({ input, line, file?, ...rest }), with a hole for the line.
      out.write(JSON.stringify({ input }).slice(0, -1) + ',"line":');
      out.lineNo(line);
      out.write("," + JSON.stringify(file === undefined ? rest : { file, ...rest }).slice(1) + "\n");
      return;
    }
    const style = this.env.outStyle;
    if (line === 0) {
      out.write(style.dim(""));
    } else {
      out.write(this.dimOpen + (file === undefined ? "line " : `${file}:`));
      out.lineNo(line);
      out.write(": " + this.dimClose);
    }
    out.write(printableExcerpt(input) + "\n");
    for (const d of shown) for (const text of formatProblem(input, d, style)) out.write(text + "\n");
    if (problems.omitted > 0) out.write(`  ${style.dim(moreProblems(problems.omitted))}\n`);
    if (opts.fix)
      out.write(
        (fixed === undefined ? `  ${style.dim(`no fix: ${withoutFix(problems)}`)}` : `  fix: ${style.green(fixed)}`) +
          "\n",
      );
  }
}

/**
 * What every command shares: its definition (options for util.parseArgs,
 * help text), the context it runs in, usage errors, and the loop over its
 * inputs (arguments, or stdin line by line).
 *
 * @module
 */
import { closeSync, createReadStream, fstatSync, openSync, statSync } from "node:fs";
import { parseArgs } from "node:util";
import type { RuleName } from "../syntax/cst.js";
import { own } from "../args.js";
import { boundText } from "../syntax/errors.js";
import { checkRuleName } from "../syntax/rules.js";
import {
  type CliIo,
  type LineProblem,
  MAX_LINE_BYTES,
  Meter,
  Output,
  Progress,
  type Style,
  colourEnabled,
  lineProblemJson,
  lineProblemText,
  makeStyle,
  printable,
  readLines,
} from "./io.js";

/** The profile the option --rfc2732 names (a row of scripts/profiles.js). */
export const OPTION_PROFILE = "rfc2732";

/** Exit codes: 0 all valid, 1 some input invalid, 2 trouble (usage, unreadable file). */
export const EXIT_OK = 0;
export const EXIT_INVALID = 1;
export const EXIT_TROUBLE = 2;

/** A mistake in how the command was called: reported with a hint to --help, exit 2. */
export class UsageError extends Error {
  override readonly name = "UsageError";
}

/** Could not do what was asked (a file that cannot be read): reported, exit 2. */
export class TroubleError extends Error {
  override readonly name = "TroubleError";
}

/** Whether `e` is a failed system call (ENOENT, EACCES, EISDIR...), by its shape. */
export function isSystemError(e: unknown): e is NodeJS.ErrnoException {
  return typeof e === "object" && e !== null && typeof (e as NodeJS.ErrnoException).syscall === "string";
}

type OptionSpec = {
  type: "boolean" | "string";
  short?: string;
  multiple?: boolean;
  /** A string option that may be given without a value (`--changed`): the value it then has. */
  bare?: string;
};

/** A command: its options, its help, and what it does. */
export interface Command {
  name: string;
  /** One line for the list of commands. */
  summary: string;
  /** The full --help text (usage, options, examples, exit status). */
  help: string;
  options: Record<string, OptionSpec>;
  run(ctx: Context, values: Values, positionals: string[]): Promise<number>;
  /** The profile the command's own configuration asks for (lint's rfc2396.config.json), if any. */
  profile?(values: Values): typeof OPTION_PROFILE | undefined;
}

/** Option values as util.parseArgs returns them. */
export type Values = Record<string, string | boolean | (string | boolean)[] | undefined>;

/** The options every command takes. */
const COMMON_OPTIONS: Record<string, OptionSpec> = {
  help: { type: "boolean", short: "h" },
  version: { type: "boolean", short: "V" },
  "no-color": { type: "boolean" },
  // RFC 2396 as amended by RFC 2732 (main.ts runs the RFC 2732 build).
  rfc2732: { type: "boolean" },
};

/**
 * The lines of a command's help for the options every command takes (but
 * --rfc2732, which each words for itself), their descriptions starting at
 * `column`.
 */
export function commonHelp(column: number): string {
  const row = (option: string, text: string): string => `  ${option}`.padEnd(column) + text;
  return [
    row("-h, --help", "show this help"),
    row("-V, --version", "print the version"),
    row("--no-color", "no colour, even on a terminal or with FORCE_COLOR set"),
    row("--", "the end of the options: every word after it is an input,"),
    " ".repeat(column) + "even one that starts with - (rfc2396 check -- -a)",
  ].join("\n");
}

/** What a command runs with: buffered stdout and stderr, their styles, the clock. */
export interface Context {
  io: CliIo;
  out: Output;
  err: Output;
  /** Colour for stdout and for stderr, each decided by its own stream. */
  outStyle: Style;
  errStyle: Style;
  now: () => number;
  /** `rfc2396 <command>`, for messages. */
  prog: string;
  /** The cap on the length of a line read from stdin or a file (`--max-line-bytes`). */
  maxLineBytes: number;
  /** Lines that could not be read (not UTF-8, or over the cap): reported, and the exit status is at least 1. */
  badLines: number;
  /**
   * Set by a command with --json: a line that cannot be read is then a record
   * of stdout (so that every line of the input has one), with these fields
   * after its place (resolve's base), instead of a line of stderr.
   */
  badLineJson: Record<string, unknown> | undefined;
}

export function makeContext(io: CliIo, prog: string): Context {
  // (Own properties of the caller's record only: an optional field left out is never Object.prototype's.)
  const given = own(io, "now");
  const now = typeof given === "function" ? (given as () => number) : () => performance.now();
  return {
    io,
    out: new Output(io.stdout),
    err: new Output(io.stderr),
    outStyle: makeStyle(colourEnabled(io.isTTY.stdout, io.env)),
    errStyle: makeStyle(colourEnabled(io.isTTY.stderr, io.env)),
    now,
    prog,
    maxLineBytes: MAX_LINE_BYTES,
    badLines: 0,
    badLineJson: undefined,
  };
}

/**
 * util.parseArgs over the command's options, with its complaints in the
 * project's own words: an unknown option (with the nearest known one), a
 * missing value, a value given to a switch. parseArgs runs non-strict, and
 * its tokens are checked here, so that every message is ours and does not
 * depend on the wording of the Node version.
 */
export function parseCommandArgs(command: Command, argv: string[]): { values: Values; positionals: string[] } {
  const options = { ...COMMON_OPTIONS, ...command.options };
  // `--changed` alone is `--changed=HEAD`: only a value written with `=` is the option's.
  const end = argv.indexOf("--");
  const args = argv.map((a, i) => {
    const spec = a.startsWith("--") && (end < 0 || i < end) ? options[a.slice(2)] : undefined;
    return spec?.bare !== undefined ? `${a}=${spec.bare}` : a;
  });
  const specs: Record<string, Omit<OptionSpec, "bare">> = {};
  for (const [name, spec] of Object.entries(options)) {
    const copy: Omit<OptionSpec, "bare"> & { bare?: string } = { ...spec };
    delete copy.bare;
    specs[name] = copy;
  }
  const { values, positionals, tokens } = parseArgs({
    args,
    options: specs,
    allowPositionals: true,
    strict: false,
    tokens: true,
  });
  for (const token of tokens) {
    if (token.kind !== "option") continue;
    const spec = options[token.name] as OptionSpec | undefined;
    if (spec === undefined) throw new UsageError(unknownOption(token.rawName, options));
    const shown = spec.type === "string" ? `${token.rawName} ${metavar(token.name)}` : token.rawName;
    if (spec.type === "boolean" && token.inlineValue === true)
      throw new UsageError(`option '${token.rawName}' takes no value (got '${token.rawName}=${token.value ?? ""}')`);
    if (spec.type === "string" && token.value === undefined) throw new UsageError(`missing value for '${shown}'`);
    // "--rule --json": the next word is an option, not the value that was forgotten.
    if (spec.type === "string" && token.inlineValue === false && /^-./.test(token.value ?? ""))
      throw new UsageError(
        `missing value for '${shown}' (the next word, '${token.value}', is an option; ` +
          `write ${token.rawName.startsWith("--") ? `${token.rawName}=${token.value}` : `${token.rawName}${token.value}`} if it is the value)`,
      );
  }
  return { values: values as Values, positionals };
}

/** The placeholder of a string option's value in messages: --rule NAME, --file FILE. */
function metavar(name: string): string {
  if (name === "file") return "FILE";
  if (name === "rule") return "NAME";
  if (name === "base") return "URI";
  if (name === "error" || name === "ignore") return "CODE";
  if (name === "scheme") return "LIST";
  return "VALUE";
}

/** "unknown option '--jsn'; did you mean '--json'?" */
function unknownOption(raw: string, options: Record<string, OptionSpec>): string {
  const names = Object.entries(options).flatMap(([name, spec]) =>
    spec.short === undefined ? [`--${name}`] : [`--${name}`, `-${spec.short}`],
  );
  const near = raw.startsWith("--")
    ? nearest(
        raw,
        names.filter((n) => n.startsWith("--")),
      )
    : undefined;
  return `unknown option '${raw}'` + (near === undefined ? "" : `; did you mean '${near}'?`);
}

/**
 * The candidate nearest to `word` by edit distance (insertions, deletions,
 * substitutions and transpositions of neighbours), if it is near enough to
 * be a typing slip: at most 2 edits, and fewer than half of its length.
 */
export function nearest(word: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const c of candidates) {
    const d = editDistance(word.toLowerCase(), c.toLowerCase());
    if (d < bestDistance) {
      best = c;
      bestDistance = d;
    }
  }
  const limit = Math.min(2, Math.floor((word.replace(/^-+/, "").length - 1) / 2));
  return bestDistance <= Math.max(1, limit) ? best : undefined;
}

/** Optimal string alignment distance (Damerau-Levenshtein without repeated edits of a substring). */
export function editDistance(a: string, b: string): number {
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    rows.push([i]);
    for (let j = 1; j <= b.length; j++) {
      if (i === 0) {
        rows[i].push(j);
        continue;
      }
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2][j - 2] + 1);
      rows[i].push(d);
    }
  }
  return rows[a.length][b.length];
}

/** A string option restricted to some values. */
export function oneOf<T extends string>(values: Values, name: string, allowed: readonly T[], fallback: T): T {
  const v = values[name];
  if (v === undefined) return fallback;
  if (typeof v !== "string" || !(allowed as readonly string[]).includes(v)) {
    throw new UsageError(`--${name} must be ${allowed.join(", ").replace(/, ([^,]*)$/, " or $1")}; got '${String(v)}'`);
  }
  return v as T;
}

/** Where an input came from: an argument, a line of stdin, or a line of a file given with -f. */
export interface Where {
  /** 1-based line number in stdin or the file, or 0 for a command-line argument. */
  line: number;
  /** The file given with -f/--file, when the input is one of its lines. */
  file?: string;
}

/** "line 12: " for stdin, "urls.txt:12: " for a file, "" for an argument. */
export function label(where: Where): string {
  const file = fileOf(where);
  if (file !== undefined) return `${file}:${where.line}: `;
  return where.line > 0 ? `line ${where.line}: ` : "";
}

/** The fields of a JSON record that say where its input came from: "line" (null for an argument), and "file" for -f. */
export function whereJson(where: Where): { line: number | null; file?: string } {
  const line = where.line > 0 ? where.line : null;
  const file = fileOf(where);
  return file === undefined ? { line } : { line, file };
}

/** The file of `where`, an own property or none (a record without one never reads Object.prototype's). */
function fileOf(where: Where): string | undefined {
  return own(where, "file") as string | undefined;
}

/** The -f/--file option of the commands that read URIs, one a line. */
export const FILE_OPTION: Record<string, OptionSpec> = {
  file: { type: "string", short: "f", multiple: true },
  "max-line-bytes": { type: "string" },
};

/** The cap on a line's length of `--max-line-bytes`: a whole number of bytes, at least 1. */
export function maxLineBytes(values: Values): number {
  return byteOption(values, "max-line-bytes", MAX_LINE_BYTES);
}

/** An option that is a number of bytes (`--max-line-bytes`, `--max-document-bytes`): a whole number, at least 1. */
export function byteOption(values: Values, name: string, fallback: number): number {
  const v = values[name];
  if (v === undefined) return fallback;
  if (typeof v !== "string" || !/^[1-9][0-9]{0,15}$/.test(v)) {
    throw new UsageError(
      `--${name} takes a whole number of bytes, at least 1; got '${printable(String(v)).slice(0, 40)}'`,
    );
  }
  return Number(v);
}

/**
 * Calls `each` for every input: the positional arguments in order, where
 * `-` stands for stdin, one input a line; then the lines of each file given
 * with -f/--file (`files`); stdin alone when there is neither. Blank lines
 * are skipped (their line numbers still count). Output is flushed after
 * each chunk read, the progress line updated, and the meter counts lines
 * and bytes for --stats.
 *
 * An argument is always a URI, never a file name; but when it also names
 * an existing file (`rfc2396 check urls.txt`), a note on stderr says how to
 * read the file instead. `what` names the inputs in that note ("URIs").
 */
export async function forEachInput(
  ctx: Context,
  positionals: readonly string[],
  meter: Meter,
  each: (input: string, where: Where) => void,
  files: readonly string[] = [],
  what = "URIs",
  readSource?: ReadSource,
): Promise<void> {
  try {
    await readInputs(ctx, positionals, meter, each, files, what, readSource);
    await ctx.out.flush();
    await ctx.err.flush();
  } catch (e) {
    // The reader of the output has gone: nothing more is read, and the command
    // ends with the status of the inputs it read before.
    if (!(e instanceof OutputClosed)) throw e;
  }
}

/**
 * Thrown after a chunk of input when the output has closed (its reader went
 * away: EPIPE), to stop reading; {@link forEachInput} ends there, normally.
 */
export class OutputClosed extends Error {
  override readonly name = "OutputClosed";
}

/** Throws {@link OutputClosed} when the output has closed. */
export function stopWhenClosed(ctx: Context): void {
  if (ctx.out.closed) throw new OutputClosed("the reader of the output has gone");
}

/** The loop of {@link forEachInput}. */
async function readInputs(
  ctx: Context,
  positionals: readonly string[],
  meter: Meter,
  each: (input: string, where: Where) => void,
  files: readonly string[],
  what: string,
  readSource: ReadSource | undefined,
): Promise<void> {
  const sources = positionals.length === 0 && files.length === 0 ? ["-"] : positionals;
  let stdinRead = false;
  for (const source of sources) {
    if (source !== "-") {
      if (namesFile(source)) noteFile(ctx, source, what);
      meter.lines++;
      meter.bytes += Buffer.byteLength(source) + 1;
      each(source, { line: 0 });
      stopWhenClosed(ctx);
      continue;
    }
    if (stdinRead) continue; // a second "-" finds stdin at its end
    stdinRead = true;
    await readStdinLines(ctx, meter, each, what, readSource);
  }
  for (const file of files) {
    if (file === "-") {
      if (stdinRead) continue;
      stdinRead = true;
      await readStdinLines(ctx, meter, each, what, readSource);
      continue;
    }
    try {
      if (readSource !== undefined) await readFileSource(ctx, meter, file, readSource);
      else
        await readInputLines(
          ctx,
          createReadStream(file),
          meter,
          (line, where) => each(line, { ...where, file }),
          false,
          file,
        );
    } catch (e) {
      if (isSystemError(e)) throw new TroubleError(`cannot read ${file}: ${e.message}`);
      throw e;
    }
  }
}

/** Whether `s` is the name of an existing file (not a directory), relative to the working directory. */
function namesFile(s: string): boolean {
  try {
    return statSync(s, { throwIfNoEntry: false })?.isFile() === true;
  } catch {
    return false; // a name the file system refuses (a NUL byte, too long): no file
  }
}

function noteFile(ctx: Context, file: string, what: string): void {
  const verb = ctx.prog.split(" ")[1] ?? "read";
  const shown = /^[\w./@%+=:,-]+$/.test(file) ? file : `'${file.replace(/'/g, "'\\''")}'`;
  ctx.err.line(
    ctx.errStyle.dim(
      `${ctx.prog}: note: '${printable(file)}' is also a file; to ${verb} the ${what} in it, ` +
        `use -f ${printable(shown)} or < ${printable(shown)}`,
    ),
  );
}

/**
 * Where a command that reads its lines itself (check) finds them: a
 * descriptor of a regular file, to read with synchronous bulk reads (a file
 * given with -f, or standard input from a file), or a stream; and the file's
 * name for -f.
 */
export type LineSource = (
  { fd: number; stream?: undefined } | { fd?: undefined; stream: AsyncIterable<string | Uint8Array> }
) & {
  file?: string;
};

/**
 * Reads a source of lines to its end. `afterChunk` is to be awaited after
 * each chunk read: it flushes the output (waiting for its reader) and
 * updates the progress line.
 */
export type ReadSource = (source: LineSource, afterChunk: () => Promise<void>) => Promise<void>;

/** A file given with -f, for `readSource`: by its descriptor when it is a regular file, else as a stream. */
async function readFileSource(ctx: Context, meter: Meter, file: string, readSource: ReadSource): Promise<void> {
  const fd = openSync(file, "r");
  let regular: boolean;
  try {
    regular = fstatSync(fd).isFile();
    if (regular)
      await withProgress(ctx, meter, (afterChunk) => readSource({ fd, stream: undefined, file }, afterChunk));
  } finally {
    closeSync(fd);
  }
  // A directory, a pipe, a device: read as a stream, as other commands read it.
  if (!regular)
    await withProgress(ctx, meter, (afterChunk) =>
      readSource({ stream: createReadStream(file), fd: undefined, file }, afterChunk),
    );
}

async function readStdinLines(
  ctx: Context,
  meter: Meter,
  each: (input: string, where: Where) => void,
  what: string,
  readSource?: ReadSource,
): Promise<void> {
  // Someone types the lines: the hint shows before the first one, and no
  // progress line is drawn (what they type would be glued to it).
  const interactive = ctx.io.isTTY.stdin;
  if (interactive) await stdinHint(ctx, what, ", one per line");
  try {
    if (readSource === undefined) await readInputLines(ctx, ctx.io.stdin, meter, each, interactive);
    else {
      const fd = own(ctx.io, "stdinFd") as number | undefined;
      // Every field set, `file` too: a reader of the record never finds Object.prototype's.
      const source: LineSource =
        fd === undefined ? { stream: ctx.io.stdin, file: undefined } : { fd, stream: undefined, file: undefined };
      await withProgress(ctx, meter, (afterChunk) => readSource(source, afterChunk), interactive);
    }
  } catch (e) {
    // A directory, a closed descriptor, an I/O error: exit 2, with the reason.
    if (isSystemError(e)) throw new TroubleError(`cannot read standard input: ${e.message}`);
    throw e;
  }
}

/**
 * On a terminal's stdin, says that the command is waiting for input, and how
 * to end it: at once, before anything is read (stderr is flushed here).
 */
export async function stdinHint(ctx: Context, what: string, how = ""): Promise<void> {
  ctx.err.line(ctx.errStyle.dim(`${ctx.prog}: reading ${what} from standard input${how}; end with Ctrl-D`));
  await ctx.err.flush();
}

/**
 * Runs `read` with the progress line on (on a terminal stderr, unless the
 * input is typed on a terminal: `interactive`): `afterChunk` flushes stdout
 * and stderr, waiting for their readers, and updates it. The line is erased
 * before anything else is written to the terminal, and at the end.
 */
export async function withProgress(
  ctx: Context,
  meter: Meter,
  read: (afterChunk: () => Promise<void>) => Promise<void>,
  interactive = false,
): Promise<void> {
  const { io, out, err } = ctx;
  const progress = new Progress(io.stderr, io.isTTY.stderr && !interactive, ctx.now, meter);
  const clear = (): void => progress.clear();
  // The progress line is on stderr; stdout shares the terminal with it only when it is one too.
  err.beforeWrite = clear;
  if (io.isTTY.stdout) out.beforeWrite = clear;
  try {
    await read(async () => {
      await out.flush();
      await err.flush();
      stopWhenClosed(ctx);
      progress.update();
    });
  } finally {
    progress.clear();
    err.beforeWrite = undefined;
    out.beforeWrite = undefined;
  }
}

async function readInputLines(
  ctx: Context,
  input: AsyncIterable<string | Uint8Array>,
  meter: Meter,
  each: (input: string, where: Where) => void,
  interactive: boolean,
  file?: string,
): Promise<void> {
  const { err } = ctx;
  await withProgress(ctx, meter, (afterChunk) =>
    readLines(
      input,
      (line, lineNo) => {
        meter.lines++;
        if (line !== "") each(line, { line: lineNo });
      },
      async (bytes) => {
        meter.bytes += bytes;
        await afterChunk();
      },
      (problem, lineNo) => {
        meter.lines++;
        ctx.badLines++;
        if (ctx.badLineJson !== undefined) {
          ctx.out.line(JSON.stringify(badLineRecord(ctx, problem, { line: lineNo, file }, ctx.badLineJson)));
          return;
        }
        const where = file === undefined ? `line ${lineNo}` : `${printable(file)}:${lineNo}`;
        err.line(`${ctx.prog}: ${where}: ${lineProblemText(problem, ctx.maxLineBytes)}`);
      },
      ctx.maxLineBytes,
    ),
  );
}

/**
 * The --json record of a line that cannot be read: no input (it is not
 * read, nor repaired into one), its place, `fields`, not valid, and the
 * problem as its one diagnostic.
 */
export function badLineRecord(
  ctx: Context,
  problem: LineProblem,
  where: Where,
  fields: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    input: null,
    ...whereJson(where),
    ...fields,
    valid: false,
    diagnostics: [lineProblemJson(problem, ctx.maxLineBytes)],
  };
}

/** Usage messages quote what they were given: a long word is cut in the middle beyond this... */
const USAGE_RUN_MAX = 200;
/** ...and the whole message beyond this. */
const USAGE_MAX = 2000;

/**
 * Writes a usage error: the message and a hint to --help. The message
 * quotes what was given (an option's value, a rule name), which can be of
 * any length and hold any character: it is bounded and shown escaped here,
 * whichever part of the program worded it.
 */
export function reportUsage(ctx: Context, message: string, command?: string): void {
  const where = command === undefined ? "rfc2396" : `rfc2396 ${command}`;
  ctx.err.line(`${where}: ${boundText(message, USAGE_RUN_MAX, USAGE_MAX)}`);
  ctx.err.line(`Try '${where} --help' for more information.`);
}

/** The Appendix A rule of `--rule`, spelled as Appendix A spells it (`URI_reference` is taken too). */
export function ruleOption(values: Values): RuleName {
  if (values.rule === undefined) return "URI-reference";
  try {
    return checkRuleName(values.rule, "--rule");
  } catch (e) {
    if (e instanceof RangeError) throw new UsageError(e.message);
    throw e;
  }
}

/** The values of a repeatable string option. */
export function listOption(values: Values, name: string): string[] {
  const v = values[name];
  if (v === undefined) return [];
  return (Array.isArray(v) ? v : [v]).map(String);
}

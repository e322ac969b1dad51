/**
 * What every command shares: its definition (options for util.parseArgs,
 * help text), the context it runs in, usage errors, and the loop over its
 * inputs (arguments, or stdin line by line).
 *
 * @module
 */
import { parseArgs } from "node:util";
import type { RuleName } from "../syntax/cst.js";
import { checkRuleName } from "../syntax/rules.js";
import { type CliIo, Meter, Output, Progress, type Style, colourEnabled, makeStyle, readLines } from "./io.js";

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

type OptionSpec = { type: "boolean" | "string"; short?: string; multiple?: boolean };

/** A command: its options, its help, and what it does. */
export interface Command {
  name: string;
  /** One line for the list of commands. */
  summary: string;
  /** The full --help text (usage, options, examples, exit status). */
  help: string;
  options: Record<string, OptionSpec>;
  run(ctx: Context, values: Values, positionals: string[]): Promise<number>;
}

/** Option values as util.parseArgs returns them. */
export type Values = Record<string, string | boolean | (string | boolean)[] | undefined>;

/** The options every command takes. */
const COMMON_OPTIONS: Record<string, OptionSpec> = {
  help: { type: "boolean", short: "h" },
};

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
}

export function makeContext(io: CliIo, prog: string): Context {
  const now = io.now ?? (() => performance.now());
  return {
    io,
    out: new Output(io.stdout),
    err: new Output(io.stderr),
    outStyle: makeStyle(colourEnabled(io.isTTY.stdout, io.env)),
    errStyle: makeStyle(colourEnabled(io.isTTY.stderr, io.env)),
    now,
    prog,
  };
}

/** util.parseArgs, strict, with its complaints turned into UsageErrors. */
export function parseCommandArgs(command: Command, argv: string[]): { values: Values; positionals: string[] } {
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      options: { ...COMMON_OPTIONS, ...command.options },
      allowPositionals: true,
      strict: true,
    });
    return { values: values as Values, positionals };
  } catch (e) {
    // By its code: Node's errors may come from another realm (under jest), where instanceof fails.
    const code = (e as { code?: unknown } | null)?.code;
    if (typeof code === "string" && code.startsWith("ERR_PARSE_ARGS")) throw new UsageError((e as Error).message);
    throw e;
  }
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

/** Where an input came from: an argument, or a line of stdin. */
export interface Where {
  /** 1-based line number in stdin, or 0 for a command-line argument. */
  line: number;
}

/** "line 12: " for stdin, "" for an argument. */
export function label(where: Where): string {
  return where.line > 0 ? `line ${where.line}: ` : "";
}

/**
 * Calls `each` for every input: the positional arguments in order, where
 * `-` (or no argument at all) stands for stdin, one input a line. Blank
 * lines of stdin are skipped (their line numbers still count). Output is
 * flushed after each chunk of stdin, the progress line updated, and the
 * meter counts lines and bytes for --stats.
 */
export async function forEachInput(
  ctx: Context,
  positionals: readonly string[],
  meter: Meter,
  each: (input: string, where: Where) => void,
): Promise<void> {
  const sources = positionals.length === 0 ? ["-"] : positionals;
  let stdinRead = false;
  for (const source of sources) {
    if (source !== "-") {
      meter.lines++;
      meter.bytes += Buffer.byteLength(source) + 1;
      each(source, { line: 0 });
      continue;
    }
    if (stdinRead) continue; // a second "-" finds stdin at its end
    stdinRead = true;
    await readStdinLines(ctx, meter, each);
  }
  await ctx.out.flush();
  await ctx.err.flush();
}

async function readStdinLines(ctx: Context, meter: Meter, each: (input: string, where: Where) => void): Promise<void> {
  const { io, out, err } = ctx;
  if (io.isTTY.stdin)
    err.line(ctx.errStyle.dim(`${ctx.prog}: reading from standard input, one a line (end with Ctrl-D)`));
  const progress = new Progress(io.stderr, io.isTTY.stderr, ctx.now, meter);
  const clear = (): void => progress.clear();
  // The progress line is on stderr; stdout shares the terminal with it only when it is one too.
  err.beforeWrite = clear;
  if (io.isTTY.stdout) out.beforeWrite = clear;
  try {
    await readLines(
      io.stdin,
      (line, lineNo) => {
        meter.lines++;
        if (line !== "") each(line, { line: lineNo });
      },
      async (bytes) => {
        meter.bytes += bytes;
        await out.flush();
        await err.flush();
        progress.update();
      },
    );
  } finally {
    progress.clear();
    err.beforeWrite = undefined;
    out.beforeWrite = undefined;
  }
}

/** Writes a usage error: the message and a hint to --help. */
export function reportUsage(ctx: Context, message: string, command?: string): void {
  const where = command === undefined ? "rfc2396" : `rfc2396 ${command}`;
  ctx.err.line(`${where}: ${message}`);
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

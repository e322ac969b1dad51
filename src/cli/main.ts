#!/usr/bin/env node
/**
 * The command line: `rfc2396 check | parse | resolve | normalize | extract |
 * links | grammar | compare`. All behaviour is in {@link main}, which takes its streams and
 * environment as arguments and returns the exit status; only the last lines
 * of this file touch `process`. Each command is one module of src/cli/.
 *
 * Exit status: 0 when every input is valid, 1 when one is not, 2 on a usage
 * error or when the command cannot run (an unreadable file).
 *
 * @module
 */
import { fstatSync } from "node:fs";
import { profileName, withProfile } from "../syntax/profile.js";
import { profileNamed } from "../profiles/index.js";
import {
  type Command,
  type Context,
  EXIT_INVALID,
  EXIT_OK,
  EXIT_TROUBLE,
  OPTION_PROFILE,
  TroubleError,
  UsageError,
  makeContext,
  maxLineBytes,
  nearest,
  parseCommandArgs,
  reportUsage,
} from "./command.js";
import { type CliIo, eraseProgress, makeStyle } from "./io.js";
import { version } from "./version.js";

export type { CliIo, OutStream } from "./io.js";

/** The commands, in the order --help lists them. */
export const COMMANDS: readonly Command[] = [
  /* eslint-disable @typescript-eslint/no-require-imports -- each command's module is loaded when it runs */
  lazy("check", () => (require("./check.js") as typeof import("./check.js")).check),
  lazy("parse", () => (require("./parse.js") as typeof import("./parse.js")).parse),
  lazy("resolve", () => (require("./resolve.js") as typeof import("./resolve.js")).resolve),
  lazy("normalize", () => (require("./normalize.js") as typeof import("./normalize.js")).normalize),
  lazy("extract", () => (require("./extract.js") as typeof import("./extract.js")).extract),
  lazy("links", () => (require("./links.js") as typeof import("./links.js")).links),
  lazy("lint", () => (require("./lint.js") as typeof import("./lint.js")).lint),
  lazy("grammar", () => (require("./grammar.js") as typeof import("./grammar.js")).grammar),
  lazy("compare", () => (require("./compare.js") as typeof import("./compare.js")).compare),
  /* eslint-enable @typescript-eslint/no-require-imports */
];

/**
 * A command whose module is loaded the first time more than its name is
 * needed: `rfc2396 check` then loads check's modules only (not parse5 for
 * links, say), which is most of the time a short run takes.
 */
function lazy(name: string, load: () => Command): Command {
  let command: Command | undefined;
  const get = (): Command => {
    command ??= load();
    if (command.name !== name) throw new Error(`rfc2396: the module of ${name} holds ${command.name}`);
    return command;
  };
  return {
    name,
    get summary() {
      return get().summary;
    },
    get help() {
      return get().help;
    },
    get options() {
      return get().options;
    },
    run: (ctx, values, positionals) => get().run(ctx, values, positionals),
    // (Only a command's own profile: an inherited one, from a polluted Object.prototype, is none.)
    profile: (values) => {
      const command = get();
      return Object.prototype.hasOwnProperty.call(command, "profile") && typeof command.profile === "function"
        ? command.profile(values)
        : undefined;
    },
  };
}

/** rfc2396 --help (which loads every command, for its summary). */
const mainHelp = (): string => `Usage: rfc2396 <command> [options] [arguments]

URI references exactly as RFC 2396 defines them.

Commands:
${COMMANDS.map((c) => `  ${c.name.padEnd(10)} ${c.summary}`).join("\n")}

Options:
  -h, --help     show this help (rfc2396 <command> --help for a command's)
  --rfc2732      (after the command) read RFC 2396 as amended by RFC 2732,
                 which adds IPv6 literals: rfc2396 check --rfc2732 'http://[::1]/'
  -V, --version  print the version
  --no-color     (after the command) no colour, even on a terminal
  --             (after the command) the end of the options: every word
                 after it is an input, even one that starts with -

Commands that take URIs take them as arguments (never file names), read
them one a line from a file with -f FILE, or from standard input when none
is given (or for -), in constant memory. Results go to stdout: for check,
parse and links that includes the report on each invalid input; resolve,
normalize and extract keep stdout a list of results and report invalid
inputs on stderr (with --json, every input is a line of stdout). Usage
errors go to stderr. Colour only on a terminal, unless FORCE_COLOR is set
(FORCE_COLOR=0 turns it off), and never with NO_COLOR set.

Examples:
  rfc2396 check 'http://a/b c'
  rfc2396 parse --json 'http://user@a:8080/b?q#f'
  rfc2396 resolve --explain 'http://a/b/c/d;p?q' ../../g
  rfc2396 check -f uris.txt

Exit status: 0 when every input is valid, 1 when one is not, 2 on a usage
error or when a file cannot be read.`;

export { version } from "./version.js";

/**
 * Runs the command line `argv` (without node and the script) and returns
 * the exit status. Writes to `io.stdout` and `io.stderr`, reads `io.stdin`
 * only when a command is given no inputs or `-`.
 *
 * @example
 * const code = await main(["check", "http://a/b c"], io); // 1
 */
export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  const ctx = makeContext(io, "rfc2396");
  let command: Command | undefined;
  try {
    const [name, ...rest] = argv;
    if (name === undefined)
      throw new UsageError("missing command; the commands are " + COMMANDS.map((c) => c.name).join(", "));
    if (name === "--help" || name === "-h") return help(ctx, mainHelp());
    if (name === "--version" || name === "-V") return printVersion(ctx);
    if (name === "help") return helpFor(ctx, rest[0]);
    command = COMMANDS.find((c) => c.name === name);
    if (command === undefined) throw new UsageError(unknownCommand(name));
    const { values, positionals } = parseCommandArgs(command, rest);
    if (values.help) return help(ctx, command.help);
    if (values.version) return printVersion(ctx);
    if (values["no-color"] === true) ctx.outStyle = ctx.errStyle = makeStyle(false);
    // With --rfc2732, the same command line with the RFC 2732 profile bound
    // for the run; `grammar` prints either grammar's text and patterns itself,
    // and `compare` reads both profiles at once (it refuses the option).
    // READING: R152
    const forBoth = command.name === "grammar" || command.name === "compare";
    if (values.rfc2732 === true && profileName() !== OPTION_PROFILE && !forBoth)
      return await withProfile(profileNamed(OPTION_PROFILE), () => main(argv, io));
    // A command whose configuration names the RFC 2732 profile (lint's) runs as if given --rfc2732.
    if (profileName() !== OPTION_PROFILE && command.profile?.(values) === OPTION_PROFILE)
      return await withProfile(profileNamed(OPTION_PROFILE), () => main([name, "--rfc2732", ...rest], io));
    ctx.prog = `rfc2396 ${command.name}`;
    if ("max-line-bytes" in command.options) ctx.maxLineBytes = maxLineBytes(values);
    const code = await command.run(ctx, values, positionals);
    // A line that could not be read is an input that is not valid.
    return ctx.badLines > 0 && code === EXIT_OK ? EXIT_INVALID : code;
  } catch (e) {
    if (e instanceof UsageError) {
      reportUsage(ctx, e.message, command?.name);
    } else if (e instanceof TroubleError) {
      ctx.err.line(`${ctx.prog}: ${e.message}`);
    } else {
      ctx.err.line(
        `${ctx.prog}: internal error (please report it): ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`,
      );
    }
    return EXIT_TROUBLE;
  } finally {
    await ctx.out.flush();
    await ctx.err.flush();
  }
}

function printVersion(ctx: Context): number {
  ctx.out.line(version());
  return EXIT_OK;
}

function help(ctx: Context, text: string): number {
  ctx.out.line(text);
  return EXIT_OK;
}

function helpFor(ctx: Context, name: string | undefined): number {
  if (name === undefined) return help(ctx, mainHelp());
  const command = COMMANDS.find((c) => c.name === name);
  if (command === undefined) throw new UsageError(unknownCommand(name));
  return help(ctx, command.help);
}

/** What to say about a first word that is no command: the nearest command or option, if one is near. */
function unknownCommand(name: string): string {
  const names = COMMANDS.map((c) => c.name);
  if (name.startsWith("-")) {
    const near = nearest(name, ["--help", "--version", "-V"]);
    if (near !== undefined) return `unknown option '${name}'; did you mean '${near}'?`;
    return `unknown option '${name}' (a command's options go after the command: rfc2396 check ${name} ...)`;
  }
  const near = nearest(name, [...names, "help"]);
  return (
    `unknown command '${name}'` +
    (near === undefined ? `; the commands are ${names.join(", ")}` : `; did you mean '${near}'?`)
  );
}

// ---------------------------------------------------------------------------
// The only part that touches process.

/**
 * process.stdin, or, when standard input is a directory (`< some-dir`),
 * which Node would read as empty, a stream that fails as reading it does;
 * and its descriptor when it is a regular file (`< file`), for check's
 * synchronous reads. process.stdin is made only when read: made, it could
 * start reading the file.
 */
function standardInput(): Pick<CliIo, "stdin" | "stdinFd"> {
  let isDirectory = false;
  let isFile = false;
  try {
    const stat = fstatSync(0);
    isDirectory = stat.isDirectory();
    isFile = stat.isFile();
  } catch {
    // No descriptor 0, or one that cannot be inspected: reading it will say so.
  }
  // process.stdin is made when first read, not before: making it costs a few milliseconds
  // of every run, and a run with -f FILE or arguments never reads it.
  const stdin: AsyncIterable<string | Uint8Array> = {
    [Symbol.asyncIterator]: () => process.stdin[Symbol.asyncIterator](),
  };
  if (isFile) return { stdin, stdinFd: 0 };
  if (!isDirectory) return { stdin };
  const failing: AsyncIterable<string | Uint8Array> = {
    [Symbol.asyncIterator]: () => ({
      next: () =>
        Promise.reject(
          Object.assign(new Error("EISDIR: standard input is a directory"), { code: "EISDIR", syscall: "read" }),
        ),
    }),
  };
  return { stdin: failing };
}

if (require.main === module) {
  // `rfc2396 parse < big | head`: the reader went away; stop quietly, with the status so far.
  // Any other write error (a full disk: ENOSPC) ends the run with one line on stderr and status 2.
  process.stdout.on("error", (e: NodeJS.ErrnoException) => {
    if (e.code === "EPIPE") process.exit(process.exitCode ?? EXIT_OK);
    try {
      process.stderr.write(`rfc2396: cannot write to standard output: ${e.code ?? e.message}\n`);
    } finally {
      process.exit(EXIT_TROUBLE);
    }
  });
  // Nothing can be said where stderr cannot be written; the status says it.
  process.stderr.on("error", () => process.exit(EXIT_TROUBLE));
  // Ctrl-C: a progress line on show is erased (what the shell prints next would be glued
  // to it), then the signal is raised again, with no listener, to end the run as it would have.
  process.once("SIGINT", () => {
    eraseProgress();
    process.kill(process.pid, "SIGINT");
  });
  const input = standardInput();
  main(process.argv.slice(2), {
    ...input,
    stdout: process.stdout,
    stderr: process.stderr,
    isTTY: {
      // A regular file is no terminal; asked only by a command that reads standard input,
      // so that process.stdin is not made before.
      get stdin() {
        return input.stdinFd === undefined && process.stdin.isTTY === true;
      },
      stdout: process.stdout.isTTY === true,
      stderr: process.stderr.isTTY === true,
    },
    env: process.env,
  }).then((code) => {
    // Not process.exit: it could cut off output still queued for a pipe.
    process.exitCode = code;
  });
}

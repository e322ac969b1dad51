// The command line in this process: main() with fake streams, for the tests
// of the commands (test/cli*.test.ts, test/hostile-2.test.ts and the compare
// tests), which assert on what it writes and the exit status.
import { Readable } from "node:stream";
import { type CliIo, main } from "../src/cli/main";

/** A stream that records what is written to it. */
export function fakeStream(): { stream: CliIo["stdout"]; text: () => string } {
  const chunks: string[] = [];
  return {
    stream: { write: (c: string) => (chunks.push(c), true), once: () => undefined },
    text: () => chunks.join(""),
  };
}

/** What a run reads: standard input, which streams are terminals, the environment and the clock. */
export interface RunOptions {
  stdin?: Iterable<string | Uint8Array> | AsyncIterable<string | Uint8Array>;
  tty?: Partial<CliIo["isTTY"]>;
  env?: CliIo["env"];
  now?: () => number;
}

/** `rfc2396 ...argv` in this process: its exit status and what it wrote to stdout and stderr. */
export async function runCli(
  argv: string[],
  options: RunOptions = {},
): Promise<{ code: number; out: string; err: string }> {
  const out = fakeStream();
  const err = fakeStream();
  const code = await main(argv, {
    stdin: Readable.from(options.stdin ?? []),
    stdout: out.stream,
    stderr: err.stream,
    isTTY: { stdin: false, stdout: false, stderr: false, ...options.tty },
    env: options.env ?? {},
    now: options.now,
  });
  return { code, out: out.text(), err: err.text() };
}

/** The JSON records of a JSON-lines output, one a non-empty line. */
export const jsonRecords = (s: string): Record<string, unknown>[] =>
  s
    .split("\n")
    .filter((l) => l !== "")
    .map((l) => JSON.parse(l) as Record<string, unknown>);

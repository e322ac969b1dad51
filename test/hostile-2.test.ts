// Hostile input, second pass (issue 35): inputs and arguments built to break messages, the
// command line, the HTML reader and the argument checks. Each block names the point of the
// issue it covers.
import { Readable } from "node:stream";
import * as core from "../src";
import { type CliIo, main } from "../src/cli/main";
import { boundText } from "../src/syntax/errors";

const MB = 1024 * 1024;

/** A stream that records what is written to it. */
function fakeStream(): { stream: CliIo["stdout"]; text: () => string } {
  const chunks: string[] = [];
  return {
    stream: { write: (c: string) => (chunks.push(c), true), once: () => undefined },
    text: () => chunks.join(""),
  };
}

/** The command line in this process, with `stdin` as standard input. */
async function run(
  argv: string[],
  stdin: (string | Uint8Array)[] = [],
): Promise<{ code: number; out: string; err: string }> {
  const out = fakeStream();
  const err = fakeStream();
  const code = await main(argv, {
    stdin: Readable.from(stdin),
    stdout: out.stream,
    stderr: err.stream,
    isTTY: { stdin: false, stdout: false, stderr: false },
    env: {},
  });
  return { code, out: out.text(), err: err.text() };
}

/** The error `f` throws (or undefined). */
function thrown(f: () => unknown): Error | undefined {
  try {
    f();
  } catch (e) {
    return e as Error;
  }
  return undefined;
}

// ---------------------------------------------------------------------------
// 1. A 6 MB scheme: messages, format, JSON and the command line
// ---------------------------------------------------------------------------

describe("a scheme of 6 million characters (point 1)", () => {
  const input = "a".repeat(6e6) + ":";

  test("the error's message, format(), String() and JSON do not overflow the stack, and stay short", () => {
    const r = core.tryParse(input);
    expect(r.ok).toBe(false);
    const e = (r as { error: core.UriSyntaxError }).error;
    const shown = [e.message, e.format(), String(e), JSON.stringify(e), e.stack as string, e.advice as string];
    for (const text of shown) expect(text.length).toBeLessThan(2048);
    expect(e.message).toMatch(/^At offset 6000001 .*nothing follows 'a+\.\.\.a+:'/);
  });

  test("boundText cuts a run of any length with a constant stack", () => {
    for (const run of ["a".repeat(6e6), "%".repeat(6e6), "\u00e9".repeat(6e6)]) {
      const text = boundText(`x '${run}' y`);
      expect(text.length).toBeLessThan(1024);
      expect(text).toMatch(/^x '.+\.\.\..+' y$/);
    }
  });

  test.each([
    [["parse"]],
    [["normalize"]],
    [["resolve", "http://x/y/"]],
    [["check", "--rule", "absoluteURI"]],
    [["check"]],
  ])("rfc2396 %p reports the line and reads the lines after it", async (argv) => {
    const r = await run(argv, [input, "\nhttp://a/b\n"]);
    expect(r.err).not.toContain("internal error");
    expect(r.code).toBe(1);
    expect(r.out + r.err).toContain("missing-scheme-specific-part");
    // The report of the long line is bounded (the parse table shows the input it was given).
    if (argv[0] !== "parse") expect((r.out + r.err).length).toBeLessThan(4096);
    const second = argv[0] === "parse" ? "http://a/b" : argv[0] === "check" ? "1 valid, 1 invalid" : "http://a/b\n";
    expect(r.out).toContain(second);
  });
});

// ---------------------------------------------------------------------------
// 10. Messages: bounded, and never raw line separators or bidirectional controls
// ---------------------------------------------------------------------------

describe("messages stay one short line (point 10)", () => {
  test("an unknown rule name of 1 MB is cut in the message", () => {
    const e = thrown(() => core.isValid("x", "a".repeat(MB) as never));
    expect(e).toBeInstanceOf(RangeError);
    expect(e?.message.length).toBeLessThan(1024);
    expect(e?.message).toMatch(/^isValid: 'a+\.\.\.a+' is not an Appendix A rule/);
  });

  test("establishBase with a 900 KB base quotes it cut short", () => {
    for (const retrieval of ["a b".repeat(300_000), "a".repeat(900_000), "/" + "a".repeat(900_000)]) {
      const e = thrown(() => core.establishBase({ retrieval }));
      expect(e?.name).toBe("BaseUriError");
      expect(e?.message.length).toBeLessThan(2048);
    }
  });

  test("U+2028, U+2029 and the bidirectional controls are escaped in messages", () => {
    const raw = /[\u2028\u2029\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/;
    const messages = [
      core.tryParse("http://a/\u2028").ok ? "" : (core.tryParse("http://a/\u2028") as { error: Error }).error.message,
      (core.tryParse("http://a/\u202eb") as { error: core.UriSyntaxError }).error.message,
      (core.tryParse("http://a/\u202eb") as { error: core.UriSyntaxError }).error.format(),
      thrown(() => core.isValid("x", "ab\u202ecd" as never))?.message,
      thrown(() => core.establishBase({ retrieval: "a\u202eb" }))?.message,
      thrown(() => core.parse("\u2029x"))?.message,
      thrown(() => core.resolve("http://a/", 5 as never))?.message,
      thrown(() => core.escape("a", "\u202epath" as never))?.message,
      thrown(() => core.unescape("a\u202eb"))?.message,
      thrown(() => core.build({ scheme: "a\u2028" }))?.message,
    ];
    for (const m of messages) {
      expect(typeof m).toBe("string");
      expect(m).not.toMatch(raw);
    }
    expect(messages[1]).toContain("\\u{202E}");
  });

  test("the command line shows a reversed or broken line escaped", async () => {
    const r = await run(["check", "-"], ["http://a/\u202eb\nhttp://a/\u2028\n"]);
    expect(r.out).not.toMatch(/[\u2028\u202e]/);
    expect(r.out).toContain("\\u{202E}");
    const usage = await run(["check", "--rule", "ab\u202ecd", "x"]);
    expect(usage.err).not.toMatch(/\u202e/);
  });

  test("usage errors quote a long value cut short", async () => {
    const long = "a".repeat(100_000);
    for (const argv of [
      ["grammar", "--regex", long],
      ["grammar", "--regex", "ecmascript", long],
      ["grammar", "--regex", "ecmascript", "--profile", long],
      ["check", "--rule", long, "x"],
      ["resolve", "--above-root", long, "http://a/", "b"],
    ]) {
      const r = await run(argv);
      expect(r.code).toBe(2);
      expect(r.err.length).toBeLessThan(2048);
    }
  });
});

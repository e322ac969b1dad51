// Hostile input, second pass (issue 35): inputs and arguments built to break messages, the
// command line, the HTML reader and the argument checks. Each block names the point of the
// issue it covers.
import { spawn } from "node:child_process";
import { EventEmitter } from "node:events";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { Readable } from "node:stream";
import * as core from "../src";
import * as html from "../src/html";
import { Output, StrictUtf8 } from "../src/cli/io";
import { documentText } from "../src/cli/links";
import { main } from "../src/cli/main";
import { fakeStream, runCli } from "./cli-run";
import { REGEX_PROFILES, regex, regexRules } from "../src/regex";
import { boundText } from "../src/syntax/errors";
import { shownText } from "../viewer/shown";

const MB = 1024 * 1024;

/** The command line in this process, with `stdin` as standard input. */
const run = (argv: string[], stdin: (string | Uint8Array)[] = []) => runCli(argv, { stdin });

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
  test("diagnose's messages show a bidi control or a line separator escaped", () => {
    for (const [ch, shown] of [
      ["\u202e", "\\u{202E}"],
      ["\u2028", "\\u{2028}"],
    ]) {
      const [d] = core.diagnose(`http://a/${ch}b`).diagnostics;
      expect(d.code).toBe("non-ascii");
      expect(d.message).toContain(`"${shown}"`);
      expect(d.message).not.toContain(ch);
    }
  });

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

// ---------------------------------------------------------------------------
// 5. What Object.prototype holds is never an option, a source or a field
// ---------------------------------------------------------------------------

describe("prototype pollution changes nothing (point 5)", () => {
  const proto = Object.prototype as Record<string, unknown>;

  /** Runs `f` with `names` set on Object.prototype to `value`, and removes them after. */
  async function polluted<T>(names: readonly string[], value: unknown, f: () => Promise<T> | T): Promise<T> {
    for (const n of names) proto[n] = value;
    try {
      return await f();
    } finally {
      for (const n of names) delete proto[n];
    }
  }

  test("parseServerAuthority does not take its advice from Object.prototype", async () => {
    for (const uri of ["http://u@a_b/", "http://a..b/", "http://u@:80/"]) {
      const clean = thrown(() => core.parseServerAuthority(uri));
      const dirty = await polluted(["advice"], "write evil", () => thrown(() => core.parseServerAuthority(uri)));
      expect(clean?.name).toBe("UriSyntaxError");
      expect(dirty?.message).toBe(clean?.message);
      expect(dirty?.message).not.toContain("evil");
    }
  });

  test("resolveLinks does not take encapsulating or fallback from Object.prototype", async () => {
    const links = await polluted(["encapsulating", "fallback"], "http://evil/", () =>
      html.resolveLinks('<a href="x">x</a>', "http://doc/"),
    );
    expect(links.base).toMatchObject({ uri: "http://doc/", source: "retrieval" });
    expect(links.links.map((l) => l.ok && l.uri)).toEqual(["http://doc/x"]);
    const none = await polluted(["encapsulating", "fallback"], "http://evil/", () =>
      thrown(() => html.resolveLinks('<a href="x">x</a>')),
    );
    expect(none).toMatchObject({ name: "BaseUriError", code: "no-base" });
  });

  test("Object.prototype.component and advice do not rewrite messages", async () => {
    const message = await polluted(
      ["component", "advice"],
      "PWNED",
      () => (core.tryParse("http://a/b c") as { error: Error }).error.message,
    );
    expect(message).toBe("At offset 10 in the path: a space is not allowed in a URI; write it as %20");
  });

  // Every optional field and option name of the library, and the fields of parse5's nodes it reads.
  const NAMES = (
    "aboveRoot advice allowSameSchemeRelative alternative attributes authority buffer component detail " +
    "embedded encapsulating escapes escaped fallback file fix flavor fragment host hyphenAtLineBreak " +
    "includeInvalid invalidEmbedded maxDepth maxDiagnostics now offset opaqueSchemes options params path " +
    "port profile query registry relative relativeEmbedded removeDotSegments reserved resolve resolvedAgainst " +
    "retrieval rule rules scheme scope segments severity stdinFd strict trim userinfo prefix namespace " +
    "sourceCodeLocation content parentNode tagName value NO_COLOR FORCE_COLOR"
  ).split(" ");
  // (Not `attrs`: parse5 itself reads the `attrs` of its location records through the prototype.)

  const page =
    '<html><head><base href="http://b/x/"></head><body><a href="y">a</a><svg><a xlink:href="z"></a></svg>' +
    '<img src="#f"><template><a href="t"></a></template></body></html>';

  /** A result as JSON, or the error thrown. */
  function outcome(f: () => unknown): string {
    try {
      return JSON.stringify(f() ?? null);
    } catch (e) {
      return `threw ${(e as Error).name}: ${(e as Error).message}`;
    }
  }

  async function everything(): Promise<string[]> {
    const library = [
      () => core.parse("http://u:p@a:8/b;c?d#e"),
      () => core.tryParse("a b"),
      () => core.diagnose("HTTP://a/b c%41#x#y"),
      () => core.resolveTrace("http://a/b/c/d;p?q", "../../../g"),
      () => core.normalize("HTTP://A:80/%7e/./a"),
      () => core.escape("a b/\u00e9", "path"),
      () => core.build({ scheme: "http", host: "a", path: "/x y", query: { escaped: "q=%26" } }),
      () => core.build({ scheme: "http", host: "a", segments: ["a", { name: "b" }] }),
      () => core.extract("see http://a/b- \n c and <URL:http://x/y>"),
      () => core.expandAbbreviated("www.a.org/x"),
      () => core.establishBase({ retrieval: "http://r/" }),
      () => core.establishBase({ embedded: "../x", retrieval: "http://r/a/b" }, { relativeEmbedded: "resolve" }),
      () => core.unescapeComponents("http://a/b%20c?d"),
      () => html.baseFromHtml(page),
      () => html.resolveLinks(page, "http://doc/"),
    ].map(outcome);
    const commands = [
      [["check", "http://a/b c", "http://a/"]],
      [["check", "--json", "-"], "a b\nhttp://a/\n"],
      [["parse", "--json", "a b", "http://a/b?c"]],
      [["resolve", "http://a/b/c", "../x", "a b"]],
      [["normalize", "-"], "HTTP://A/\na b\n"],
      [["extract", "-"], "x http://a/b- \n c y <http://z/>\n"],
      [["extract", "--json", "-"], "x http://a/b- \n c y\n"],
      [["links", "-", "--base", "http://d/"], page],
      [["links", "--json", "-", "--base", "http://d/"], page],
    ] as [string[], string?][];
    const cli: string[] = [];
    for (const [argv, stdin] of commands) cli.push(JSON.stringify(await run(argv, stdin === undefined ? [] : [stdin])));
    return [...library, ...cli];
  }

  test.each([
    ["a URI", "http://evil/"],
    ["true", true],
    ["a function", () => "x"],
  ])(
    "the library and every command give the same output with Object.prototype polluted by %s",
    async (_what, value) => {
      const clean = await everything();
      const dirty = await polluted(NAMES, value, everything);
      expect(dirty).toEqual(clean);
    },
  );
});

// ---------------------------------------------------------------------------
// 10. Built-in objects are no options or parts; each value is read once
// ---------------------------------------------------------------------------

describe("a Date, a RegExp or a Map is no options object and no part (point 10)", () => {
  const BUILT_INS: [string, unknown][] = [
    ["Date", new Date(0)],
    ["RegExp", /x/],
    ["Map", new Map([["aboveRoot", "remove"]])],
  ];

  test.each(BUILT_INS)("a %s is refused as options, with a TypeError naming it", (name, value) => {
    for (const call of [
      () => core.resolve("http://a/b", "c", value as never),
      () => core.normalize("http://a/", value as never),
      () => core.escape("a", "path", value as never),
      () => core.extract("a", value as never),
      () => core.build({ path: "a" }, value as never),
      () => core.establishBase({ retrieval: "http://a/" }, value as never),
      () => core.expandAbbreviated("www.a.org", value as never),
      () => html.resolveLinks("", "http://a/", value as never),
    ]) {
      const e = thrown(call);
      expect(e).toBeInstanceOf(TypeError);
      expect(e?.message).toContain(`got a ${name}`);
    }
  });

  test.each(BUILT_INS)("a %s is refused as build's parts and as a part", (name, value) => {
    const calls = [
      () => core.build(value as never),
      () => core.build({ scheme: "http", host: "a", path: value as never }),
      () => core.build({ scheme: "http", host: "a", segments: [value as never] }),
      () => core.establishBase(value as never),
      () => core.expandAbbreviated("www.a.org", { rules: [value as never] }),
    ];
    for (const call of calls) {
      const e = thrown(call);
      expect(e).toBeInstanceOf(TypeError);
      expect(e?.message).toContain(`a ${name}`);
    }
  });

  test("an { escaped } part made by a class is refused too, and a plain one from any realm is not", () => {
    class Escaped {
      escaped = "a%20b";
    }
    expect(thrown(() => core.build({ path: new Escaped() }))).toBeInstanceOf(TypeError);
    expect(core.build({ path: Object.assign(Object.create(null), { escaped: "a%20b" }) })).toBe("a%20b");
  });
});

describe("each argument is read once (point 10)", () => {
  test("a rule whose scheme is a getter cannot turn into javascript: after the check", () => {
    let reads = 0;
    const rule = {
      test: () => true,
      get scheme() {
        return reads++ === 0 ? "http" : "javascript:alert(1)//";
      },
    };
    expect(core.expandAbbreviated("www.a.org/x", { rules: [rule] })).toBe("http://www.a.org/x");
    expect(reads).toBe(1);
  });

  test("a test function still runs with its rule as this", () => {
    const rule = {
      host: "intranet",
      test(this: { host: string }, host: string) {
        return host === this.host;
      },
      scheme: "https",
    };
    expect(core.expandAbbreviated("intranet/x", { rules: [rule] })).toBe("https://intranet/x");
  });

  test("a segment whose params are a getter is read once", () => {
    let reads = 0;
    const segment = {
      name: "a",
      get params() {
        return reads++ === 0 ? ["v=1"] : [42];
      },
    };
    expect(core.build({ scheme: "http", host: "h", segments: [segment as never] })).toBe("http://h/a;v=1");
    expect(reads).toBe(1);
  });
});

// ---------------------------------------------------------------------------
// 4. A javascript: or data: BASE is no base (READING R63)
// ---------------------------------------------------------------------------

describe("a javascript: or data: BASE is passed over, as HTML does (point 4)", () => {
  const page = (href: string): string =>
    `<head><base href="${href}"></head><body><a href="">1</a><a href="#x">2</a><a href="y">3</a></body>`;

  test.each([
    "javascript:alert(1)",
    "JavaScript:alert(1)//",
    " javascript:alert(1) ",
    "data:text/html,<b>x</b>",
    "DATA:,x",
  ])("%p: baseFromHtml gives undefined, and the links resolve against the document's URI", (href) => {
    expect(html.baseFromHtml(page(href))).toBeUndefined();
    const { base, links } = html.resolveLinks(page(href), "http://h/d/e?q#f");
    expect(base).toMatchObject({ uri: "http://h/d/e?q", source: "retrieval" });
    expect(base.ignored.map((e) => [e.name, e.code, e.source])).toEqual([
      ["BaseUriError", "scheme-not-allowed", "embedded"],
    ]);
    const uris = links.filter((l) => l.element === "a").map((l) => l.ok && l.uri);
    expect(uris).toEqual(["http://h/d/e?q", "http://h/d/e?q#x", "http://h/d/y"]);
    for (const l of links) if (l.ok && l.element === "a") expect(l.uri).not.toMatch(/^(javascript|data):/i);
  });

  test("with no other source there is no base at all, never the script", () => {
    const e = thrown(() => html.resolveLinks(page("javascript:alert(1)")));
    expect(e).toMatchObject({ name: "BaseUriError", code: "no-base" });
  });

  test("other schemes still make a base, and the BASE's own href is still listed", () => {
    expect(html.baseFromHtml(page("javascripts:x"))).toBe("javascripts:x");
    expect(html.baseFromHtml(page("http://a/"))).toBe("http://a/");
    const { links } = html.resolveLinks(page("javascript:alert(1)"), "http://h/");
    expect(links[0]).toMatchObject({ element: "base", value: "javascript:alert(1)" });
  });

  test("rfc2396 links says that the BASE was passed over", async () => {
    const r = await run(["links", "-", "--base", "http://h/d"], [page("javascript:alert(1)")]);
    expect(r.code).toBe(0);
    expect(r.out).toContain("base http://h/d (retrieval)");
    expect(r.out).not.toMatch(/\sjavascript:alert\(1\)#x/);
    expect(r.err).toMatch(/note: the embedded base URI "javascript:alert\(1\)" is a javascript: URI/);
  });
});

// ---------------------------------------------------------------------------
// 7. extract and links are bounded
// ---------------------------------------------------------------------------

describe("extract and links read a bounded amount (point 7)", () => {
  /**
   * A standard input of NUL bytes, as /dev/zero is, that counts what was
   * taken: 40 MiB of them (endless for the caps tested, and an end for a
   * reader without a cap, which then holds it all).
   */
  function zeros(): { stream: AsyncIterable<Uint8Array>; taken: () => number } {
    let taken = 0;
    const chunk = new Uint8Array(64 * 1024);
    return {
      stream: {
        async *[Symbol.asyncIterator]() {
          while (taken < 40 * MB) {
            taken += chunk.length;
            yield chunk;
          }
        },
      },
      taken: () => taken,
    };
  }

  /** The command line in this process with `stdin` as standard input. */
  async function runOn(argv: string[], stdin: AsyncIterable<Uint8Array>): Promise<{ code: number; err: string }> {
    const out = fakeStream();
    const err = fakeStream();
    const code = await main(argv, {
      stdin,
      stdout: out.stream,
      stderr: err.stream,
      isTTY: { stdin: false, stdout: false, stderr: false },
      env: {},
    });
    return { code, err: err.text() };
  }

  test("extract on an endless line stops past --max-line-bytes, with exit 1", async () => {
    const input = zeros();
    const r = await runOn(["extract", "-"], input.stream);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/^rfc2396 extract: line 1: longer than --max-line-bytes \(8388608 bytes\); .* not read/);
    expect(input.taken()).toBeLessThan(8 * MB + 128 * 1024);
    const small = zeros();
    const capped = await runOn(["extract", "--max-line-bytes", "1000", "-"], small.stream);
    expect([capped.code, small.taken()]).toEqual([1, 64 * 1024]);
  });

  test("extract prints the URIs before the long line's paragraph, and not after", async () => {
    const text = "see http://a/b here\n\nand http://c/d\n" + "x".repeat(5000) + "\n\nhttp://e/f\n";
    const out = fakeStream();
    const err = fakeStream();
    const code = await main(["extract", "--max-line-bytes", "4096", "-"], {
      stdin: Readable.from([Buffer.from(text)]),
      stdout: out.stream,
      stderr: err.stream,
      isTTY: { stdin: false, stdout: false, stderr: false },
      env: {},
    });
    expect(code).toBe(1);
    expect(out.text()).toBe("4\t14\thttp://a/b\n");
    expect(err.text()).toMatch(/line 4: longer than --max-line-bytes \(4096 bytes\)/);
    // Under the cap, the same text reads whole.
    const whole = await run(["extract", "-"], [text]);
    expect([whole.code, whole.out.split("\n").length - 1]).toEqual([0, 3]);
  });

  test("links on an endless document stops past --max-document-bytes, with exit 1", async () => {
    const input = zeros();
    const r = await runOn(["links", "-", "--base", "http://h/"], input.stream);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(
      /^rfc2396 links: the document is longer than --max-document-bytes \(16777216\); it is not read/,
    );
    expect(input.taken()).toBeLessThan(16 * MB + 128 * 1024);
    const small = zeros();
    const capped = await runOn(["links", "-", "--base", "http://h/", "--max-document-bytes", "100"], small.stream);
    expect([capped.code, small.taken()]).toEqual([1, 64 * 1024]);
  });

  test("a document longer than the engine's longest string is refused as such, not as 'not UTF-8'", () => {
    const e = thrown(() => documentText(Buffer.alloc(1000, 0x61), 999));
    expect(e?.message).toMatch(
      /is 1000 UTF-16 code units long, and this JavaScript engine holds at most 999 in a string/,
    );
    expect(e?.message).not.toMatch(/UTF-8/);
    // Four bytes make two units, three bytes one.
    expect(thrown(() => documentText(Buffer.from("\u{1F600}".repeat(300)), 599))?.message).toMatch(/is 600 UTF-16/);
    expect(documentText(Buffer.from("\u20ac".repeat(300)), 300)).toBe("\u20ac".repeat(300));
  });

  test("a decoder failure that is not bad bytes is not reported as 'not UTF-8'", () => {
    const tooLong = Object.assign(new Error("Cannot create a string longer than 0x1fffffe8 characters"), {
      code: "ERR_STRING_TOO_LONG",
    });
    const spy = jest.spyOn(TextDecoder.prototype, "decode").mockImplementation(() => {
      throw tooLong;
    });
    try {
      const decoder = new StrictUtf8();
      expect(thrown(() => decoder.write(Buffer.from("abc")))).toBe(tooLong);
      expect(decoder.failure).toBeUndefined();
    } finally {
      spy.mockRestore();
    }
  });
});

// ---------------------------------------------------------------------------
// 6. When the reader of the output goes away, the status is that of what was read
// ---------------------------------------------------------------------------

describe("a closed pipe ends the run with the status of what was read (point 6)", () => {
  /**
   * A stdout that takes `room` writes and then behaves as a pipe whose reader
   * has gone, as Node's sockets do: the write's callback gets EPIPE, then the
   * same error is emitted as "error" in a tick of its own.
   */
  class ClosingPipe extends EventEmitter {
    written = "";
    errors: unknown[] = [];
    constructor(private room: number) {
      super();
      this.on("error", (e) => this.errors.push(e));
    }
    write(chunk: string, done?: (e?: Error | null) => void): boolean {
      if (this.room-- > 0) {
        this.written += chunk;
        return true;
      }
      const e = Object.assign(new Error("write EPIPE"), { code: "EPIPE", syscall: "write" });
      process.nextTick(() => {
        done?.(e);
        process.nextTick(() => this.emit("error", e));
      });
      return false;
    }
  }

  /** Lines of standard input, a chunk at a time; counts how many chunks were taken. */
  function chunks(lines: string[], perChunk: number): { stream: AsyncIterable<string>; taken: () => number } {
    let taken = 0;
    return {
      stream: {
        async *[Symbol.asyncIterator]() {
          for (let i = 0; i < lines.length; i += perChunk) {
            taken++;
            yield lines.slice(i, i + perChunk).join("");
          }
        },
      },
      taken: () => taken,
    };
  }

  async function runPiped(argv: string[], stdin: AsyncIterable<string>, stdout: ClosingPipe): Promise<number> {
    return main(argv, {
      stdin,
      stdout,
      stderr: fakeStream().stream,
      isTTY: { stdin: false, stdout: false, stderr: false },
      env: {},
    });
  }

  const invalidFirst = ["http://a/b c\n", ...Array.from({ length: 20_000 }, (_, i) => `http://a/${i}\n`)];
  const allValid = Array.from({ length: 20_000 }, (_, i) => `http://a/${i}\n`);
  const bigOutput = Array.from({ length: 20_000 }, (_, i) => `http://a/${i} x\n`);

  // [what, argv, lines, status, whether output comes with the lines (so the reading stops early)]
  test.each([
    ["check", ["check"], invalidFirst, 1, false],
    ["check, all valid", ["check"], allValid, 0, false],
    ["check, a report a line", ["check"], bigOutput, 1, true],
    ["check --json", ["check", "--json"], bigOutput, 1, true],
    ["parse", ["parse"], allValid, 0, true],
    ["parse, an invalid line", ["parse"], invalidFirst, 1, true],
    ["normalize", ["normalize"], allValid, 0, true],
  ] as [string, string[], string[], number, boolean][])(
    "%s: the status of the lines read, and no error left to the stream's listeners",
    async (_what, argv, lines, status, early) => {
      const input = chunks(lines, 100);
      const stdout = new ClosingPipe(1);
      const code = await runPiped(argv, input.stream, stdout);
      await new Promise((resolve) => setImmediate(resolve));
      expect(code).toBe(status);
      expect(stdout.errors).toEqual([]);
      // Nothing more is read once the output has closed.
      if (early) expect(input.taken()).toBeLessThan(lines.length / 100);
    },
  );

  test("any other write error is left to the stream's listeners", async () => {
    const stdout = new ClosingPipe(0);
    stdout.write = function (this: ClosingPipe, _chunk: string, done?: (e?: Error | null) => void): boolean {
      const e = Object.assign(new Error("write ENOSPC"), { code: "ENOSPC", syscall: "write" });
      process.nextTick(() => {
        done?.(e);
        process.nextTick(() => this.emit("error", e));
      });
      return true;
    };
    const output = new Output(stdout);
    output.line("x");
    await output.flush();
    await new Promise((resolve) => setImmediate(resolve));
    expect(output.closed).toBe(false);
    expect(stdout.errors.map((e) => (e as NodeJS.ErrnoException).code)).toEqual(["ENOSPC"]);
  });

  test("rfc2396 check -f FILE | head -1 exits 1 when the first line is invalid", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rfc2396-epipe-"));
    const file = path.join(dir, "uris.txt");
    fs.writeFileSync(file, `http://a/b c\n${"http://a/d e\n".repeat(200_000)}`);
    try {
      for (const args of [
        ["check", "-f", file],
        ["check", "--json", "-f", file],
        ["parse", "-f", file],
      ]) {
        const child = spawn(process.execPath, [path.join(__dirname, "..", "dist", "cli", "main.js"), ...args], {
          stdio: ["ignore", "pipe", "pipe"],
        });
        let stderr = "";
        child.stderr.on("data", (d) => (stderr += d));
        // Like head -1: read until the first line break, then go away.
        await new Promise<void>((resolve) => {
          let seen = "";
          child.stdout.on("data", (d) => {
            seen += d;
            if (seen.includes("\n")) {
              child.stdout.destroy();
              resolve();
            }
          });
        });
        const status = await new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
        // (check --json says its summary on stderr: of the lines read before.)
        expect([args[0], status]).toEqual([args[0], 1]);
        expect(stderr).not.toMatch(/internal error|cannot write/);
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

// ---------------------------------------------------------------------------
// 2. The xsd patterns are linear in libxml2 (bench:hostile times them in xmllint)
// ---------------------------------------------------------------------------

describe("the xsd patterns have no shape libxml2 makes cubic (point 2)", () => {
  /** The quantifiers of a pattern outside its character classes. */
  function quantifiers(pattern: string): string[] {
    const found: string[] = [];
    for (let i = 0; i < pattern.length; i++) {
      const c = pattern[i];
      if (c === "\\") i++;
      else if (c === "[") {
        for (i++; i < pattern.length && pattern[i] !== "]"; i++) if (pattern[i] === "\\") i++;
      } else if (c === "*" || c === "+" || c === "?") found.push(c);
    }
    return found;
  }

  test.each(REGEX_PROFILES.map((p) => [p]))(
    "profile %s: no '*', which libxml2 reads as cubic (X* is (X+)?)",
    (profile) => {
      for (const rule of regexRules(profile)) {
        const pattern = regex(rule, { flavor: "xsd", profile });
        expect([rule, quantifiers(pattern).filter((q) => q === "*")]).toEqual([rule, []]);
      }
    },
  );

  test("they still accept exactly what isValid accepts", () => {
    const inputs = [
      "",
      "http://a/b?c#d",
      "http://a/%41%41;p=%41/x?%41#%41",
      "http://a/%41%4",
      "a%41/b;c",
      "a:%7e%7e",
      "//a:b@c:80/d",
      "http://a.1b/",
      "mailto:a@b",
      "http://a/b c",
      "%",
      "/a;b;c/d;e",
      "http://1.2.3.4:/",
      "?y",
      "#",
      "a#b#c",
    ];
    for (const rule of regexRules()) {
      const xsd = new RegExp(`^(?:${regex(rule, { flavor: "xsd" })})$`);
      for (const input of inputs)
        expect([rule, input, xsd.test(input)]).toEqual([rule, input, core.isValid(input, rule as never)]);
    }
  });
});

describe("the viewer shows text escaped (point 10)", () => {
  test("bidirectional controls and line separators are escaped, line breaks kept", () => {
    expect(shownText("a\u202eb\u2028c\u2066d")).toBe("a\\u{202E}b\\u{2028}c\\u{2066}d");
    expect(shownText("  http://a/\u202eb\n  ^")).toBe("  http://a/\\u{202E}b\n  ^");
    expect(shownText("plain text, caf\u00e9")).toBe("plain text, caf\u00e9");
  });
});

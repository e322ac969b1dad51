// The command line: most of it in-process through main() with fake streams,
// and a few runs of the built binary (node dist/cli/main.js) for exit codes,
// stdin, JSON, help and a large generated stdin.
import { spawn, spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { Readable } from "node:stream";
import { COMMANDS, main } from "../src/cli/main";
import { type RunOptions, fakeStream, runCli } from "./cli-run";
import { extract } from "../src/text/extract";

const ROOT = path.join(__dirname, "..");
const FIXTURES = path.join(__dirname, "fixtures", "cli");
const BIN = path.join(ROOT, "dist", "cli", "main.js");
const VERSION: string = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")).version;

const run = (argv: string[], options: RunOptions = {}) => runCli(argv, options);

const lines = (s: string): string[] => s.split("\n").filter((l) => l !== "");
const jsonLines = (s: string): Record<string, unknown>[] => lines(s).map((l) => JSON.parse(l));

// ---------------------------------------------------------------------------
describe("the command line as a whole", () => {
  test("--help lists every command, on stdout, exit 0", async () => {
    const r = await run(["--help"]);
    expect(r.code).toBe(0);
    expect(r.err).toBe("");
    for (const name of ["check", "parse", "resolve", "normalize", "extract", "links"])
      expect(r.out).toMatch(new RegExp(`^  ${name} `, "m"));
    expect(r.out).toContain("Exit status");
  });

  test("--version prints package.json's version", async () => {
    expect(await run(["--version"])).toEqual({ code: 0, out: `${VERSION}\n`, err: "" });
  });

  test.each(COMMANDS.map((c) => c.name))("%s --help: usage, options and examples on stdout", async (name) => {
    const r = await run([name, "--help"]);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(new RegExp(`^Usage: rfc2396 ${name} `));
    expect(r.out).toContain("Examples:");
    expect(r.out).toContain(`rfc2396 ${name} `);
    expect(r.out).toContain("Exit status");
    expect((await run(["help", name])).out).toBe(r.out);
  });

  /** Splits a shell line into words: single quotes only, as the examples use. */
  const words = (line: string): string[] => [...line.matchAll(/'([^']*)'|(\S+)/g)].map((m) => m[1] ?? m[2]);

  /** Files the examples name, and the fixtures that stand in for them. */
  const STAND_INS: Record<string, string> = {
    "notes.txt": path.join(ROOT, "examples", "appendix-e.txt"),
    "page.html": path.join(ROOT, "examples", "appendix-d.html"),
    "uris.txt": path.join(ROOT, "examples", "uris.txt"),
    "refs.txt": path.join(ROOT, "examples", "refs.txt"),
    // A file an example writes goes to the temporary folder, never into the checkout.
    "rfc2396-baseline.sarif": path.join(os.tmpdir(), `rfc2396-cli-test-baseline-${process.pid}.sarif`),
  };

  test.each(COMMANDS.map((c) => c.name))(
    "the examples of %s --help run (exit 0 or 1), but those with pipes",
    async (name) => {
      const { out } = await run([name, "--help"]);
      const examples = out
        .split("Examples:\n")[1]
        .split("\n\n")[0]
        .split("\n")
        .map((l) => l.trim())
        .filter((l) => l.startsWith("rfc2396 ") && !/[<>|]/.test(l));
      expect(examples.length).toBeGreaterThan(0);
      for (const example of examples) {
        const r = await run(
          words(example)
            .slice(1)
            .map((w) => STAND_INS[w] ?? w),
        );
        expect([example, r.code, r.err.includes("Try ")]).toEqual([example, expect.any(Number), false]);
        expect(r.code).toBeLessThan(2);
      }
    },
  );

  test.each([
    [[], "missing command", "rfc2396 --help"],
    [["frobnicate"], "unknown command 'frobnicate'", "rfc2396 --help"],
    [["--nope"], "unknown option '--nope'", "rfc2396 --help"],
    [["check", "--nope"], "rfc2396 check: unknown option '--nope'\n", "rfc2396 check --help"],
    [["check", "--jsn"], "unknown option '--jsn'; did you mean '--json'?", "rfc2396 check --help"],
    [["check", "-x"], "unknown option '-x'", "rfc2396 check --help"],
    [["chek", "a"], "unknown command 'chek'; did you mean 'check'?", "rfc2396 --help"],
    [["--hepl"], "unknown option '--hepl'; did you mean '--help'?", "rfc2396 --help"],
    [["check", "--rule"], "missing value for '--rule NAME'", "rfc2396 check --help"],
    [
      ["check", "--rule", "--json", "a"],
      "missing value for '--rule NAME' (the next word, '--json', is an option",
      "rfc2396 check --help",
    ],
    [["check", "-f"], "missing value for '-f FILE'", "rfc2396 check --help"],
    [["check", "--json=yes"], "option '--json' takes no value (got '--json=yes')", "rfc2396 check --help"],
    [["links", "a.html", "b.html"], "unexpected argument 'b.html'", "rfc2396 links --help"],
    [
      ["check", "--rule", "URI"],
      "'URI' is not an Appendix A rule; use one of 'URI-reference', 'absoluteURI'",
      "rfc2396 check --help",
    ],
    [["resolve"], "missing BASE", "rfc2396 resolve --help"],
    [
      ["resolve", "--above-root", "up", "http://a/", "g"],
      "--above-root must be keep, remove or error",
      "rfc2396 resolve --help",
    ],
    [["links"], "missing FILE.html", "rfc2396 links --help"],
    [["extract", "a", "b"], "one FILE", "rfc2396 extract --help"],
    [["parse", "--rule", "hostname", "a"], "--rule goes with --cst", "rfc2396 parse --help"],
    [
      ["normalize", "--above-root", "remove", "http://a/"],
      "--above-root goes with --remove-dot-segments",
      "rfc2396 normalize --help",
    ],
  ])("usage error %j: exit 2, message and hint on stderr", async (argv, message, hint) => {
    const r = await run(argv as string[]);
    expect(r.code).toBe(2);
    expect(r.out).toBe("");
    expect(r.err).toContain(message);
    expect(r.err).toContain(`Try '${hint}' for more information.`);
  });

  test("no suggestion when nothing is near: the list of commands instead", async () => {
    const r = await run(["frobnicate"]);
    expect(r.err).toContain("unknown command 'frobnicate'; the commands are check, parse, resolve, normalize");
    expect(r.err).not.toContain("did you mean");
    expect((await run(["check", "--verbose"])).err).not.toContain("did you mean");
  });

  test("messages are the project's own, not Node's parseArgs wording", async () => {
    for (const argv of [
      ["check", "--nope"],
      ["check", "--rule"],
      ["check", "--json=yes"],
      ["parse", "-z"],
    ]) {
      const r = await run(argv);
      expect(r.err).not.toMatch(/ERR_PARSE_ARGS|argument missing|Unknown option|To specify an option argument/);
    }
  });

  test("a URI that starts with '-' can follow --", async () => {
    const r = await run(["check", "--", "-a"]);
    expect(r.code).toBe(0);
    expect(r.out).toBe("1 valid, 0 invalid\n");
  });
});

// ---------------------------------------------------------------------------
describe("check", () => {
  test("all valid: exit 0 and the summary only", async () => {
    expect(await run(["check", "http://a/b", "mailto:a@b", "../g", ""])).toEqual({
      code: 0,
      out: "4 valid, 0 invalid\n",
      err: "",
    });
  });

  test("every problem of an invalid input, each with code, section and caret", async () => {
    const r = await run(["check", "http://a/b c#d#e", "http://a/"]);
    expect(r.code).toBe(1);
    expect(r.err).toBe("");
    expect(r.out.split("\n")).toEqual([
      "http://a/b c#d#e",
      "  error[space] at offset 10 in the path (2.4.3): a space is not allowed in a URI; write it as %20",
      "    http://a/b c#d#e",
      "              ^",
      expect.stringMatching(/^ {2}error\[second-fragment\] at offset 14 in the fragment \(4\.1\): /),
      "    http://a/b c#d#e",
      "                  ^",
      "1 valid, 1 invalid",
      "",
    ]);
  });

  test("--fix prints the corrected URI when every problem has a fix", async () => {
    const r = await run(["check", "--fix", "http://a/b c#d#e", "http://[::1]/"]);
    expect(r.out).toContain("  fix: http://a/b%20c#d%23e\n");
    expect(r.out).toContain("  no fix: ipv6-literal has no sure correction\n");
  });

  test("--warnings shows warnings; they do not make an input invalid", async () => {
    const quiet = await run(["check", "HTTP://Example.com:8080/%7Ea"]);
    expect(quiet).toEqual({ code: 0, out: "1 valid, 0 invalid\n", err: "" });
    const r = await run(["check", "--warnings", "HTTP://Example.com:8080/%7Ea"]);
    expect(r.code).toBe(0);
    const codes = [...r.out.matchAll(/warning\[([a-z-]+)\]/g)].map((m) => m[1]);
    expect(codes).toEqual(["uppercase-scheme", "uppercase-host", "non-default-port", "escaped-unreserved"]);
    expect(r.out).toMatch(/1 valid, 0 invalid, 1 valid with warnings\n$/);
    const fixed = await run(["check", "--warnings", "--fix", "HTTP://Example.com/%7Ea"]);
    expect(fixed.out).toContain("  fix: http://example.com/~a\n");
  });

  test("--error raises a warning to an error, --ignore leaves it out", async () => {
    const raised = await run(["check", "--error", "password-in-userinfo", "ftp://u:p@a/", "ftp://u@a/"]);
    expect(raised.code).toBe(1);
    expect(raised.out).toContain("error[password-in-userinfo]");
    expect(raised.out).toMatch(/1 valid, 1 invalid\n$/);
    const ignored = await run([
      "check",
      "--warnings",
      "--ignore",
      "uppercase-scheme",
      "--ignore",
      "uppercase-host",
      "HTTP://A/",
    ]);
    expect(ignored.out).toBe("1 valid, 0 invalid, 0 valid with warnings\n");
    const wrong = await run(["check", "--error", "space", "a"]);
    expect(wrong.code).toBe(2);
    expect(wrong.err).toContain("'space' is a syntax error");
  });

  test("--json: one object per input with problems, the summary on stderr", async () => {
    const r = await run(["check", "--json", "http://a/", "http://a/b c"]);
    expect(r.code).toBe(1);
    expect(jsonLines(r.out)).toEqual([
      {
        input: "http://a/b c",
        line: null,
        valid: false,
        diagnostics: [
          {
            code: "space",
            severity: "error",
            start: 10,
            end: 11,
            component: "path",
            section: "2.4.3",
            message: "a space is not allowed in a URI; write it as %20",
            fix: "%20",
          },
        ],
        omitted: 0,
        fixed: "http://a/b%20c",
      },
    ]);
    expect(r.err).toBe("1 valid, 1 invalid\n");
    // Past the first 100 problems, the record counts the rest.
    const many = await run(["check", "--json", "a|".repeat(150)]);
    expect(jsonLines(many.out)).toMatchObject([{ valid: false, omitted: 50 }]);
  });

  test.each([
    ["absoluteURI", "http://a/b", true],
    ["absoluteURI", "../g", false],
    ["hostname", "www.example.com.", true],
    ["hostname", "a_b", false],
    ["IPv4address", "1.2.3.4", true],
    ["IPv4address", "1.2.3", false],
    ["URI_reference", "a b", false],
    ["alpha", "a", true],
  ])("--rule %s %j → valid %s", async (rule, input, valid) => {
    const r = await run(["check", "--rule", rule, input]);
    expect(r.code).toBe(valid ? 0 : 1);
    expect(r.out).toMatch(
      valid ? /^1 valid, 0 invalid\n$/ : /\n {2}error\[[a-z-]+\] at offset \d+.*\n.*\n *\^~*\n0 valid, 1 invalid\n$/,
    );
  });

  test("--rule with --warnings is a usage error", async () => {
    expect((await run(["check", "--rule", "hostname", "--warnings", "a"])).code).toBe(2);
  });

  test("stdin: one a line, CRLF or LF, blank lines skipped, line numbers in reports", async () => {
    const r = await run(["check"], { stdin: ["http://a/\r\n", "\r\n", "b c\r\nmailto:x@y\n", "http://a/%zz"] });
    expect(r.code).toBe(1);
    expect(r.out).toContain("line 3: b c\n");
    expect(r.out).toContain("line 5: http://a/%zz\n");
    expect(r.out).toMatch(/\n2 valid, 2 invalid\n$/);
  });

  test("stdin: lines and UTF-8 characters split across chunks, a byte order mark", async () => {
    const bytes = Buffer.from("\ufeffhttp://a/caf\u00e9\nhttp://b/\n");
    const at = bytes.indexOf(0xc3) + 1; // in the middle of é
    const r = await run(["check", "-"], { stdin: [bytes.subarray(0, 5), bytes.subarray(5, at), bytes.subarray(at)] });
    expect(r.out).toContain("line 1: http://a/caf\u00e9\n  error[non-ascii] at offset 12 in the path");
    expect(r.out).toMatch(/1 valid, 1 invalid\n$/);
  });

  test("arguments and - (stdin) together", async () => {
    const r = await run(["check", "http://a/", "-", "b c"], { stdin: ["x\ny z\n"] });
    expect(r.out).toContain("line 2: y z\n");
    expect(r.out).toMatch(/^b c$/m);
    expect(r.out).toMatch(/2 valid, 2 invalid\n$/);
  });

  test("--quiet prints the summary only; --stats adds the throughput", async () => {
    let t = 0;
    const r = await run(["check", "-q", "--stats", "a b", "http://a/"], { now: () => (t += 500) });
    expect(r.out).toMatch(
      /^1 valid, 1 invalid \(2 lines \([\d.]+ MB\) in [\d.]+ s: [\d,]+ lines\/s, [\d.]+ MB\/s\)\n$/,
    );
  });

  test("control characters in an input are shown escaped, never sent to the terminal", async () => {
    const r = await run(["check"], { stdin: ["http://a/\u001b[31mred\n"] });
    expect(r.out).not.toContain("\u001b");
    expect(r.out).toContain("line 1: http://a/\\u{1B}[31mred");
  });
});

// ---------------------------------------------------------------------------
describe("inputs from a file (-f) and arguments that name a file", () => {
  const uris = path.join(ROOT, "examples", "uris.txt");
  const refs = path.join(ROOT, "examples", "refs.txt");

  test("an argument is a URI, but one that names a file gets a note on stderr", async () => {
    const r = await run(["check", uris]);
    // An absolute file name is a valid absolute-path reference: it is checked as one.
    expect(r.code).toBe(0);
    expect(r.out).toBe("1 valid, 0 invalid\n");
    expect(r.err).toBe(
      `rfc2396 check: note: '${uris}' is also a file; to check the URIs in it, use -f ${uris} or < ${uris}\n`,
    );
    expect((await run(["parse", uris])).err).toContain("to parse the URIs in it, use -f");
    expect((await run(["normalize", uris])).err).toContain("to normalize the URIs in it");
    expect((await run(["resolve", "http://a/b", refs])).err).toContain("to resolve the references in it, use -f");
    // Not for a URI that names no file, nor for a directory.
    expect((await run(["check", "http://a/", path.join(ROOT, "examples")])).err).toBe("");
  });

  test("a name that needs quoting is quoted in the note", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rfc2396-"));
    const file = path.join(dir, "my uris.txt");
    fs.writeFileSync(file, "http://a/\n");
    try {
      const r = await run(["check", file]);
      expect(r.err).toContain(`use -f '${file}' or < '${file}'`);
    } finally {
      fs.rmSync(dir, { recursive: true });
    }
  });

  test("-f FILE reads the URIs from the file, one a line; reports name the file and line", async () => {
    const r = await run(["check", "-f", uris]);
    expect(r.code).toBe(1);
    expect(r.err).toBe("");
    expect(r.out).toContain(`${uris}:4: http://a/b c\n  error[space]`);
    expect(r.out).toContain(`${uris}:6: http://[::1]/\n  error[ipv6-literal]`);
    expect(r.out).toMatch(/\n5 valid, 2 invalid\n$/);
    const j = await run(["check", "--json", "--file", uris, "a b"]);
    expect(jsonLines(j.out).map((o) => [o.input, o.line, o.file])).toEqual([
      ["a b", null, undefined],
      ["http://a/b c", 4, uris],
      ["http://[::1]/", 6, uris],
    ]);
  });

  test("-f for parse, normalize and resolve; -f - is standard input; -f twice reads both", async () => {
    const parsed = jsonLines((await run(["parse", "--json", "-f", uris])).out);
    expect(parsed.map((o) => o.valid)).toEqual([true, true, true, false, true, false, true]);
    expect(parsed[0]).toMatchObject({ line: 1, file: uris, scheme: "http", host: "www.ietf.org" });
    expect((await run(["normalize", "-f", "-"], { stdin: ["HTTP://A:80/\n"] })).out).toBe("http://a/\n");
    const resolved = await run(["resolve", "http://a/b/c/d;p?q", "-f", refs]);
    expect(resolved.code).toBe(0);
    expect(lines(resolved.out).slice(0, 6)).toEqual([
      "http://a/b/c/g",
      "http://a/b/c/g",
      "http://a/b/c/g/",
      "http://a/g",
      "http://g",
      "http://a/b/c/?y",
    ]);
    const twice = await run(["check", "-q", "-f", uris, "-f", refs]);
    // "?y" is not derivable from Appendix A (relativeURI needs a path), though 5.2 resolves it.
    expect(twice.out).toBe("18 valid, 3 invalid\n");
  });

  test("-f with a file that cannot be read: exit 2", async () => {
    const r = await run(["check", "-f", path.join(FIXTURES, "missing.txt")]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^rfc2396 check: cannot read .*missing\.txt: ENOENT/);
  });
});

// ---------------------------------------------------------------------------
describe("one JSON record shape: input, valid, diagnostics with a code", () => {
  test.each([
    [["check", "--json", "a b"]],
    [["parse", "--json", "a b", "http://a/"]],
    [["parse", "--json", "--cst", "a b", "http://a/"]],
    [["resolve", "--json", "http://a/b", "a b", "g"]],
    [["normalize", "--json", "a b", "HTTP://A/"]],
    [["extract", "--json", "--invalid", path.join(ROOT, "examples", "appendix-e.txt")]],
    [["links", "--json", path.join(ROOT, "examples", "appendix-d.html")]],
  ])("%j", async (argv) => {
    const records = jsonLines((await run(argv)).out);
    expect(records.length).toBeGreaterThan(0);
    for (const r of records) {
      expect(typeof r.input).toBe("string");
      expect(typeof r.valid).toBe("boolean");
      expect(Array.isArray(r.diagnostics)).toBe(true);
      const ds = r.diagnostics as Record<string, unknown>[];
      expect(ds.some((d) => d.severity === "error")).toBe(!r.valid);
      for (const d of ds) {
        expect(Object.keys(d)).toEqual(
          expect.arrayContaining(["code", "severity", "start", "end", "component", "section", "message", "fix"]),
        );
        expect(typeof d.code).toBe("string");
      }
    }
  });

  test("the extract of an invalid candidate", async () => {
    const r = await run(["extract", "--json", "--invalid"], { stdin: ["see http://a/b|c."] });
    expect(jsonLines(r.out)).toEqual([
      {
        input: "http://a/b|c",
        start: 4,
        end: 16,
        delimiter: "whitespace",
        valid: false,
        diagnostics: [expect.objectContaining({ code: "unwise-character", start: 10, end: 11 })],
      },
    ]);
  });
});

// ---------------------------------------------------------------------------
describe("colour", () => {
  const invalid = ["check", "http://a/b c"];

  test("on a terminal: red errors", async () => {
    const r = await run(invalid, { tty: { stdout: true } });
    expect(r.out).toContain("\u001b[31m");
  });

  test("not on a terminal: none", async () => {
    expect((await run(invalid)).out).not.toContain("\u001b");
  });

  test("NO_COLOR set: none, even on a terminal; NO_COLOR empty counts as unset (no-color.org)", async () => {
    expect((await run(invalid, { tty: { stdout: true }, env: { NO_COLOR: "1" } })).out).not.toContain("\u001b");
    expect((await run(invalid, { tty: { stdout: true }, env: { NO_COLOR: "" } })).out).toContain("\u001b[");
  });

  test("FORCE_COLOR: colour without a terminal; FORCE_COLOR=0 or false: none even on one; NO_COLOR wins", async () => {
    expect((await run(invalid, { env: { FORCE_COLOR: "1" } })).out).toContain("\u001b[31m");
    expect((await run(invalid, { env: { FORCE_COLOR: "true" } })).out).toContain("\u001b[31m");
    expect((await run(invalid, { env: { FORCE_COLOR: "" } })).out).not.toContain("\u001b");
    expect((await run(invalid, { tty: { stdout: true }, env: { FORCE_COLOR: "0" } })).out).not.toContain("\u001b");
    expect((await run(invalid, { tty: { stdout: true }, env: { FORCE_COLOR: "false" } })).out).not.toContain("\u001b");
    expect((await run(invalid, { env: { FORCE_COLOR: "1", NO_COLOR: "1" } })).out).not.toContain("\u001b");
  });

  test("each stream by its own terminal: stderr coloured, stdout not", async () => {
    const r = await run(["resolve", "http://a/b", "g", "a b"], { tty: { stderr: true } });
    expect(r.out).toBe("http://a/g\n");
    expect(r.err).toContain("\u001b[31m");
  });
});

// ---------------------------------------------------------------------------
describe("streaming", () => {
  /** Chunks of `n` lines each, every 10th invalid. */
  function* chunks(count: number, n: number): Generator<string> {
    for (let c = 0; c < count; c++) {
      let s = "";
      for (let i = 0; i < n; i++) s += (c * n + i) % 10 === 9 ? `http://a/${i} x\n` : `http://a/${i}\n`;
      yield s;
    }
  }

  test("the progress line: on a terminal stderr, throttled, cleared at the end", async () => {
    let t = 0;
    const r = await run(["check", "-q"], { stdin: chunks(40, 10), tty: { stderr: true }, now: () => (t += 100) });
    const frames = r.err.split("\r\u001b[2K").filter((f) => f !== "");
    expect(frames.length).toBeGreaterThan(1);
    expect(frames.length).toBeLessThan(40);
    for (const f of frames) expect(f).toMatch(/^\d+ lines \([\d.]+ MB\) in [\d.]+ s: [\d,]+ lines\/s, [\d.]+ MB\/s$/);
    expect(r.err.endsWith("\r\u001b[2K")).toBe(true);
    expect(r.out).toBe("360 valid, 40 invalid\n");
  });

  test("no progress line when stderr is not a terminal, nor for a short run", async () => {
    let t = 0;
    expect((await run(["check", "-q"], { stdin: chunks(40, 10), now: () => (t += 100) })).err).toBe("");
    expect((await run(["check", "-q"], { stdin: chunks(40, 10), tty: { stderr: true }, now: () => 0 })).err).toBe("");
  });

  test("a hint on stderr when stdin is a terminal, for every command that reads it", async () => {
    const r = await run(["check"], { stdin: ["http://a/\n"], tty: { stdin: true } });
    expect(r.err).toBe("rfc2396 check: reading URIs from standard input, one per line; end with Ctrl-D\n");
    const refs = await run(["resolve", "http://a/"], { stdin: ["g\n"], tty: { stdin: true } });
    expect(refs.err).toContain("rfc2396 resolve: reading references from standard input");
    expect((await run(["extract"], { stdin: ["x"], tty: { stdin: true } })).err).toContain(
      "rfc2396 extract: reading text from standard input; end with Ctrl-D",
    );
    expect(
      (await run(["links", "-", "--base", "http://a/"], { stdin: ["<a href=x>"], tty: { stdin: true } })).err,
    ).toContain("reading an HTML document from standard input");
    // Not when stdin is a pipe or a file, nor when the inputs are arguments.
    expect((await run(["check"], { stdin: ["http://a/\n"] })).err).toBe("");
    expect((await run(["check", "http://a/"], { tty: { stdin: true } })).err).toBe("");
  });

  test("backpressure: no more input is read while stdout is full", async () => {
    let pulled = 0;
    async function* input(): AsyncGenerator<string> {
      for (let c = 0; c < 20; c++) {
        pulled++;
        yield "http://a/b?q\n".repeat(100);
      }
    }
    const written: string[] = [];
    let full = true;
    const drains: (() => void)[] = [];
    const stdout = {
      write: (s: string) => (written.push(s), !full),
      once: (_: "drain", f: () => void) => drains.push(f),
    };
    const done = main(["parse", "--json"], {
      stdin: input(),
      stdout,
      stderr: fakeStream().stream,
      isTTY: { stdin: false, stdout: false, stderr: false },
      env: {},
    });
    for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
    expect(pulled).toBe(1); // waiting for "drain"
    full = false;
    while (drains.length > 0) (drains.shift() as () => void)();
    // Each later flush returns true now; later drains are never needed.
    expect(await done).toBe(0);
    expect(pulled).toBe(20);
    expect(written.join("").split("\n").length - 1).toBe(2000);
  });
});

// ---------------------------------------------------------------------------
describe("parse", () => {
  test("a table per input, names aligned, undefined and empty apart", async () => {
    const r = await run(["parse", "http://a/b?", "mailto:a@b"]);
    expect(r.code).toBe(0);
    const [first, second] = r.out.split("\n\n");
    expect(first.split("\n")).toEqual([
      "input          http://a/b?",
      "scheme         http",
      "authority      a",
      "userinfo       (undefined)",
      "host           a",
      "port           (undefined)",
      "path           /b",
      'query          ""',
      "fragment       (undefined)",
      "opaque         false",
      "authorityType  server",
      "hostType       hostname",
      "kind           absolute",
    ]);
    expect(second).toContain("opaque         true\n");
  });

  test("an invalid input in the table: its error, exit 1", async () => {
    const r = await run(["parse", "http://a/b c"]);
    expect(r.code).toBe(1);
    expect(r.out).toContain(
      "input          http://a/b c\n               error[space] at offset 10 in the path (2.4.3)",
    );
  });

  test("--json: the fields of parse with null for undefined, plus input and valid", async () => {
    const r = await run(["parse", "--json", "http://user@a:8080/b;p?q#f", "?", "http://a/b c"]);
    expect(r.code).toBe(1);
    const [a, b, c] = lines(r.out);
    expect(a).toBe(
      '{"input":"http://user@a:8080/b;p?q#f","line":null,"valid":true,"diagnostics":[],"scheme":"http","authority":"user@a:8080","userinfo":"user","host":"a","port":"8080",' +
        '"path":"/b;p","query":"q","fragment":"f","opaque":false,"authorityType":"server","hostType":"hostname","kind":"absolute"}',
    );
    expect(JSON.parse(b)).toEqual({
      input: "?",
      line: null,
      valid: false,
      diagnostics: [expect.objectContaining({ code: "unexpected-character", start: 0, component: "query" })],
    });
    expect(JSON.parse(c)).toEqual({
      input: "http://a/b c",
      line: null,
      valid: false,
      diagnostics: [
        {
          code: "space",
          severity: "error",
          start: 10,
          end: 11,
          component: "path",
          section: "2.4.3",
          message: "a space is not allowed in a URI; write it as %20",
          fix: null,
        },
      ],
    });
  });

  test("--cst: the tree, indented, with spans and text", async () => {
    const r = await run(["parse", "--cst", "http://a/b;p?q#f"]);
    expect(r.out.split("\n")).toEqual([
      'URI-reference [0,16) "http://a/b;p?q#f"',
      '  absoluteURI [0,14) "http://a/b;p?q"',
      '    scheme [0,4) "http"',
      '    hier_part [5,14) "//a/b;p?q"',
      '      net_path [5,12) "//a/b;p"',
      '        authority [7,8) "a"',
      '          server [7,8) "a"',
      '            hostport [7,8) "a"',
      '              host [7,8) "a"',
      '                hostname [7,8) "a"',
      '                  toplabel [7,8) "a"',
      '        abs_path [8,12) "/b;p"',
      '          path_segments [9,12) "b;p"',
      '            segment [9,12) "b;p"',
      '              param [11,12) "p"',
      '      query [13,14) "q"',
      '  fragment [15,16) "f"',
      "",
    ]);
  });

  test("--cst --rule: any Appendix A rule; character rules yield the string", async () => {
    expect((await run(["parse", "--cst", "--rule", "hostname", "www.x.com."])).out).toBe(
      [
        'hostname [0,10) "www.x.com."',
        '  domainlabel [0,3) "www"',
        '  domainlabel [4,5) "x"',
        '  toplabel [6,9) "com"',
        "",
      ].join("\n"),
    );
    expect((await run(["parse", "--cst", "--rule", "escaped", "%7E"])).out).toBe('escaped [0,3) "%7E"\n');
    const bad = await run(["parse", "--cst", "--rule", "IPv4address", "1.2.3"]);
    expect(bad.code).toBe(1);
    expect(bad.out).toContain("error[unexpected-end]");
  });

  test("--cst --json: the tree as JSON", async () => {
    const [line] = jsonLines((await run(["parse", "--cst", "--json", "g"])).out);
    expect(line).toMatchObject({
      input: "g",
      valid: true,
      cst: { type: "URI-reference", start: 0, end: 1, uri: { type: "relativeURI" } },
    });
  });
});

// ---------------------------------------------------------------------------
describe("resolve", () => {
  const BASE = "http://a/b/c/d;p?q";

  test("Appendix C, one result a line", async () => {
    const refs = [
      "g:h",
      "g",
      "./g",
      "g/",
      "/g",
      "//g",
      "?y",
      "g?y",
      "#s",
      "g#s",
      ";x",
      ".",
      "..",
      "../g",
      "../..",
      "../../g",
      "../../../g",
      "/./g",
      "g.",
      "./../g",
      "g;x=1/../y",
    ];
    const expected = [
      "g:h",
      "http://a/b/c/g",
      "http://a/b/c/g",
      "http://a/b/c/g/",
      "http://a/g",
      "http://g",
      "http://a/b/c/?y",
      "http://a/b/c/g?y",
      "http://a/b/c/d;p?q#s",
      "http://a/b/c/g#s",
      "http://a/b/c/;x",
      "http://a/b/c/",
      "http://a/b/",
      "http://a/b/g",
      "http://a/",
      "http://a/g",
      "http://a/../g",
      "http://a/./g",
      "http://a/b/c/g.",
      "http://a/b/g",
      "http://a/b/c/y",
    ];
    const r = await run(["resolve", BASE, ...refs]);
    expect(r).toEqual({ code: 0, out: expected.map((e) => e + "\n").join(""), err: "" });
  });

  test("references from stdin", async () => {
    const r = await run(["resolve", BASE], { stdin: ["../g\r\n#s\n"] });
    expect(r.out).toBe("http://a/b/g\nhttp://a/b/c/d;p?q#s\n");
  });

  test("--above-root and --allow-same-scheme-relative", async () => {
    expect((await run(["resolve", "--above-root", "remove", BASE, "../../../g"])).out).toBe("http://a/g\n");
    const error = await run(["resolve", "--above-root", "error", BASE, "../../../g"]);
    expect(error.code).toBe(1);
    expect(error.err).toContain("error[above-root] (5.2 step 6g)");
    expect((await run(["resolve", BASE, "http:g"])).out).toBe("http:g\n");
    expect((await run(["resolve", "--allow-same-scheme-relative", BASE, "http:g"])).out).toBe("http://a/b/c/g\n");
  });

  test("a reference that fails: on stderr, the others still on stdout, exit 1", async () => {
    const r = await run(["resolve", BASE, "g", "a b", "h"]);
    expect(r.code).toBe(1);
    expect(r.out).toBe("http://a/b/c/g\nhttp://a/b/c/h\n");
    expect(r.err).toContain("a b\n  error[space] at offset 1 in the path (2.4.3)");
  });

  test("a base that is invalid or not absolute: exit 1", async () => {
    const relative = await run(["resolve", "a/b", "g"]);
    expect(relative.code).toBe(1);
    expect(relative.err).toContain("is not absolute");
    const invalid = await run(["resolve", "http://a b/", "g"]);
    expect(invalid.code).toBe(1);
    expect(invalid.err).toContain("error[space]");
  });

  test("--explain prints the steps of 5.2 with the buffer", async () => {
    const r = await run(["resolve", "--explain", BASE, "../../../g"]);
    const out = r.out.split("\n");
    expect(out[0]).toBe(`${BASE} + ../../../g`);
    expect(out.map((l) => l.trim().split(/\s+/)[0])).toEqual([
      "http://a/b/c/d;p?q",
      "1",
      "2",
      "3",
      "4",
      "5",
      "6a",
      "6b",
      "6c",
      "6d",
      "6e",
      "6f",
      "6g",
      "6h",
      "7",
      "=",
      "",
    ]);
    expect(out).toContain("  6a  /b/c/            copy all but the last segment of the base path");
    expect(out).toContain('  6e  /../g            remove every "<segment>/../", leftmost first, until none is left');
    expect(out[out.length - 2]).toBe("= http://a/../g");
  });

  test("--json, with --explain the steps too", async () => {
    const r = await run(["resolve", "--json", BASE, "g", "?y#", "a b"]);
    expect(jsonLines(r.out)).toEqual([
      { input: "g", line: null, base: BASE, valid: true, diagnostics: [], result: "http://a/b/c/g" },
      { input: "?y#", line: null, base: BASE, valid: true, diagnostics: [], result: "http://a/b/c/?y#" },
      {
        input: "a b",
        line: null,
        base: BASE,
        valid: false,
        diagnostics: [expect.objectContaining({ code: "space", start: 1, end: 2, component: "path" })],
      },
    ]);
    const [above] = jsonLines((await run(["resolve", "--json", "--above-root", "error", BASE, "../../../g"])).out);
    expect(above).toEqual({
      input: "../../../g",
      line: null,
      base: BASE,
      valid: false,
      diagnostics: [
        {
          code: "above-root",
          severity: "error",
          start: null,
          end: null,
          component: null,
          section: "5.2",
          step: "6g",
          message: expect.any(String),
          fix: null,
        },
      ],
    });
    const [explained] = jsonLines((await run(["resolve", "--json", "--explain", BASE, "g"])).out);
    expect((explained.steps as { step: string }[]).map((s) => s.step)).toEqual([
      "1",
      "2",
      "3",
      "4",
      "5",
      "6a",
      "6b",
      "6c",
      "6d",
      "6e",
      "6f",
      "6g",
      "6h",
      "7",
    ]);
  });
});

// ---------------------------------------------------------------------------
describe("normalize", () => {
  test("Section 6 and 2.4.2", async () => {
    const r = await run([
      "normalize",
      "HTTP://www.XEROX.com:80/%7esmith/a%2fb?Q=%41#F",
      "http://a:/b",
      "http://a/b/./c/../d",
    ]);
    expect(r).toEqual({
      code: 0,
      out: "http://www.xerox.com/~smith/a%2Fb?Q=A#F\nhttp://a/b\nhttp://a/b/./c/../d\n",
      err: "",
    });
  });

  test("--remove-dot-segments and --above-root", async () => {
    expect((await run(["normalize", "--remove-dot-segments", "http://a/b/./c/../d"])).out).toBe("http://a/b/d\n");
    expect((await run(["normalize", "--remove-dot-segments", "--above-root", "remove", "http://a/../g"])).out).toBe(
      "http://a/g\n",
    );
  });

  test("invalid input: on stderr, exit 1; --json on stdout", async () => {
    const r = await run(["normalize"], { stdin: ["HTTP://A/\na b\n"] });
    expect(r.code).toBe(1);
    expect(r.out).toBe("http://a/\n");
    expect(r.err).toContain("line 2: a b\n");
    const j = await run(["normalize", "--json", "HTTP://A/", "a b"]);
    expect(jsonLines(j.out)).toEqual([
      { input: "HTTP://A/", line: null, valid: true, diagnostics: [], normalized: "http://a/" },
      { input: "a b", line: null, valid: false, diagnostics: [expect.objectContaining({ code: "space" })] },
    ]);
  });
});

// ---------------------------------------------------------------------------
describe("extract", () => {
  const file = path.join(ROOT, "examples", "appendix-e.txt");

  test("Appendix E's paragraph gives its three URIs with their offsets", async () => {
    const r = await run(["extract", file]);
    expect(r).toEqual({
      code: 0,
      out: "28\t57\thttp://www.w3.org/Addressing/\n98\t125\tftp://ds.internic.net/rfc/\n150\t210\thttp://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING\n",
      err: "",
    });
    const text = fs.readFileSync(file, "utf8");
    expect(text.slice(98, 125)).toBe("ftp://ds.internic.\nnet/rfc/");
  });

  test("stdin and --json", async () => {
    const r = await run(["extract", "--json"], { stdin: ['see <URL:http://a/b> and "mailto:x@y".\n'] });
    expect(jsonLines(r.out)).toEqual([
      { input: "http://a/b", start: 9, end: 19, delimiter: "angle", valid: true, diagnostics: [] },
      { input: "mailto:x@y", start: 26, end: 36, delimiter: "quote", valid: true, diagnostics: [] },
    ]);
  });

  test("--invalid: rejected candidates on stderr with their error, exit 1", async () => {
    const r = await run(["extract", "--invalid"], { stdin: ["ok http://a/b and http://a/b|c.\n"] });
    expect(r.code).toBe(1);
    expect(r.out).toBe("3\t13\thttp://a/b\n");
    expect(r.err).toContain("18-30: http://a/b|c\n  error[unwise-character]");
    expect((await run(["extract"], { stdin: ["http://a/b|c\n"] })).code).toBe(0);
  });

  test("--hyphen and the alternative reading", async () => {
    const text = "at http://a/b-\nc/d today\n";
    expect((await run(["extract"], { stdin: [text] })).out).toBe("3\t18\thttp://a/b-c/d\thttp://a/bc/d\n");
    expect((await run(["extract", "--hyphen", "drop"], { stdin: [text] })).out).toBe(
      "3\t18\thttp://a/bc/d\thttp://a/b-c/d\n",
    );
  });

  test("--opaque-schemes and --relative", async () => {
    expect((await run(["extract"], { stdin: ["Re:hello news:comp.lang"] })).out).toBe("9\t23\tnews:comp.lang\n");
    expect((await run(["extract", "--opaque-schemes", "any"], { stdin: ["Re:hello"] })).out).toBe("0\t8\tRe:hello\n");
    expect((await run(["extract", "--opaque-schemes", "x_y"], { stdin: [""] })).code).toBe(2);
    expect((await run(["extract", "--relative"], { stdin: ['<../g> "a/b"'] })).out).toBe("1\t5\t../g\n8\t11\ta/b\n");
  });

  test("a text larger than a block: the same URIs and offsets as one extract over the whole", async () => {
    const parts: string[] = [];
    for (let i = 0; i < 20000; i++)
      parts.push(i % 7 === 6 ? "\n" : `line ${i} see <http://example.org/${i}> and mailto:u${i}@x.org.\n`);
    const text = parts.join("");
    expect(text.length).toBeGreaterThan(1 << 20);
    const chunked = Array.from({ length: Math.ceil(text.length / 65536) }, (_, i) =>
      text.slice(i * 65536, (i + 1) * 65536),
    );
    const r = await run(["extract", "--json"], { stdin: chunked });
    const expected = extract(text).map((u) => ({
      input: u.uri,
      start: u.start,
      end: u.end,
      delimiter: u.delimiter,
      valid: true,
      diagnostics: [],
    }));
    expect(jsonLines(r.out)).toEqual(expected);
  });

  test("a text without blank lines larger than a block: cut at line breaks", async () => {
    const text =
      Array.from({ length: 24000 }, (_, i) => `word http://e.org/${i}-\nx${i} <http://e.org/a/${i}>`).join("\n") + "\n";
    expect(text.length).toBeGreaterThan(1 << 20);
    const r = await run(["extract", "--json"], { stdin: [text.slice(0, 1 << 20), text.slice(1 << 20)] });
    const expected = extract(text).map((u) => ({
      input: u.uri,
      start: u.start,
      end: u.end,
      delimiter: u.delimiter,
      valid: true,
      diagnostics: [],
      ...(u.alternative ? { alternative: u.alternative } : {}),
    }));
    expect(jsonLines(r.out)).toEqual(expected);
  });

  test("a file that cannot be read: exit 2", async () => {
    const r = await run(["extract", path.join(FIXTURES, "missing.txt")]);
    expect(r.code).toBe(2);
    expect(r.err).toContain("cannot read");
  });
});

// ---------------------------------------------------------------------------
describe("links", () => {
  const appendixD = path.join(ROOT, "examples", "appendix-d.html");
  const noBase = path.join(FIXTURES, "no-base.html");

  test("Appendix D: the BASE element wins; each link with its place and absolute form", async () => {
    const r = await run(["links", appendixD, "--base", "http://example.org/elsewhere"]);
    expect(r.code).toBe(1);
    expect(r.out.split("\n")).toEqual([
      "base http://www.ics.uci.edu/Test/a/b/c (embedded)",
      "4:7  base href  http://www.ics.uci.edu/Test/a/b/c  http://www.ics.uci.edu/Test/a/b/c",
      "6:8  a href     ../x                               http://www.ics.uci.edu/Test/a/x",
      "7:6  img src    g;x?y#s                            http://www.ics.uci.edu/Test/a/b/g;x?y#s",
      "8:4  a href     http://a/b c                       invalid",
      "    error[space] at offset 10 in the path (2.4.3): a space is not allowed in a URI; write it as %20",
      "      http://a/b c",
      "                ^",
      "9:4  a href     mailto:fred@example.com            mailto:fred@example.com",
      "5 links, 1 invalid",
      "",
    ]);
  });

  test("--base for a document without BASE; none at all is exit 1 with a hint", async () => {
    const r = await run(["links", noBase, "--base", "http://example.org/docs/a/"]);
    expect(r.code).toBe(0);
    expect(r.out).toContain("http://example.org/docs/up\n");
    const none = await run(["links", noBase]);
    expect(none.code).toBe(1);
    expect(none.err).toContain("no base URI");
    expect(none.err).toContain("--base");
  });

  test("--json from stdin", async () => {
    const html = fs.readFileSync(noBase);
    const r = await run(["links", "-", "--json", "--base", "http://e.org/a/b"], { stdin: [html] });
    expect(jsonLines(r.out)[0]).toEqual({
      input: "../up",
      line: 4,
      col: 4,
      element: "a",
      attribute: "href",
      base: "http://e.org/a/b",
      inTemplate: false,
      valid: true,
      diagnostics: [],
      uri: "http://e.org/up",
    });
    expect(r.err).toBe("3 links, 0 invalid\n");
  });

  test("a file that cannot be read: exit 2", async () => {
    expect((await run(["links", path.join(FIXTURES, "missing.html")])).code).toBe(2);
  });
});

// ---------------------------------------------------------------------------
describe("the built binary (node dist/cli/main.js)", () => {
  const bin = (args: string[], input?: string) =>
    spawnSync(process.execPath, [BIN, ...args], {
      input,
      encoding: "utf8",
      env: { ...process.env, NO_COLOR: undefined },
    });

  test("exit codes: 0 valid, 1 invalid, 2 usage", () => {
    expect(bin(["check", "http://a/"]).status).toBe(0);
    expect(bin(["check", "http://a/ b"]).status).toBe(1);
    const usage = bin(["check", "--bogus"]);
    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain("rfc2396 check --help");
  });

  test("--help and --version", () => {
    const help = bin(["--help"]);
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^Usage: rfc2396 <command>/);
    expect(bin(["resolve", "--help"]).stdout).toContain("--explain");
    expect(bin(["--version"]).stdout).toBe(`${VERSION}\n`);
  });

  test("stdin piped, JSON lines, no colour on a pipe", () => {
    const r = bin(["parse", "--json"], "http://a/b?q\r\nx y\n");
    expect(r.status).toBe(1);
    expect(r.stdout).not.toContain("\u001b");
    expect(jsonLines(r.stdout).map((o) => [o.input, o.valid, o.query ?? null])).toEqual([
      ["http://a/b?q", true, "q"],
      ["x y", false, null],
    ]);
  });

  test("200,000 generated lines through check", async () => {
    const total = 200_000;
    let i = 0;
    // Every 1000th line is invalid; the lines are made as the child reads them.
    const input = new Readable({
      read() {
        let s = "";
        for (let k = 0; k < 2000 && i < total; k++, i++)
          s += i % 1000 === 999 ? `http://example.org/${i} x\r\n` : `http://example.org/a/${i}?q=${i}\r\n`;
        this.push(s === "" ? null : s);
      },
    });
    const child = spawn(process.execPath, [BIN, "check", "-q", "--stats"], { stdio: ["pipe", "pipe", "pipe"] });
    input.pipe(child.stdin);
    let out = "";
    let err = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => (out += d));
    child.stderr.setEncoding("utf8").on("data", (d: string) => (err += d));
    const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
    expect(err).toBe("");
    expect(out).toMatch(
      /^199800 valid, 200 invalid \(200000 lines \(7\.4 MB\) in [\d.]+ s: [\d,]+ lines\/s, [\d.]+ MB\/s\)\n$/,
    );
    expect(code).toBe(1);
  });

  test("a reader that goes away early (| head) ends the run quietly", async () => {
    const child = spawn(process.execPath, [BIN, "parse", "--json"], { stdio: ["pipe", "pipe", "pipe"] });
    child.stdin.on("error", () => undefined);
    let n = 0;
    const input = new Readable({
      read() {
        this.push(n++ < 200 ? "http://a/b\n".repeat(1000) : null);
      },
    });
    input.pipe(child.stdin);
    let err = "";
    child.stderr.setEncoding("utf8").on("data", (d: string) => (err += d));
    child.stdout.once("data", () => child.stdout.destroy());
    await new Promise((resolve) => child.on("close", resolve));
    expect(err).toBe("");
  });
});

// Hostile input: diagnose, its formatting, UriSyntaxError and the check command stay bounded
// (output that does not grow with the input, memory linear in it) on inputs built to blow them up.
import { spawnSync } from "node:child_process";
import * as path from "node:path";
import { isValid, tryParse, UriSyntaxError } from "../src";
import { applyFixes, diagnose, formatDiagnostic, type Diagnostic } from "../src/diagnose/diagnose";

const root = path.join(__dirname, "..");
const MB = 1024 * 1024;

const fill = (n: number, unit: string, prefix = "", suffix = ""): string =>
  prefix + unit.repeat(Math.ceil((n - prefix.length - suffix.length) / unit.length)) + suffix;

// ---------------------------------------------------------------------------
// Runs of one problem are one diagnostic
// ---------------------------------------------------------------------------

describe("a run of problems of one kind is one diagnostic over the run, with the run's fix", () => {
  test("40,000 spaces in a path: one space diagnostic, fixed with %20 for each", () => {
    const input = `http://a/${" ".repeat(40_000)}x`;
    const d = diagnose(input);
    expect(d.diagnostics).toHaveLength(1);
    const [space] = d.diagnostics;
    expect(space).toMatchObject({ code: "space", severity: "error", start: 9, end: 40_009, component: "path" });
    expect(space.fix).toBe("%20".repeat(40_000));
    expect(space.message.length).toBeLessThan(500);
    expect(d.omitted).toBe(0);
    expect(d.fixed).toBe(`http://a/${"%20".repeat(40_000)}x`);
    expect(isValid(d.fixed as string)).toBe(true);
  });

  test("40,000 spaces alone are whitespace around nothing: one diagnostic that removes them", () => {
    const d = diagnose(" ".repeat(40_000));
    expect(d.diagnostics.map((x) => [x.code, x.start, x.end, x.component, x.fix])).toEqual([
      ["space", 0, 40_000, undefined, ""],
    ]);
    expect(d.fixed).toBe("");
  });

  test("the run's message says how many and quotes a bounded excerpt", () => {
    const [d] = diagnose(`http://a/${"%".repeat(100_000)}`).diagnostics;
    expect(d).toMatchObject({ code: "invalid-escape", start: 9, end: 100_009 });
    expect(d.message).toMatch(/^100000 of these in a row, "%{40}\.\.\."; the first: '%' must begin an escape/);
    expect(d.fix).toBe("%25".repeat(100_000));
  });

  test("problems of different codes, or not contiguous, stay apart", () => {
    expect(diagnose("http://a/ %").diagnostics.map((x) => x.code)).toEqual(["space", "invalid-escape"]);
    expect(diagnose("http://a/ x y").diagnostics.map((x) => [x.start, x.end])).toEqual([
      [9, 10],
      [11, 12],
    ]);
  });

  test("colons of a first segment, each after the other, are one run", () => {
    const d = diagnose(`1${":".repeat(50_000)}`);
    expect(d.diagnostics.map((x) => [x.code, x.start, x.end])).toEqual([["colon-in-first-segment", 1, 50_001]]);
    expect(d.fixed).toBe(`1${"%3A".repeat(50_000)}`);
  });
});

// ---------------------------------------------------------------------------
// The cap and omitted
// ---------------------------------------------------------------------------

describe("maxDiagnostics caps the list; omitted counts the rest; fixed covers them all", () => {
  const input = `http://a/${"a ".repeat(1000)}`; // 999 spaces inside, the last one trailing
  const all = diagnose(input, { maxDiagnostics: Infinity });

  test("without a cap there are 1000 diagnostics", () => {
    expect(all.diagnostics).toHaveLength(1000);
    expect(all.omitted).toBe(0);
  });

  test("100 by default, and the rest counted", () => {
    const d = diagnose(input);
    expect(d.diagnostics).toHaveLength(100);
    expect(d.omitted).toBe(900);
    expect(d.diagnostics).toEqual(all.diagnostics.slice(0, 100));
    expect(d.ok).toBe(false);
  });

  test.each([0, 1, 5, 999, 1000, 5000])("maxDiagnostics %p", (max) => {
    const d = diagnose(input, { maxDiagnostics: max });
    expect(d.diagnostics).toEqual(all.diagnostics.slice(0, max));
    expect(d.omitted).toBe(1000 - Math.min(max, 1000));
    expect(d.fixed).toBe(all.fixed);
    expect(d.ok).toBe(false);
  });

  test("fixed is the input with every error's fix, listed or not, and valid", () => {
    const d = diagnose(input, { maxDiagnostics: 3 });
    const errors = all.diagnostics.filter((x) => x.severity === "error");
    expect(d.fixed).toBe(applyFixes(input, errors));
    expect(isValid(d.fixed as string)).toBe(true);
  });

  test("fixed includes the fixes of warnings raised to errors beyond the cap", () => {
    const raised = `HTTP://A/${"%41/ ".repeat(300)}`;
    const options = {
      severity: { "escaped-unreserved": "error", "uppercase-scheme": "error", "uppercase-host": "error" },
    } as const;
    const full = diagnose(raised, { ...options, maxDiagnostics: Infinity });
    const capped = diagnose(raised, { ...options, maxDiagnostics: 2 });
    expect(capped.omitted).toBe(full.diagnostics.length - 2);
    expect(capped.fixed).toBe(applyFixes(raised, full.diagnostics));
    // The last space trails the reference: removed, not escaped.
    expect(capped.fixed).toBe(`http://a/${"A/%20".repeat(299)}A/`);
  });

  test("a fix missing beyond the cap makes fixed undefined", () => {
    const d = diagnose(`http://a/${"a ".repeat(200)}\ud800`, { maxDiagnostics: 10 });
    expect(d.fixed).toBeUndefined();
    expect(d.omitted).toBe(191);
  });

  test("ok counts errors left out of the list", () => {
    const d = diagnose("HTTP://a/b c", { maxDiagnostics: 1 });
    expect(d.diagnostics.map((x) => x.code)).toEqual(["uppercase-scheme"]);
    expect(d.ok).toBe(false);
    expect(d.omitted).toBe(1);
  });

  test.each<[unknown, ErrorConstructor]>([
    [-1, RangeError],
    [1.5, RangeError],
    [NaN, RangeError],
    [-Infinity, RangeError],
    ["5", TypeError],
    [null, TypeError],
  ])("maxDiagnostics %p is a %p", (value, type) => {
    const call = () => diagnose("a", { maxDiagnostics: value as number });
    expect(call).toThrow(type);
    expect(call).toThrow(/^diagnose: the option maxDiagnostics must be a non-negative integer or Infinity; got /);
  });
});

// ---------------------------------------------------------------------------
// Bounded messages and formatting
// ---------------------------------------------------------------------------

/** 1 MB inputs of shapes that quote the input, repeat a problem, or put it far from the start. */
const LARGE: [string, string][] = [
  ["spaces", fill(MB, " ", "http://a/", "x")],
  ["'%'", fill(MB, "%", "http://a/")],
  ["'a '", fill(MB, "a ", "http://a/")],
  ["a long scheme and nothing after it", fill(MB, "a", "", ":")],
  ["a long first segment with a colon", fill(MB, "a", "1", ":b")],
  ["a long registry authority", fill(MB, "a.", "http://", "1b/")],
  ["a long host in upper case", fill(MB, "A", "http://", "/")],
  ["a long port", fill(MB, "9", "http://a:", "/")],
  ["'%41'", fill(MB, "%41", "http://a/")],
  ["'\u00e9'", fill(MB, "\u00e9", "http://a/")],
  ["a problem at the end", fill(MB, "a", "http://a/", " ")],
  ["a second fragment far away", fill(MB, "a", "a#", "#")],
  ["a bracket in a long host", fill(MB, "a", "http://[", "/")],
];

describe("messages and formatting do not grow with the input", () => {
  test.each(LARGE)("diagnose: %s", (_name, input) => {
    const d = diagnose(input, { severity: { "uppercase-host": "warning" } });
    expect(d.diagnostics.length + d.omitted).toBeGreaterThan(0);
    for (const x of d.diagnostics) {
      expect(x.message.length).toBeLessThan(500);
      expect(formatDiagnostic(input, x).length).toBeLessThan(1024);
    }
  });

  test.each(LARGE)("UriSyntaxError: %s", (_name, input) => {
    const r = tryParse(input);
    if (r.ok) return;
    const e = r.error;
    expect(e).toBeInstanceOf(UriSyntaxError);
    expect(e.input).toBe(input);
    expect(e.message.length).toBeLessThan(500);
    expect(e.format().length).toBeLessThan(1024);
    expect(JSON.stringify(e).length).toBeLessThan(2048);
    expect(e.toJSON()).toMatchObject({ input: null, inputLength: input.length, code: e.code, offset: e.offset });
  });

  test("a long scheme is quoted cut in the middle, by diagnose and by the error", () => {
    const input = fill(MB, "a", "", ":");
    expect(diagnose(input).diagnostics[0].code).toBe("missing-scheme-specific-part");
    expect(diagnose(input).diagnostics[0].message).toMatch(/^nothing follows 'a{20,40}\.\.\.a{20,40}:'/);
    const e = tryParse(input);
    expect(!e.ok && e.error.code).toBe("missing-scheme-specific-part");
    expect(!e.ok && e.error.message).toMatch(/nothing follows 'a+\.\.\.a+:'/);
  });

  test("toJSON keeps a short input, and an excerpt around the offset of a long one", () => {
    const short = tryParse("a#b#c");
    expect(!short.ok && short.error.toJSON()).toMatchObject({ input: "a#b#c", inputLength: 5 });
    const input = fill(MB, "a", "http://a/", " tail");
    const r = tryParse(input);
    if (r.ok) throw new Error("expected an error");
    const json = r.error.toJSON() as { excerpt: string; excerptStart: number };
    expect(json.excerpt.length).toBeLessThan(200);
    expect(input.slice(json.excerptStart, json.excerptStart + json.excerpt.length)).toBe(json.excerpt);
    expect(json.excerpt).toContain(" tail");
  });

  test("the caret window shows the problem at its place in a 1 MB input", () => {
    const input = fill(MB, "a", "http://a/", " b");
    const [, shown, caret] = formatDiagnostic(input, diagnose(input).diagnostics[0]).split("\n");
    expect(shown.startsWith("  ...")).toBe(true);
    expect(shown[caret.indexOf("^")]).toBe(" ");
    expect(shown.length).toBeLessThan(100);
  });

  test("a run's tildes stop at the window's edge", () => {
    const input = `http://a/${" ".repeat(MB)}x`;
    const [, shown, caret] = formatDiagnostic(input, diagnose(input).diagnostics[0]).split("\n");
    expect(caret.length).toBeLessThanOrEqual(shown.length);
    expect(caret).toMatch(/^ +\^~+$/);
  });
});

// ---------------------------------------------------------------------------
// Argument checks
// ---------------------------------------------------------------------------

describe("formatDiagnostic checks the diagnostic it reads", () => {
  const input = "http://a/b c";
  const d = diagnose(input).diagnostics[0];
  test.each<[string, Record<string, unknown>, ErrorConstructor, RegExp]>([
    ["start -5", { start: -5 }, RangeError, /not within the input/],
    ["start after end", { start: 11, end: 10 }, RangeError, /not within the input/],
    ["end past the input", { end: 13 }, RangeError, /\[10, 13\) is not within the input/],
    ["start 1.5", { start: 1.5 }, RangeError, /start must be an integer offset; got number 1.5/],
    ["start NaN", { start: NaN }, RangeError, /start must be an integer offset/],
    ["start as a string", { start: "10" }, TypeError, /start must be an integer offset; got the string "10"/],
    ["no end", { end: undefined }, TypeError, /end must be an integer offset; got undefined/],
    ["severity unknown", { severity: "fatal" }, RangeError, /severity must be 'error' or 'warning'/],
    ["message not a string", { message: 42 }, TypeError, /message must be a string; got number 42/],
    ["code not a string", { code: null }, TypeError, /code must be a string; got null/],
    ["component not a string", { component: 3 }, TypeError, /component must be a string or undefined/],
  ])("%s", (_name, change, type, message) => {
    const call = () => formatDiagnostic(input, { ...d, ...change } as Diagnostic);
    expect(call).toThrow(type);
    expect(call).toThrow(/^formatDiagnostic: the diagnostic/);
    expect(call).toThrow(message);
  });
  test("fields are read as own properties only", () => {
    const inherited = Object.create(d) as Diagnostic;
    expect(() => formatDiagnostic(input, inherited)).toThrow(TypeError);
  });
  test.each([null, undefined, 42, "d", []])("%p is not a diagnostic", (value) => {
    expect(() => formatDiagnostic(input, value as unknown as Diagnostic)).toThrow(TypeError);
    expect(() => formatDiagnostic(input, value as unknown as Diagnostic)).toThrow(
      /^formatDiagnostic: expected a diagnostic/,
    );
  });
});

describe("applyFixes checks every entry", () => {
  const input = "http://a/b c";
  test.each<[string, unknown[], ErrorConstructor, RegExp]>([
    ["null", [null], TypeError, /^applyFixes: diagnostics\[0\] must be a diagnostic \(an object\); got null/],
    ["a number", [{ start: 0, end: 1 }, 7], TypeError, /^applyFixes: diagnostics\[1\] must be a diagnostic/],
    ["an array", [[]], TypeError, /^applyFixes: diagnostics\[0\] must be a diagnostic/],
    ["no start", [{ end: 1, fix: "x" }], TypeError, /^applyFixes: diagnostics\[0\]\.start must be an integer/],
    ["start -1", [{ start: -1, end: 0, fix: "x" }], RangeError, /^applyFixes: diagnostics\[0\]: the span \[-1, 0\)/],
    ["end beyond", [{ start: 0, end: 99, fix: "x" }], RangeError, /^applyFixes: diagnostics\[0\]: the span/],
    ["start 0.5", [{ start: 0.5, end: 1, fix: "x" }], RangeError, /diagnostics\[0\]\.start must be an integer/],
    ["fix a number", [{ start: 0, end: 1, fix: 5 }], TypeError, /^applyFixes: diagnostics\[0\]\.fix must be a string/],
    [
      "the second entry",
      [
        { start: 10, end: 11, fix: "%20" },
        { start: "0", end: 1 },
      ],
      TypeError,
      /^applyFixes: diagnostics\[1\]\.start/,
    ],
  ])("%s", (_name, entries, type, message) => {
    const call = () => applyFixes(input, entries as Diagnostic[]);
    expect(call).toThrow(type);
    expect(call).toThrow(message);
  });
  test("an entry without a fix still has its span checked, and inherited fields are not read", () => {
    expect(() => applyFixes(input, [{ start: 0, end: 99 }])).toThrow(RangeError);
    const inherited = Object.create({ start: 0, end: 1, fix: "X" }) as Diagnostic;
    expect(() => applyFixes(input, [inherited])).toThrow(TypeError);
  });
  test("many fixes are applied in linear time and in order", () => {
    const s = "ab".repeat(100_000);
    const fixes = Array.from({ length: 100_000 }, (_, i) => ({ start: 2 * i, end: 2 * i + 1, fix: "A" }));
    expect(applyFixes(s, fixes.reverse())).toBe("Ab".repeat(100_000));
  });
});

// ---------------------------------------------------------------------------
// Memory, in a child process with a small heap
// ---------------------------------------------------------------------------

/** Runs node with a 300 MB heap on `args`, from the package root (dist/ is built by pretest). */
function boundedNode(args: string[], stdin?: string): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, ["--max-old-space-size=300", ...args], {
    cwd: root,
    encoding: "utf8",
    input: stdin,
    maxBuffer: 64 * MB,
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe("4 MB of any hostile shape fits in a 300 MB heap", () => {
  const SHAPES: [string, string, string, string][] = [
    // [unit, prefix, suffix, options as JSON]
    ["%", "", "", "{}"],
    [" ", "", "", "{}"],
    [" ", "http://a/", "x", "{}"],
    ["a ", "http://a/", "", "{}"],
    ["a%", "", "", "{}"],
    ["1:", "", "", "{}"],
    ["/?#", "", "", "{}"],
    ["#", "a", "", "{}"],
    ["[@", "http://a@", "/", "{}"],
    ["\u00e9", "http://a/", "", "{}"],
    ["a\u00e9", "http://a/", "", "{}"],
    ["a\ud800", "", "", "{}"],
    ["%41/", "HTTP://A/", "", '{"severity":{"escaped-unreserved":"error","uppercase-host":"error"}}'],
    ["%0D", "http://a/", "", '{"maxDiagnostics":100000}'],
  ];
  test("diagnose, and formatDiagnostic of what it lists", () => {
    const script = `
      const r = require("./dist/index.js");
      const shapes = ${JSON.stringify(SHAPES)};
      const out = [];
      for (const [unit, prefix, suffix, options] of shapes) {
        const n = 4 * 1024 * 1024;
        const s = prefix + unit.repeat(Math.ceil(n / unit.length)) + suffix;
        const d = r.diagnose(s, JSON.parse(options));
        let longest = 0;
        for (const x of d.diagnostics) longest = Math.max(longest, r.formatDiagnostic(s, x).length);
        const e = r.tryParse(s);
        const error = e.ok ? 0 : e.error.message.length + e.error.format().length + JSON.stringify(e.error).length;
        out.push([unit, d.diagnostics.length, d.omitted, d.ok, d.fixed === undefined ? null : r.isValid(d.fixed), longest, error]);
      }
      console.log(JSON.stringify(out));`;
    const run = boundedNode(["-e", script]);
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    const results = JSON.parse(run.stdout) as [string, number, number, boolean, boolean | null, number, number][];
    expect(results).toHaveLength(SHAPES.length);
    for (const [unit, listed, , ok, fixedValid, longest, error] of results) {
      expect([unit, listed <= 100_000, ok, fixedValid !== false]).toEqual([unit, true, unit === "%0D", true]);
      expect(longest).toBeLessThan(1024);
      expect(error).toBeLessThan(4096);
    }
  }, 300_000);

  test("the check command on a 16 MB line of '%', quiet and not", () => {
    const line = "%".repeat(16 * MB) + "\n";
    const cli = (args: string[]) => boundedNode([path.join("dist", "cli", "main.js"), ...args], line);
    // By default a line over 8 MiB is refused unread; the cap raised, the line is checked in bounded memory.
    const capped = cli(["check"]);
    expect([capped.status, capped.stdout]).toEqual([1, "0 valid, 1 invalid\n"]);
    expect(capped.stderr).toMatch(/line 1: 16777216 bytes, longer than --max-line-bytes \(8388608\)/);
    const raise = ["--max-line-bytes", String(17 * MB)];
    const quiet = cli(["check", "-q", ...raise]);
    expect([quiet.status, quiet.stdout]).toEqual([1, "0 valid, 1 invalid\n"]);
    const loud = cli(["check", ...raise]);
    expect(loud.status).toBe(1);
    expect(loud.stdout.length).toBeLessThan(2048);
    expect(loud.stdout).toContain("error[invalid-escape] at offset 0 in the path");
  }, 300_000);
});

// ---------------------------------------------------------------------------
// The check command's output
// ---------------------------------------------------------------------------

function check(args: string[], stdin: string): { status: number | null; stdout: string } {
  const r = spawnSync(process.execPath, [path.join(root, "dist", "cli", "main.js"), "check", ...args], {
    encoding: "utf8",
    input: stdin,
    maxBuffer: 64 * MB,
  });
  return { status: r.status, stdout: r.stdout };
}

describe("check prints a bounded report of each input", () => {
  test("one line of 40,000 spaces is one problem, a few hundred bytes", () => {
    const r = check([], `http://a/${" ".repeat(40_000)}x\n`);
    expect(r.status).toBe(1);
    expect(r.stdout.length).toBeLessThan(1024);
    expect(r.stdout.match(/error\[space\]/g)).toHaveLength(1);
  });

  test("past the first 100 problems it says how many more there are", () => {
    const r = check([], `http://a/${"a ".repeat(1000)}b\n`);
    expect(r.stdout.match(/error\[space\]/g)).toHaveLength(100);
    expect(r.stdout).toContain("and 900 more problems");
    expect(r.stdout.length).toBeLessThan(100 * 1024);
  });

  test("--fix still fixes every problem when some are not shown", () => {
    const input = `http://a/${"a ".repeat(1000)}b`;
    const r = check(["--fix"], `${input}\n`);
    expect(r.stdout).toContain(`fix: http://a/${"a%20".repeat(1000)}b\n`);
    const w = check(["--warnings", "--fix"], `http://a/${"%41 ".repeat(1000)}b\n`);
    expect(w.stdout).toContain(`fix: http://a/${"A%20".repeat(1000)}b\n`);
  });

  test("without --warnings, warnings do not take the place of errors in the list", () => {
    const r = check([], `HTTP://a/${"%41 ".repeat(200)}\n`);
    expect(r.stdout.match(/error\[space\]/g)).toHaveLength(100);
    expect(r.stdout).not.toContain("escaped-unreserved");
    expect(r.stdout).toContain("and 100 more problems");
  });

  test("--warnings on a valid 60 KB line of escapes is one warning", () => {
    const r = check(["--warnings"], `http://a/${"%41".repeat(20_000)}\n`);
    expect(r.status).toBe(0);
    expect(r.stdout.match(/warning\[escaped-unreserved\]/g)).toHaveLength(1);
    expect(r.stdout.length).toBeLessThan(2048);
  });

  test("the line naming a long input is cut in the middle", () => {
    const r = check([], `http://a/${"b".repeat(10_000)} c\n`);
    const first = r.stdout.split("\n")[0];
    expect(first.length).toBeLessThan(300);
    expect(first).toContain("...");
    expect(first).toContain("(10011 characters)");
  });
});

/**
 * The patterns fit the engines that cap a pattern's size (issue 31): pcre2grep takes every
 * pcre2 pattern of both profiles (its limit is 8,192 bytes; the RFC 2732 URI patterns were
 * 11,169 characters), and gives isValid's verdict with it, line by line; and the fit report
 * (regexFit, `rfc2396 grammar --regex FLAVOR --check`) says what fits where. A missing
 * pcre2grep fails the test; it is never skipped.
 */
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { REGEX_FLAVORS, REGEX_LIMITS, REGEX_PROFILES, regex, regexFit, regexRules } from "../src/regex";
import { isValid } from "../src/syntax/parser";
import type { RuleName } from "../src/syntax/cst";
import { buildCases } from "./regex/cases";
import { buildRfc2732Cases } from "./regex/cases-rfc2732";
import { type Case, hasCommand } from "./regex/engines";

const SEED = 0x2396_0031;

// eslint-disable-next-line @typescript-eslint/no-require-imports
const profile2732 = require(path.join(__dirname, "..", "dist", "rfc2732", "index.js")) as {
  isValid(input: string, rule: string): boolean;
};

/** Cases pcre2grep can read as lines: no line break, no NUL. */
const lineable = (c: Case): boolean => !/[\n\r\0]/.test(c.input);

const CASES: Record<string, { cases: Case[]; valid: (c: Case) => boolean }> = {
  rfc2396: {
    cases: buildCases(SEED).filter(lineable),
    valid: (c) => isValid(c.input, c.rule as RuleName),
  },
  rfc2732: {
    cases: buildRfc2732Cases(SEED, regexRules("rfc2732")).cases.filter(lineable),
    valid: (c) => profile2732.isValid(c.input, c.rule),
  },
};

// The library's profiles, whose patterns are checked against its isValid here; the java
// profile's (a grammar, not a build of the library) against the JDK in test/java-profile.test.ts.
const LIBRARY_PROFILES = ["rfc2396", "rfc2732"] as const;
describe.each(LIBRARY_PROFILES.map((p) => [p]))("pcre2grep, the profile %s", (profile) => {
  test("every rule's pcre2 pattern compiles in pcre2grep and agrees with isValid line by line", () => {
    if (!hasCommand("pcre2grep")) throw new Error("pcre2grep is not installed (apt-get install -y pcre2-utils)");
    const { cases, valid } = CASES[profile]!;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rfc2396-fit-"));
    const wrong: string[] = [];
    try {
      for (const rule of regexRules(profile)) {
        const mine = cases.filter((c) => c.rule === rule);
        expect(mine.length).toBeGreaterThan(10);
        const file = path.join(dir, "lines.txt");
        fs.writeFileSync(file, mine.map((c) => c.input).join("\n") + "\n");
        const pattern = regex(rule, { flavor: "pcre2", profile });
        const r = spawnSync("pcre2grep", ["-n", "-e", pattern, file], { encoding: "latin1", maxBuffer: 1 << 28 });
        expect({ rule, status: r.status, stderr: r.stderr }).toEqual({ rule, status: expect.any(Number), stderr: "" });
        expect([0, 1]).toContain(r.status);
        const matched = new Set(r.stdout.split("\n").map((l) => Number(/^(\d+):/.exec(l)?.[1] ?? 0) - 1));
        mine.forEach((c, i) => {
          if (matched.has(i) !== valid(c)) wrong.push(`${rule} ${JSON.stringify(c.input.slice(0, 80))}`);
        });
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    expect(wrong.slice(0, 20)).toEqual([]);
  }, 120_000);
});

describe("the fit report", () => {
  test.each(REGEX_PROFILES.map((p) => [p]))("regexFit gives every rule's length and its fit (%s)", (profile) => {
    for (const flavor of REGEX_FLAVORS) {
      const limits = REGEX_LIMITS.filter((l) => l.flavor === flavor);
      const rows = regexFit(flavor, profile);
      expect(rows.map((r) => r.rule)).toEqual(regexRules(profile));
      for (const r of rows) {
        expect(r.bytes).toBe(Buffer.byteLength(regex(r.rule, { flavor, profile })));
        expect(r.fits).toEqual(Object.fromEntries(limits.map((l) => [l.engine, r.bytes <= l.bytes])));
      }
    }
  });

  // (The java profile's whole-reference patterns do not fit pcre2grep: test/java-profile.test.ts.)
  test.each(LIBRARY_PROFILES.map((p) => [p]))("every rule of the profile %s fits every known limit", (profile) => {
    // The RFC 2732 URI patterns were 11,169 bytes in pcre2 before the counted repetitions.
    expect(regexFit("pcre2", profile).every((r) => r.fits.pcre2grep === true)).toBe(true);
    expect(regexFit("re2", profile).every((r) => r.fits.StarRocks === true)).toBe(true);
  });

  const cli = (...args: string[]) =>
    spawnSync(process.execPath, [path.join(__dirname, "..", "dist", "cli", "main.js"), "grammar", ...args], {
      encoding: "utf8",
    });

  test("rfc2396 grammar --regex pcre2 --rfc2732 --check: a line a rule, all fitting, exit 0", () => {
    const r = cli("--regex", "pcre2", "--rfc2732", "--check");
    expect(r.status).toBe(0);
    const lines = r.stdout.split("\n");
    expect(lines[0]).toBe("pcre2, profile rfc2732");
    expect(lines[1]).toMatch(/^rule +bytes {2}pcre2grep$/);
    const uri = regex("URI-reference", { flavor: "pcre2", profile: "rfc2732" }).length;
    expect(lines).toContain(`${"URI-reference".padEnd(15)}${String(uri).padStart(6)}  fits`);
    expect(lines.slice(2, 2 + regexRules("rfc2732").length).every((l) => l.endsWith("  fits"))).toBe(true);
    expect(r.stdout).toContain("pcre2grep: 8192 bytes");
  });

  test("--check for a flavor with no known limit says so; --check is a usage error elsewhere", () => {
    const java = cli("--regex", "java", "--check");
    expect(java.status).toBe(0);
    expect(java.stdout).toContain("No known limit on a pattern's length in the engines of java.");
    expect(cli("--regex", "java", "--check", "hostname").status).toBe(2);
    expect(cli("--check").status).toBe(2);
  });
});

test("docs/regex/README.md's table of pattern sizes is regexFit's", () => {
  const readme = fs.readFileSync(path.join(__dirname, "..", "docs", "regex", "README.md"), "utf8");
  const table = readme.split("<!-- fit-table")[1]!.split("\n\n")[0]!;
  const rows = table.split("\n").filter((l) => /^\| `/.test(l));
  const longest = (flavor: (typeof REGEX_FLAVORS)[number], profile: (typeof REGEX_PROFILES)[number]) =>
    Math.max(...regexFit(flavor, profile).map((r) => r.bytes));
  expect(rows).toEqual(
    REGEX_FLAVORS.map((f) => {
      const limits = REGEX_LIMITS.filter((l) => l.flavor === f).map((l) => `${l.engine} ${l.bytes}`);
      return `| \`${f}\` | ${longest(f, "rfc2396")} | ${longest(f, "rfc2732")} | ${limits.join(", ") || "none known"} |`;
    }),
  );
});

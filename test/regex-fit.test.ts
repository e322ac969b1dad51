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
import { REGEX_PROFILES, regex, regexRules } from "../src/regex";
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

describe.each(REGEX_PROFILES.map((p) => [p]))("pcre2grep, the profile %s", (profile) => {
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

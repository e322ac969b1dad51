/**
 * The java profile's patterns ship packed (issue 40): dist/regex/java/FLAVOR.packed.json, a list of
 * literal strings and back-references (scripts/build-regex.js, packPatterns), unpacked by the
 * module of the patterns on first use. Read here with a decoder of the test's own.
 */
/* eslint-disable @typescript-eslint/no-require-imports -- the build script is CommonJS */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import * as esbuild from "esbuild";
import { REGEX_FLAVORS, regex, regexRules } from "../src/regex/index";

const ROOT = path.join(__dirname, "..");
const { packPatterns } = require("../scripts/build-regex.js") as {
  packPatterns: (patterns: string[], least?: number) => (string | number)[];
};

/** The packed form read by the test: each number pair copies `length` characters from `distance` back. */
function decode(packed: (string | number)[]): string[] {
  const chars: string[] = [];
  for (let i = 0; i < packed.length; i++) {
    const part = packed[i];
    if (typeof part === "string") chars.push(...part.split(""));
    else {
      const length = packed[++i] as number;
      expect([part > 0, length > 0, length <= part, part <= chars.length]).toEqual([true, true, true, true]);
      const start = chars.length - part;
      for (let k = 0; k < length; k++) chars.push(chars[start + k]);
    }
  }
  return chars.join("").split("\n");
}

test("packing the shipped RFC 2396 and RFC 2732 tables gives them back, a fifth of their size or less", () => {
  for (const profile of ["", "rfc2732"])
    for (const flavor of REGEX_FLAVORS) {
      const file = path.join(ROOT, "dist", "regex", profile, `${flavor}.json`);
      const table = JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, string>;
      const patterns = Object.values(table);
      const packed = packPatterns(patterns);
      expect(decode(packed)).toEqual(patterns);
      expect(packed.some((p) => typeof p === "number")).toBe(true);
      expect(JSON.stringify(packed).length).toBeLessThan(JSON.stringify(patterns).length / 5);
    }
  // (Short repeats stay literal: under 16 characters a reference saves little.)
  expect(packPatterns(["abcabc", "abcabc"])).toEqual(["abcabc\nabcabc"]);
  expect(decode(packPatterns(["x".repeat(40), "ab".repeat(30)]))).toEqual(["x".repeat(40), "ab".repeat(30)]);
  expect(() => packPatterns(["a\nb"])).toThrow("line break");
});

test("the java profile's files are packed, and regex() gives what they hold for each rule", () => {
  const dir = path.join(ROOT, "dist", "regex", "java");
  expect(fs.readdirSync(dir).sort()).toEqual(REGEX_FLAVORS.map((f) => `${f}.packed.json`).sort());
  const rules = regexRules("java");
  expect(rules.length).toBe(47);
  let size = 0;
  for (const flavor of REGEX_FLAVORS) {
    const text = fs.readFileSync(path.join(dir, `${flavor}.packed.json`), "utf8");
    size += text.length;
    const patterns = decode(JSON.parse(text) as (string | number)[]);
    expect(patterns.length).toBe(rules.length);
    expect(Object.fromEntries(rules.map((r, i) => [r, patterns[i]]))).toEqual(
      Object.fromEntries(rules.map((r) => [r, regex(r, { flavor, profile: "java" })])),
    );
    // (The whole reference's pattern is the longest, 8 to 16 kB in every flavor.)
    expect(regex("URI-reference", { flavor, profile: "java" }).length).toBeGreaterThan(8000);
  }
  expect(size).toBeLessThan(64 * 1024);
});

test("the built package gives the java profile's patterns: rfc2396/regex and rfc2396/regex/java/FLAVOR", () => {
  const expected = REGEX_FLAVORS.map((flavor) => [
    regex("URI-reference", { flavor, profile: "java" }),
    regex("hostname", { flavor, profile: "java" }),
  ]);
  const cjs = [
    "const { regex } = require('rfc2396/regex');",
    `const flavors = ${JSON.stringify(REGEX_FLAVORS)};`,
    "console.log(JSON.stringify(flavors.map((f) => { const m = require('rfc2396/regex/java/' + f);",
    "  const r = (rule) => regex(rule, { flavor: f, profile: 'java' });",
    "  return m.URI_reference === r('URI-reference') && m.hostname === r('hostname') ? [m.URI_reference, m.hostname] : null; })));",
  ].join("\n");
  expect(JSON.parse(execFileSync(process.execPath, ["-e", cjs], { cwd: ROOT, encoding: "utf8" }))).toEqual(expected);
  const esm = [
    "import { URI_reference, hostname } from 'rfc2396/regex/java/xsd';",
    "console.log(JSON.stringify([URI_reference, hostname]));",
  ].join("\n");
  const out = execFileSync(process.execPath, ["--input-type=module", "-e", esm], { cwd: ROOT, encoding: "utf8" });
  expect(JSON.parse(out)).toEqual(expected[REGEX_FLAVORS.indexOf("xsd")]);
  // The ES build (what bundlers read, with its JSON modules): esbuild's bundle of the java re2 module.
  const bundle = esbuild.buildSync({
    stdin: {
      contents:
        "import { URI_reference, hostname } from './dist/esm/regex/flavors/java/re2.js'; console.log(JSON.stringify([URI_reference, hostname]));",
      resolveDir: ROOT,
    },
    bundle: true,
    platform: "node",
    write: false,
    logLevel: "silent",
  }).outputFiles[0].text;
  const bundled = execFileSync(process.execPath, ["-"], { cwd: ROOT, encoding: "utf8", input: bundle });
  expect(JSON.parse(bundled)).toEqual(expected[REGEX_FLAVORS.indexOf("re2")]);
});

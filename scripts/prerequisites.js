#!/usr/bin/env node
// @ts-check
// The tools the tests need that npm does not install, checked before jest
// runs (jest.config.js's globalSetup) and by `npm run prerequisites`: each
// missing one is named with what needs it and the Debian line that installs
// it. Under CI=true a missing tool fails the run before any test; elsewhere
// the run goes on, and the tests that need the tool fail (none skips).
"use strict";

const { spawnSync } = require("node:child_process");
const fs = require("node:fs");

/**
 * @typedef {object} Tool
 * @property {string} name
 * @property {string} neededBy the suites that use it
 * @property {string} debian the package that brings it
 * @property {() => string | undefined} problem undefined when the tool is there and fit
 */

/**
 * The version a command prints, or undefined when it cannot be run.
 * @param {string} command
 * @param {string[]} args
 */
function output(command, args) {
  const r = spawnSync(command, args, { encoding: "utf8", timeout: 20_000 });
  return r.error === undefined && r.status === 0 ? `${r.stdout}${r.stderr}` : undefined;
}

/** @param {string} command @param {string[]} [args] */
const runs = (command, args = ["--version"]) =>
  output(command, args) === undefined ? `${command} is missing` : undefined;

/** @type {Tool[]} */
const TOOLS = [
  {
    name: "chromium",
    neededBy: "test/site.test.ts (the viewer in a browser)",
    debian: "chromium",
    problem: () => (fs.existsSync("/usr/bin/chromium") ? undefined : "/usr/bin/chromium is missing"),
  },
  {
    name: "pcre2test, pcre2grep",
    neededBy: "test/regex*.test.ts (the pcre2 flavor)",
    debian: "pcre2-utils",
    problem: () => runs("pcre2test", ["-C"]) ?? runs("pcre2grep"),
  },
  {
    name: "xmllint",
    neededBy: "test/regex*.test.ts (the xsd flavor)",
    debian: "libxml2-utils",
    problem: () => runs("xmllint"),
  },
  {
    name: "java, javac",
    neededBy:
      "test/regex*.test.ts (the java flavor); test/java-profile.test.ts and test/java-fix.test.ts (java.net.URI itself, through javac); test/implementations/ (java.net.URI against the JDK)",
    debian: "openjdk-17-jdk-headless",
    problem: () => runs("java", ["-version"]) ?? runs("javac", ["-version"]),
  },
  {
    name: "ruby",
    neededBy:
      "test/regex*.test.ts (the ruby flavor), test/implementations/ruby/ (the ruby.* readings against Ruby 3.1's uri)",
    debian: "ruby",
    problem: () => runs("ruby", ["--version"]),
  },
  {
    name: "python3 (3.11 or later)",
    neededBy: "test/regex*.test.ts (the python flavor)",
    debian: "python3",
    problem: () => {
      const v = output("python3", ["-c", "import sys; print(sys.version_info >= (3, 11), sys.version.split()[0])"]);
      if (v === undefined) return "python3 is missing";
      return v.startsWith("True") ? undefined : `python3 is ${v.split(" ")[1].trim()}, older than 3.11`;
    },
  },
  {
    name: "GNU grep",
    neededBy: "test/regex*.test.ts (the posix-ere flavor)",
    debian: "grep",
    problem: () => ((output("grep", ["--version"]) ?? "").includes("GNU") ? undefined : "GNU grep is missing"),
  },
  {
    name: "jq",
    neededBy: "test/cli-help-examples.test.ts, docs/scale.md and docs/eslint.md (examples that pipe JSON into jq)",
    debian: "jq",
    problem: () => runs("jq"),
  },
  {
    name: "Python's jsonschema",
    neededBy: "test/regex-docs.test.ts (docs/regex/json-schema.md's format checker)",
    debian: "python3-jsonschema",
    problem: () =>
      output("python3", ["-c", "import jsonschema"]) === undefined ? "Python's jsonschema is missing" : undefined,
  },
  {
    // Debian's package, for Debian's interpreter (another python3 on the PATH may not see it).
    name: "python3-rfc3986 (for /usr/bin/python3)",
    neededBy: "test/compare-generic-differential.test.ts (an independent RFC 3986 and 3987 validator)",
    debian: "python3-rfc3986",
    problem: () =>
      output("/usr/bin/python3", ["-c", "import rfc3986.validators, rfc3986.abnf_regexp"]) === undefined
        ? "/usr/bin/python3 cannot import rfc3986"
        : undefined,
  },
  {
    // test/implementations/perl/ also needs liburi-perl's dependency Regexp::IPv6 (abs and canonical use it).
    name: "Perl's URI module",
    neededBy:
      "test/compare-generic-differential.test.ts (an independent RFC 3986 split), test/implementations/perl/ (the perl.URI reading against URI 5.17)",
    debian: "liburi-perl",
    problem: () =>
      output("perl", ["-MURI", "-MJSON::PP", "-MRegexp::IPv6", "-e", "1"]) === undefined
        ? "Perl's URI (or its Regexp::IPv6) is missing"
        : undefined,
  },
  {
    // The python.urlsplit reading is CPython 3.11's: checked against Debian's interpreter.
    name: "/usr/bin/python3 (CPython 3.11)",
    neededBy: "test/implementations/python/ (the python.urlsplit reading against urllib.parse)",
    debian: "python3",
    problem: () => {
      const v = output("/usr/bin/python3", ["-c", "import sys; print(sys.version.split()[0])"]);
      if (v === undefined) return "/usr/bin/python3 is missing";
      return v.startsWith("3.11.") ? undefined : `/usr/bin/python3 is ${v.trim()}, not 3.11`;
    },
  },
  {
    name: "Go (go build)",
    neededBy: "test/implementations/go/ (the go.net/url reading against net/url)",
    debian: "golang-go",
    problem: () => runs("go", ["version"]),
  },
  {
    name: "php (php-cli)",
    neededBy: "test/implementations/php/ (the php.parse_url reading against parse_url)",
    debian: "php-cli",
    problem: () => runs("php", ["--version"]),
  },
  {
    name: "cc (gcc)",
    neededBy: "test/implementations/curl/ (compiles the C harness on libcurl's URL API)",
    debian: "gcc",
    problem: () => runs("cc", ["--version"]),
  },
  {
    // The curl reading is libcurl 7.88's: checked against Debian 12's libcurl (its headers, and -lcurl).
    name: "libcurl 7.88 with its headers (curl-config)",
    neededBy: "test/implementations/curl/ (the curl reading against curl_url_set and curl_url_get)",
    debian: "libcurl4-openssl-dev",
    problem: () => {
      const v = output("curl-config", ["--version"]);
      if (v === undefined) return "curl-config is missing";
      return v.trim() === "libcurl 7.88.1" ? undefined : `curl-config says ${v.trim()}, not libcurl 7.88.1`;
    },
  },
  {
    name: "git",
    neededBy: "test/lint-defaults.test.ts (lint --changed)",
    debian: "git",
    problem: () => runs("git"),
  },
];

/** What is missing or unfit, one entry per tool. */
function missing() {
  return TOOLS.flatMap((tool) => {
    const problem = tool.problem();
    return problem === undefined ? [] : [{ ...tool, problem }];
  });
}

/** The report on what is missing, with the install line; empty when nothing is. */
function report() {
  const gone = missing();
  if (gone.length === 0) return "";
  return [
    "rfc2396: the tests need tools that npm does not install:",
    ...gone.map((t) => `  - ${t.problem}: needed by ${t.neededBy}`),
    `Install them (Debian): apt-get update && apt-get install -y ${[...new Set(gone.map((t) => t.debian))].join(" ")}`,
    "",
  ].join("\n");
}

/** jest's globalSetup: says what is missing first; under CI=true, fails the run. */
async function globalSetup() {
  const text = report();
  if (text === "") return;
  if (process.env.CI === "true") throw new Error(text);
  process.stderr.write(`\n${text}The tests that need them will fail.\n\n`);
}

module.exports = globalSetup;
module.exports.report = report;
module.exports.TOOLS = TOOLS;

if (require.main === module) {
  const text = report();
  process.stdout.write(text === "" ? "rfc2396: every tool the tests need is here\n" : text);
  process.exit(text === "" ? 0 : 1);
}

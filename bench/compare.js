#!/usr/bin/env node
// @ts-check
// npm run bench:compare: compare() on long inputs of each shape, at 1 and 4
// MB, against the core's isValid on the same string in the same run: each
// reader alone (compare(s, { specs: [name] })) and all of them together.
// The best of a few runs of each, after a warm-up, so that a slow spell of
// the shared machine counts less. Not a test: nothing fails on a timing.
//
//   npm run bench:compare, or node bench/compare.js [--mb 1,4] on a build
"use strict";

const path = require("node:path");

const ROOT = path.join(__dirname, "..");
/** @type {{ isValid: (input: string) => boolean }} */
const { isValid } = require(path.join(ROOT, "dist", "index.js"));
/** @type {{ compare: (input: string, options?: { specs?: string[] }) => unknown, SPECS: readonly string[] }} */
const { compare, SPECS } = require(path.join(ROOT, "dist", "compare", "index.js"));

const RUNS = 5;

/** Each shape, `n` characters long (about). @type {Record<string, (n: number) => string>} */
const SHAPES = {
  "a path of /": (n) => "/".repeat(n),
  "long path": (n) => "http://a/" + "ab/".repeat(Math.floor(n / 3)),
  "long query": (n) => "http://a/?" + "q=1&".repeat(Math.floor(n / 4)),
  "long segment": (n) => "a".repeat(n),
  "long host": (n) => "http://" + "a".repeat(n) + "/",
  "dense escapes": (n) => "http://a/" + "%41".repeat(Math.floor(n / 3)),
  "invalid at the end": (n) => "http://a/" + "b".repeat(n) + " ",
};

/** The best time of a few runs of `f`, in milliseconds. @param {() => unknown} f */
function best(f) {
  let min = Infinity;
  for (let i = 0; i < RUNS; i++) {
    const start = process.hrtime.bigint();
    f();
    min = Math.min(min, Number(process.hrtime.bigint() - start) / 1e6);
  }
  return min;
}

function main() {
  const at = process.argv.indexOf("--mb");
  const sizes = at < 0 ? [1, 4] : process.argv[at + 1].split(",").map(Number);
  // (Warm-up: every path compiled before anything is timed.)
  for (const make of Object.values(SHAPES)) {
    const s = make(2000);
    for (let i = 0; i < 50; i++) {
      isValid(s);
      compare(s);
    }
  }
  const header = ["input", "MB", "isValid (ms)", ...SPECS.map((s) => `${s} (x)`), "all (ms)", "all (x)"];
  process.stdout.write(`| ${header.join(" | ")} |\n| ${header.map(() => "---").join(" | ")} |\n`);
  for (const mb of sizes) {
    for (const [name, make] of Object.entries(SHAPES)) {
      const s = make(mb << 20);
      const floor = best(() => isValid(s));
      const each = SPECS.map((spec) => best(() => compare(s, { specs: [spec] })) / floor);
      const all = best(() => compare(s));
      const row = [
        name,
        mb,
        floor.toFixed(1),
        ...each.map((x) => x.toFixed(1)),
        all.toFixed(1),
        (all / floor).toFixed(1),
      ];
      process.stdout.write(`| ${row.join(" | ")} |\n`);
    }
  }
}

main();

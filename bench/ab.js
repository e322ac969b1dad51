#!/usr/bin/env node
// @ts-check
// node bench/ab.js BEFORE_DIST [AFTER_DIST]: the core's calls timed in two
// builds of the library, strict and under rfc2396/rfc2732, as after over
// before (AFTER_DIST defaults to this checkout's dist/). How docs/performance.md
// ("A profile as a value") measured issue 40's ratios against the build before it.
//
// Two builds in one process disturb each other (the same build loaded twice
// measured 1.5x against itself here), so each measurement is a process of its
// own that loads one build: the processes of the two builds alternate,
// ROUNDS of each (default 9). Each process times 12 passes over its inputs
// (three times over each input but for diagnose's)
// and keeps the median of the last 9; the figures are the median and the
// minimum over the processes, the minimum being the one least disturbed by
// the machine (a shared machine's slow processes are twice as slow, not 5%).
//
// Inputs: the first 20,000 URIs of the corpus the repository holds
// (data/corpus/uris.txt.gz, as bench/bench.js reads it); `diagnose` reads
// 4,000 valid ones with a character 2.4.3 excludes inserted.
"use strict";

const { execFileSync } = require("node:child_process");
const fs = require("node:fs");
const path = require("node:path");
const zlib = require("node:zlib");

const root = path.join(__dirname, "..");
const ROUNDS = Number(process.env.ROUNDS ?? 9);
const OPS = ["isValid", "tryParse", "parse", "resolve", "diagnose"];
const PROFILES = ["strict", "rfc2732"];

/** One process: OP's median ns a call on the build at DIST under PROFILE. */
function child() {
  const [, , , op, profile, dist] = process.argv;
  const lib = require(path.join(dist, profile === "rfc2732" ? "rfc2732/index.js" : "index.js"));
  const corpus = zlib.gunzipSync(fs.readFileSync(path.join(root, "data", "corpus", "uris.txt.gz"))).toString("utf8");
  const all = corpus.split("\n").filter(Boolean).slice(0, 20000);
  const valid = all.filter((s) => lib.isValid(s));
  const bad = [" ", "|", "%g", "<", "^", "\\", "%", "{"];
  const invalid = valid.slice(0, 4000).map((s, i) => {
    const at = (s.length * ((i % 7) + 1)) >> 3;
    return s.slice(0, at) + bad[i % bad.length] + s.slice(at);
  });
  /** @type {Record<string, [string[], (s: string) => unknown]>} */
  const calls = {
    isValid: [all, (s) => lib.isValid(s)],
    tryParse: [all, (s) => lib.tryParse(s)],
    parse: [valid, (s) => lib.parse(s)],
    resolve: [valid, (s) => lib.resolve("http://a/b/c/d;p?q", s)],
    diagnose: [invalid, (s) => lib.diagnose(s)],
  };
  const [lines, call] = calls[op];
  const reps = op === "diagnose" ? 1 : 3;
  const passes = [];
  for (let pass = 0; pass < 12; pass++) {
    const start = process.hrtime.bigint();
    for (let r = 0; r < reps; r++) for (const s of lines) call(s);
    if (pass >= 3) passes.push(Number(process.hrtime.bigint() - start) / (reps * lines.length));
  }
  passes.sort((a, b) => a - b);
  process.stdout.write(`${passes[passes.length >> 1]}\n`);
}

/** @param {number[]} v */
const median = (v) => [...v].sort((a, b) => a - b)[v.length >> 1];

function main() {
  const before = path.resolve(process.argv[2] ?? "");
  const after = path.resolve(process.argv[3] ?? path.join(root, "dist"));
  if (process.argv[2] === undefined || !fs.existsSync(path.join(before, "index.js"))) {
    process.stderr.write("usage: node bench/ab.js BEFORE_DIST [AFTER_DIST]\n");
    process.exit(2);
  }
  const time = (/** @type {string} */ op, /** @type {string} */ profile, /** @type {string} */ dist) =>
    Number(
      execFileSync(process.execPath, [path.join(__dirname, "ab.js"), "--child", op, profile, dist], {
        encoding: "utf8",
      }),
    );
  process.stdout.write(
    "| call | profile | before (ns) | after (ns) | after/before, median | after/before, minimum |\n",
  );
  process.stdout.write("| --- | --- | --- | --- | --- | --- |\n");
  for (const profile of PROFILES) {
    for (const op of OPS) {
      /** @type {number[]} */ const a = [];
      /** @type {number[]} */ const b = [];
      for (let round = 0; round < ROUNDS; round++) {
        a.push(time(op, profile, before));
        b.push(time(op, profile, after));
      }
      const cells = [op, profile, median(a).toFixed(0), median(b).toFixed(0)];
      cells.push((median(b) / median(a)).toFixed(3), (Math.min(...b) / Math.min(...a)).toFixed(3));
      process.stdout.write(`| ${cells.join(" | ")} |\n`);
    }
  }
}

if (process.argv[2] === "--child") child();
else main();

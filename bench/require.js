#!/usr/bin/env node
// @ts-check
// npm run bench:require: what loading the library costs a program, as the
// median over interleaved rounds of what `node -e "require('rfc2396')"` (and
// an ES import, and first calls) took beyond a bare `node -e 0` in the same
// round. The goal: at most 30 ms (a plain build of one file per module).
"use strict";

const { execFileSync } = require("node:child_process");
const fs = require("node:fs");
const path = require("node:path");

const root = path.join(__dirname, "..");
const ROUNDS = Number(process.env.ROUNDS ?? 31);

/**
 * Each case with the case it is measured against: a bare node, or for an
 * ES import a bare node reading an ES module (whose loader costs more).
 * @type {[name: string, args: string[], against: number][]}
 */
const CASES = [
  ["bare node", ["-e", "0"], -1],
  ["bare node, ES module", ["--input-type=module", "-e", "0"], -1],
  ["require('rfc2396')", ["-e", "require('rfc2396')"], 0],
  ["import 'rfc2396'", ["--input-type=module", "-e", "import 'rfc2396'"], 1],
  ["require('rfc2396/html')", ["-e", "require('rfc2396/html')"], 0],
  // What a first call in each area costs, on top of the load.
  [
    "require, a call in each area",
    [
      "-e",
      "const r = require('rfc2396'); r.parse('http://a/b'); r.resolve('http://a/b', 'c'); r.normalize('http://a/%7e'); r.diagnose('a b'); r.extract('see http://a/')",
    ],
    0,
  ],
];

/** @param {number[]} xs */
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** @type {number[][]} */
const times = CASES.map(() => []);
for (let round = 0; round < ROUNDS; round++) {
  CASES.forEach(([, args], k) => {
    const t = process.hrtime.bigint();
    execFileSync(process.execPath, args, { cwd: root, stdio: "ignore" });
    times[k].push(Number(process.hrtime.bigint() - t) / 1e6);
  });
}
/**
 * The median over rounds of what case k took beyond its baseline in the same round.
 * @param {number} k
 */
const over = (k) => median(times[k].map((t, round) => t - times[CASES[k][2]][round]));
/** What this run prints, kept to be written into docs/performance.md and the README with --write. */
/** @type {string[]} */
const lines = [];
/** @param {string} line */
const report = (line) => {
  lines.push(line);
  process.stdout.write(`${line}\n`);
};
report(
  `medians of ${ROUNDS} interleaved runs (Node ${process.version}); "over": the median of each round's difference`,
);
CASES.forEach(([name, , against], k) => {
  const extra = against < 0 ? "" : `  (+${over(k).toFixed(1)} ms over ${CASES[against][0]})`;
  report(`${name.padEnd(30)} ${median(times[k]).toFixed(1).padStart(7)} ms${extra}`);
});
const cost = over(2);
const verdict = `require('rfc2396') costs ${cost.toFixed(1)} ms over a bare node: ${cost <= 30 ? "met" : "NOT met"} (goal <= 30 ms)`;
report(verdict);

/**
 * Replaces what lies between a file's markers.
 * @param {string} file
 * @param {string} body
 */
function writeBetween(file, body) {
  const start = "<!-- bench:require:start -->";
  const end = "<!-- bench:require:end -->";
  const text = fs.readFileSync(file, "utf8");
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from < 0 || to < from) throw new Error(`bench:require: ${file} has no ${start} ... ${end} section`);
  fs.writeFileSync(file, `${text.slice(0, from + start.length)}\n${body}\n${text.slice(to)}`);
  process.stdout.write(`bench:require: wrote this run into ${path.relative(process.cwd(), file)}\n`);
}

// With --write, this run goes into docs/performance.md and its verdict into the README, so
// that the figures there are the benchmark's own.
if (process.argv.includes("--write")) {
  writeBetween(path.join(root, "docs", "performance.md"), ["```text", ...lines, "```"].join("\n"));
  writeBetween(
    path.join(root, "README.md"),
    `\`npm run bench:require\`: ${verdict.replace(/^require\('rfc2396'\)/, "`require('rfc2396')`")}.`,
  );
}

#!/usr/bin/env node
// @ts-check
// npm run bench:check: `rfc2396 check -q` on a file of 2,000,000 lines against
// the floor (bench/check-floor.js: the same file read with bulk reads and
// every byte looked up in a table, which is what reading it costs). Each is a
// child process, as a user runs them, in alternating order over several
// rounds. Reported: the medians, and the median over rounds of each round's
// own ratio floor / check (the two run a second apart, so that a slow spell
// of the machine meets both; the performance issue's target: at least 0.8).
// Not a test: nothing fails on a timing. bench/bench.js calls measureCheck for its table of targets.
// Given --jobs more than once, it times `check -q --jobs N -f FILE` for each N instead, in the
// same alternation, and reports each against the first (what the worker threads buy):
//
//   BENCH_ROUNDS=7 CHECK_LINES=2000000 node bench/check.js [--rfc2732] [--jobs N]
//   CHECK_LINES=4100000 node bench/check.js --jobs 1 --jobs 2      (a file of 200 MB)
"use strict";

const { spawnSync } = require("node:child_process");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const zlib = require("node:zlib");

const ROOT = path.join(__dirname, "..");
const BIN = path.join(ROOT, "dist", "cli", "main.js");
const FLOOR = path.join(__dirname, "check-floor.js");
const CORPUS = path.join(ROOT, "data", "corpus", "uris.txt.gz");

/** Every 97th line is made invalid (about 1%): a space in the middle, or a bad escape. */
const INVALID_EVERY = 97;

/**
 * The file of `lines` lines: the corpus's URIs over and over, about 1% of
 * them made invalid. Made once in the temporary folder and reused while the
 * corpus is unchanged (its name holds the corpus's size and the line count).
 * @param {number} lines
 * @returns {string} its path
 */
function benchFile(lines) {
  const gz = fs.readFileSync(CORPUS);
  const file = path.join(os.tmpdir(), `rfc2396-bench-check-${lines}-${gz.length}.txt`);
  if (fs.existsSync(file)) return file;
  const uris = zlib.gunzipSync(gz).toString("utf8").split("\n").filter(Boolean);
  const part = `${file}.${process.pid}.part`;
  const fd = fs.openSync(part, "w");
  try {
    let text = "";
    for (let i = 0; i < lines; i++) {
      let uri = uris[i % uris.length];
      if (i % INVALID_EVERY === INVALID_EVERY - 1) {
        const mid = uri.length >> 1;
        uri = i % 2 === 0 ? `${uri.slice(0, mid)} ${uri.slice(mid)}` : `${uri}%g`;
      }
      text += uri + "\n";
      if (text.length > 1 << 20) {
        fs.writeSync(fd, text);
        text = "";
      }
    }
    fs.writeSync(fd, text);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(part, file);
  return file;
}

/**
 * Runs a command with stdin from `stdinFile` (or nothing), and returns its
 * wall-clock milliseconds (the process's start included, as a user sees it)
 * and its stdout.
 * @param {string[]} args node's arguments
 * @param {string | undefined} stdinFile
 */
function timed(args, stdinFile) {
  const fd = stdinFile === undefined ? "ignore" : fs.openSync(stdinFile, "r");
  try {
    const t0 = process.hrtime.bigint();
    const r = spawnSync(process.execPath, args, {
      stdio: [fd, "pipe", "pipe"],
      encoding: "utf8",
      maxBuffer: 1 << 26,
    });
    const ms = Number(process.hrtime.bigint() - t0) / 1e6;
    if (r.error) throw r.error;
    if (r.status !== 0 && r.status !== 1)
      throw new Error(`${args.join(" ")} exited with ${r.status}: ${r.stderr.slice(0, 2000)}`);
    return { ms, stdout: r.stdout };
  } finally {
    if (typeof fd === "number") fs.closeSync(fd);
  }
}

/** @param {number[]} xs */
function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 === 1 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/**
 * Times the floor, `check -q FILE` and `check -q < FILE`, interleaved (the
 * order turned round every round), after one warm-up round that fills the
 * page cache.
 * @param {{ rounds?: number, lines?: number, extra?: string[], log?: (line: string) => void }} [options]
 *   extra: more options for check (--rfc2732, --jobs N)
 * @returns {{ ratio: number, stdinRatio: number, floorMs: number, checkMs: number, stdinMs: number,
 *   file: string, bytes: number, lines: number, rounds: number, summary: string }}
 *   ratio: floor / `check -q -f FILE`, the median of each round's; stdinRatio: the same for `check -q < FILE`
 */
function measureCheck(options = {}) {
  const rounds = options.rounds ?? 7;
  const lines = options.lines ?? 2_000_000;
  const extra = options.extra ?? [];
  const log = options.log ?? (() => {});
  const file = benchFile(lines);
  const bytes = fs.statSync(file).size;
  /** @type {[name: string, run: () => { ms: number, stdout: string }][]} */
  const cases = [
    ["floor", () => timed([FLOOR, file], undefined)],
    ["check -f", () => timed([BIN, "check", "-q", ...extra, "-f", file], undefined)],
    ["check <", () => timed([BIN, "check", "-q", ...extra], file)],
  ];
  /** @type {Record<string, number[]>} */
  const times = { floor: [], "check -f": [], "check <": [] };
  let summary = "";
  for (let round = -1; round < rounds; round++) {
    const order = round % 2 === 0 ? cases : [...cases].reverse();
    for (const [name, run] of order) {
      const { ms, stdout } = run();
      if (name === "floor") {
        const counted = Number(stdout.split(" ")[0]);
        if (counted !== lines) throw new Error(`the floor counted ${counted} lines, not ${lines}`);
      } else {
        summary = stdout.trim();
        const [v, , i] = summary.split(" ").map(Number);
        if (v + i !== lines) throw new Error(`check counted ${summary}, not ${lines} lines`);
      }
      if (round >= 0) times[name].push(ms);
    }
    if (round >= 0)
      log(
        `round ${round + 1}: floor ${times.floor[round].toFixed(0)} ms, check -f ${times["check -f"][round].toFixed(0)} ms, check < ${times["check <"][round].toFixed(0)} ms`,
      );
  }
  const floorMs = median(times.floor);
  const checkMs = median(times["check -f"]);
  const stdinMs = median(times["check <"]);
  return {
    ratio: median(times.floor.map((f, r) => f / times["check -f"][r])),
    stdinRatio: median(times.floor.map((f, r) => f / times["check <"][r])),
    floorMs,
    checkMs,
    stdinMs,
    file,
    bytes,
    lines,
    rounds,
    summary,
  };
}

/**
 * Times the floor and `check -q --jobs N -f FILE` for each N of `jobs`,
 * interleaved as measureCheck does.
 * @param {{ jobs: string[], rounds?: number, lines?: number, extra?: string[], log?: (line: string) => void }} options
 * @returns {{ file: string, bytes: number, lines: number, rounds: number, floorMs: number,
 *   runs: { jobs: string, ms: number, ratio: number, speedup: number }[] }}
 *   ratio: floor / check; speedup: the first N's time over this one's (the median of each round's)
 */
function measureJobs(options) {
  const rounds = options.rounds ?? 7;
  const lines = options.lines ?? 2_000_000;
  const extra = options.extra ?? [];
  const log = options.log ?? (() => {});
  const file = benchFile(lines);
  const bytes = fs.statSync(file).size;
  /** @type {[name: string, run: () => { ms: number, stdout: string }][]} */
  const cases = [
    ["floor", () => timed([FLOOR, file], undefined)],
    ...options.jobs.map(
      (n) =>
        /** @type {[string, () => { ms: number, stdout: string }]} */ ([
          n,
          () => timed([BIN, "check", "-q", ...extra, "--jobs", n, "-f", file], undefined),
        ]),
    ),
  ];
  /** @type {Record<string, number[]>} */
  const times = Object.fromEntries(cases.map(([name]) => [name, []]));
  for (let round = -1; round < rounds; round++) {
    const order = round % 2 === 0 ? cases : [...cases].reverse();
    for (const [name, run] of order) {
      const { ms } = run();
      if (round >= 0) times[name].push(ms);
    }
    if (round >= 0)
      log(`round ${round + 1}: ${cases.map(([name]) => `${name} ${times[name][round].toFixed(0)} ms`).join(", ")}`);
  }
  const first = times[options.jobs[0]];
  return {
    file,
    bytes,
    lines,
    rounds,
    floorMs: median(times.floor),
    runs: options.jobs.map((n) => ({
      jobs: n,
      ms: median(times[n]),
      ratio: median(times.floor.map((f, r) => f / times[n][r])),
      speedup: median(first.map((t, r) => t / times[n][r])),
    })),
  };
}

module.exports = { measureCheck, measureJobs, benchFile };

if (require.main === module) {
  const argv = process.argv.slice(2);
  /** @type {string[]} */
  const extra = [];
  /** @type {string[]} */
  const jobs = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--rfc2732") extra.push("--rfc2732");
    else if (argv[i] === "--jobs" && /^[1-9][0-9]?$/.test(argv[i + 1] ?? "")) jobs.push(argv[++i]);
    else {
      process.stderr.write("usage: node bench/check.js [--rfc2732] [--jobs N]...\n");
      process.exit(2);
    }
  }
  if (!fs.existsSync(BIN)) {
    process.stderr.write("bench/check.js: dist/cli/main.js is missing: run npm run build\n");
    process.exit(2);
  }
  if (jobs.length > 1) {
    const r = measureJobs({
      jobs,
      rounds: Number(process.env.BENCH_ROUNDS || 7),
      lines: Number(process.env.CHECK_LINES || 2_000_000),
      extra,
      log: (line) => process.stdout.write(line + "\n"),
    });
    process.stdout.write(
      [
        `file: ${r.file} (${r.lines} lines, ${(r.bytes / 1e6).toFixed(1)} MB)`,
        `medians of ${r.rounds} rounds on ${os.cpus().length} cores (ratios: the median of each round's):`,
        `  floor (bench/check-floor.js)   ${r.floorMs.toFixed(0)} ms`,
        ...r.runs.map(
          (j) =>
            `  check -q ${extra.join(" ")}${extra.length ? " " : ""}--jobs ${j.jobs} -f FILE    ${j.ms.toFixed(0)} ms   floor/check ${j.ratio.toFixed(2)}x   speed vs --jobs ${jobs[0]} ${j.speedup.toFixed(2)}x`,
        ),
        "",
      ].join("\n"),
    );
    process.exit(0);
  }
  if (jobs.length === 1) extra.push("--jobs", jobs[0]);
  const r = measureCheck({
    rounds: Number(process.env.BENCH_ROUNDS || 7),
    lines: Number(process.env.CHECK_LINES || 2_000_000),
    extra,
    log: (line) => process.stdout.write(line + "\n"),
  });
  const mb = (r.bytes / 1e6).toFixed(1);
  process.stdout.write(
    [
      `file: ${r.file} (${r.lines} lines, ${mb} MB); check says "${r.summary}"`,
      `medians of ${r.rounds} rounds on ${os.cpus().length} cores (floor/check: the median of each round's):`,
      `  floor (bench/check-floor.js)   ${r.floorMs.toFixed(0)} ms`,
      `  check -q ${extra.join(" ")}${extra.length ? " " : ""}-f FILE    ${r.checkMs.toFixed(0)} ms   floor/check ${r.ratio.toFixed(2)}x`,
      `  check -q ${extra.join(" ")}${extra.length ? " " : ""}< FILE     ${r.stdinMs.toFixed(0)} ms   floor/check ${r.stdinRatio.toFixed(2)}x`,
      `target: at least 0.80x`,
      "",
    ].join("\n"),
  );
}

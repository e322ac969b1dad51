#!/usr/bin/env node
// @ts-check
// How long each engine takes to run rfc2396/regex's patterns on hostile inputs of about 2 KB
// and 80 KB, and the ratio of the two: about 40 where the time is linear in the input, about
// 1,600 where it is quadratic. Each input is built to make a backtracking engine work: a long
// run of one shape (escapes, hostname labels, an authority that is not a server, path
// parameters...) that fails, or succeeds, only at its very end. The shapes marked rfc2732 run
// the patterns of the profile 'rfc2732' (RFC 2396 as amended by RFC 2732: IPv6 literals in the
// host, brackets in queries, fragments and opaque parts) on inputs full of IPv6 groups and
// brackets, and are checked against that profile's isValid (dist/rfc2732).
//
//   npm run bench:regex          (builds first)
//   node bench/regex.js [--quick] [ENGINE...]
//
// Engines: v8 (this process), python (re), java (java.util.regex), pcre2 (pcre2test, the
// interpreter and the JIT), re2 (DuckDB), grep (grep -E, C locale), xmllint (XML Schema).
// V8, Python, Java and PCRE2 time the match alone (best of a few runs); DuckDB the query;
// DuckDB and grep run each input over about 2 MB of copies and report the time per copy
// (grep's start-up included, spread over the copies); xmllint is timed as a whole process
// (its start-up included, so its ratio understates the growth), with a timeout.
"use strict";

const { spawnSync } = require("node:child_process");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");

const root = path.join(__dirname, "..");
/** @type {{ regex: (rule: string, options?: { flavor?: string, profile?: string }) => string }} */
const { regex } = require(path.join(root, "dist", "regex", "index.js"));
/** The isValid of each profile: the main entry's, and the build over the RFC 2732 tables. @type {Record<string, (s: string, rule?: string) => boolean>} */
const IS_VALID = {
  rfc2396: require(path.join(root, "dist", "index.js")).isValid,
  rfc2732: require(path.join(root, "dist", "rfc2732", "index.js")).isValid,
};

const SIZES = [2000, 80000];

/**
 * The hostile inputs: a rule, its profile (rfc2396 unless said), and a function that repeats a
 * unit up to about n characters.
 * @type {{ shape: string, rule: string, profile?: string, make: (n: number) => string }[]}
 */
const SHAPES = [
  {
    shape: "escapes in a query, a bad one last",
    rule: "URI-reference",
    make: (n) => "http://a/?" + rep("%41", n) + "%4",
  },
  { shape: "escapes in an opaque part", rule: "absoluteURI", make: (n) => "a:" + rep("%7e", n) + "%" },
  { shape: "hostname labels, digit top label", rule: "hostname", make: (n) => rep("a.", n) + "1" },
  { shape: "hostname labels in a URI", rule: "URI-reference", make: (n) => "http://" + rep("a-b.", n) + "-" },
  { shape: "labels then not a server (reg_name)", rule: "authority", make: (n) => rep("a.", n) + "_<" },
  { shape: "userinfo look-ahead, no @", rule: "net_path", make: (n) => "//" + rep("a:", n) + "<" },
  { shape: "IPv4 vs hostname", rule: "host", make: (n) => rep("1.", n) + "1<" },
  { shape: "hier_part vs opaque_part", rule: "absoluteURI", make: (n) => "a://" + rep("a", n) + "<" },
  { shape: "scheme vs relative path", rule: "URI-reference", make: (n) => rep("a", n) + "<" },
  { shape: "segments and params", rule: "abs_path", make: (n) => "/" + rep(";a/", n) + "<" },
  { shape: "valid: long path", rule: "URI-reference", make: (n) => "http://a.b/" + rep("c/%41;p", n) },
  // The profile rfc2732: IPv6 literals and brackets. An IPv6 literal is at most 47 characters
  // long, so a long one fails within its first few dozen: its time does not grow at all.
  { shape: "IPv6: too many groups", rule: "IPv6reference", profile: "rfc2732", make: (n) => "[" + rep("1:", n) + "1]" },
  {
    shape: "userinfo look-ahead, then IPv6",
    rule: "URI-reference",
    profile: "rfc2732",
    make: (n) => "//" + rep("a:", n) + "[::1]",
  },
  {
    shape: "valid: long userinfo, IPv6 host",
    rule: "URI-reference",
    profile: "rfc2732",
    make: (n) => "//" + rep("a:", n) + "@[::1]:80/",
  },
  {
    shape: "labels then an IPv6 literal",
    rule: "URI-reference",
    profile: "rfc2732",
    make: (n) => "http://" + rep("a.", n) + "[::1]/",
  },
  {
    shape: "IPv6 host, a bracket last in the path",
    rule: "URI-reference",
    profile: "rfc2732",
    make: (n) => "http://[::1]/" + rep("a/", n) + "[",
  },
  {
    shape: "IPv6 literals in a query, a bad escape last",
    rule: "URI-reference",
    profile: "rfc2732",
    make: (n) => "http://[::1]/?" + rep("[::1]:", n) + "%4",
  },
  {
    shape: "brackets in an opaque part",
    rule: "URI-reference",
    profile: "rfc2732",
    make: (n) => "x:a" + rep("[%7e]", n) + "%",
  },
  {
    shape: "valid: IPv6 host, brackets in the fragment",
    rule: "URI-reference",
    profile: "rfc2732",
    make: (n) => "http://[::ffff:1.2.3.4]:80/p?q#" + rep("[%41]", n),
  },
];

/** @param {string} unit @param {number} n */
function rep(unit, n) {
  return unit.repeat(Math.max(1, Math.round(n / unit.length)));
}

/** @param {string} command */
function has(command) {
  return spawnSync("sh", ["-c", `command -v ${command}`]).status === 0;
}

/** @param {string} s */
function utf16Hex(s) {
  let out = "";
  for (let i = 0; i < s.length; i++) out += s.charCodeAt(i).toString(16).padStart(4, "0");
  return out;
}

/** @param {number} ms */
function fmt(ms) {
  return ms >= 100 ? `${ms.toFixed(0)} ms` : ms >= 1 ? `${ms.toFixed(2)} ms` : `${(ms * 1000).toFixed(1)} µs`;
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "rfc2396-bench-"));

/** @typedef {{ rule: string, profile: string, input: string, expected: boolean }} Input */

/**
 * One engine: a function from inputs to [milliseconds, verdict] per input.
 * @type {Record<string, { needs?: string, run: (inputs: Input[]) => Promise<[number, boolean][]> | [number, boolean][] }>}
 */
const ENGINES = {
  v8: {
    run(inputs) {
      return inputs.map(({ rule, profile, input }) => {
        const re = new RegExp(regex(rule, { flavor: "ecmascript", profile }));
        let best = Infinity;
        let verdict = false;
        const runs = input.length > 10000 ? 10 : 100;
        for (let k = 0; k < runs; k++) {
          const t0 = performance.now();
          verdict = re.test(input);
          best = Math.min(best, performance.now() - t0);
        }
        return [best, verdict];
      });
    },
  },
  python: {
    needs: "python3",
    run: (inputs) => lineProgram("python3", [path.join(root, "test", "regex", "check.py")], "python", inputs),
  },
  java: {
    needs: "java",
    run: (inputs) => lineProgram("java", [path.join(root, "test", "regex", "Check.java")], "java", inputs),
  },
  pcre2: { needs: "pcre2test", run: (inputs) => pcre2(inputs, "") },
  "pcre2-jit": { needs: "pcre2test", run: (inputs) => pcre2(inputs, "jit") },
  re2: {
    async run(inputs) {
      const { DuckDBInstance } = await import("@duckdb/node-api");
      const instance = await DuckDBInstance.create(":memory:");
      const con = await instance.connect();
      /** @type {[number, boolean][]} */
      const out = [];
      for (const { rule, profile, input } of inputs) {
        // Many copies in a table, so that the query's own cost is spread: time per row.
        const copies = copiesOf(input);
        const p = regex(rule, { flavor: "re2", profile }).replace(/'/g, "''");
        await con.run(`CREATE OR REPLACE TABLE t AS SELECT '${input.replace(/'/g, "''")}' AS s FROM range(${copies})`);
        let best = Infinity;
        let verdict = false;
        for (let k = 0; k < 3; k++) {
          const t0 = performance.now();
          const r = await con.runAndReadAll(`SELECT bool_and(regexp_matches(s, '${p}')) FROM t`);
          best = Math.min(best, performance.now() - t0);
          verdict = r.getRows()[0]?.[0] === true;
        }
        out.push([best / copies, verdict]);
      }
      con.closeSync();
      instance.closeSync();
      return out;
    },
  },
  grep: {
    needs: "grep",
    run(inputs) {
      return inputs.map(({ rule, profile, input }) => {
        // Many copies, one a line: the time per line, grep's start-up spread over about 2 MB.
        const copies = copiesOf(input);
        const file = path.join(tmp, "grep.txt");
        const p = regex(rule, { flavor: "posix-ere", profile });
        const env = { ...process.env, LC_ALL: "C" };
        fs.writeFileSync(file, (input + "\n").repeat(copies));
        const [t, verdict] = timeProcess(
          () => spawnSync("grep", ["-c", "-E", "-e", p, file], { encoding: "utf8", env }),
          (r) => r.stdout.trim() === String(copies),
        );
        return [t / copies, verdict];
      });
    },
  },
  xmllint: {
    needs: "xmllint",
    run(inputs) {
      return inputs.map(({ rule, profile, input }) => {
        const p = regex(rule, { flavor: "xsd", profile })
          .replace(/&/g, "&amp;")
          .replace(/</g, "&lt;")
          .replace(/"/g, "&quot;");
        fs.writeFileSync(
          path.join(tmp, "s.xsd"),
          `<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema"><xs:element name="u"><xs:simpleType><xs:restriction base="xs:string"><xs:pattern value="${p}"/></xs:restriction></xs:simpleType></xs:element></xs:schema>`,
        );
        fs.writeFileSync(path.join(tmp, "d.xml"), `<u>${input.replace(/&/g, "&amp;").replace(/</g, "&lt;")}</u>`);
        const r = timeProcess(
          () =>
            spawnSync("xmllint", ["--noout", "--schema", path.join(tmp, "s.xsd"), path.join(tmp, "d.xml")], {
              encoding: "utf8",
              timeout: XMLLINT_TIMEOUT,
            }),
          (r) => r.status === 0,
          1,
        );
        return /** @type {[number, boolean]} */ (r[0] >= XMLLINT_TIMEOUT ? [Infinity, false] : r);
      });
    },
  },
};

/** xmllint's automaton backtracks: past this many milliseconds an input is reported as a timeout. */
const XMLLINT_TIMEOUT = 20000;

/** How many copies of an input make about 2 MB. @param {string} input */
function copiesOf(input) {
  return Math.max(1, Math.round(2e6 / input.length));
}

/**
 * @template T
 * @param {() => T} f @param {(r: T) => boolean} verdictOf
 * @returns {[number, boolean]}
 */
function timeProcess(f, verdictOf, runs = 3) {
  let best = Infinity;
  let verdict = false;
  for (let k = 0; k < runs; k++) {
    const t0 = performance.now();
    const r = f();
    best = Math.min(best, performance.now() - t0);
    verdict = verdictOf(r);
  }
  return [best, verdict];
}

/**
 * Python and Java: check.py / Check.java with --time (nanoseconds per case, best of three).
 * @param {string} command @param {string[]} program @param {string} flavor @param {Input[]} inputs
 * @returns {[number, boolean][]}
 */
function lineProgram(command, program, flavor, inputs) {
  const key = (/** @type {Input} */ i) => `${i.profile} ${i.rule}`;
  const rules = [...new Map(inputs.map((i) => [key(i), i])).values()];
  const keys = rules.map(key);
  fs.writeFileSync(
    path.join(tmp, "p.txt"),
    rules.map((i) => regex(i.rule, { flavor, profile: i.profile })).join("\n") + "\n",
  );
  fs.writeFileSync(
    path.join(tmp, "c.txt"),
    inputs.map((i) => `${keys.indexOf(key(i))}\t${utf16Hex(i.input)}`).join("\n") + "\n",
  );
  // Three processes, the best time of each case: the machine may be busy with other work.
  /** @type {[number, boolean][]} */
  let best = [];
  for (let round = 0; round < 3; round++) {
    const r = spawnSync(command, [...program, path.join(tmp, "p.txt"), path.join(tmp, "c.txt"), "--time"], {
      encoding: "utf8",
      maxBuffer: 1 << 28,
    });
    if (r.status !== 0) throw new Error(`${command}: ${r.stderr}`);
    const times = r.stdout
      .trim()
      .split("\n")
      .map((line) => {
        const [ns, v] = line.split(" ");
        return /** @type {[number, boolean]} */ ([Number(ns) / 1e6, v === "1"]);
      });
    best = round === 0 ? times : best.map((b, k) => (times[k] !== undefined && times[k][0] < b[0] ? times[k] : b));
  }
  return best;
}

/**
 * PCRE2: pcre2test -tm (match time only), with or without the JIT.
 * @param {Input[]} inputs @param {string} modifiers
 * @returns {[number, boolean][]}
 */
function pcre2(inputs, modifiers) {
  const lines = [];
  for (const { rule, profile, input } of inputs) {
    lines.push(`"${regex(rule, { flavor: "pcre2", profile })}"${modifiers}`, input, "");
  }
  fs.writeFileSync(path.join(tmp, "t.pcre"), lines.join("\n"));
  const r = spawnSync("pcre2test", ["-q", "-tm", "20", path.join(tmp, "t.pcre")], {
    encoding: "utf8",
    maxBuffer: 1 << 28,
  });
  /** @type {[number, boolean][]} */
  const out = [];
  /** @type {number | undefined} */
  let time;
  for (const line of r.stdout.split("\n")) {
    const m = /^Match time\s+([\d.]+) milliseconds/.exec(line);
    if (m) time = Number(m[1]);
    else if (
      time !== undefined &&
      (line.startsWith(" 0:") || line.startsWith("No match") || line.startsWith("Failed"))
    ) {
      out.push([time, line.startsWith(" 0:")]);
      time = undefined;
    }
  }
  return out;
}

async function main() {
  const args = process.argv.slice(2).filter((a) => !a.startsWith("--"));
  const chosen = args.length ? args : Object.keys(ENGINES);
  /** @type {Input[]} */
  const inputs = [];
  for (const s of SHAPES)
    for (const n of SIZES) {
      const input = s.make(n);
      const profile = s.profile ?? "rfc2396";
      const isValid = IS_VALID[profile];
      if (isValid === undefined) throw new Error(`no profile ${profile}`);
      inputs.push({ rule: s.rule, profile, input, expected: isValid(input, s.rule) });
    }
  process.stdout.write(
    `rfc2396/regex on hostile inputs: time at ${SIZES.map((n) => `${n / 1000} KB`).join(" and ")}, ratio (linear ~${SIZES[1] / SIZES[0]}, quadratic ~${(SIZES[1] / SIZES[0]) ** 2})\n\n`,
  );
  /** @type {Record<string, number[]>} */
  const ratios = {};
  for (const name of chosen) {
    const engine = ENGINES[name];
    if (!engine) throw new Error(`unknown engine ${name}; the engines are ${Object.keys(ENGINES).join(", ")}`);
    if (engine.needs && !has(engine.needs)) {
      process.stdout.write(`${name}: skipped, ${engine.needs} is not installed\n\n`);
      continue;
    }
    const results = await engine.run(inputs);
    process.stdout.write(`${name}\n`);
    ratios[name] = [];
    SHAPES.forEach((s, k) => {
      const [small, large] = [results[2 * k], results[2 * k + 1]];
      if (!small || !large) throw new Error(`${name}: no result for ${s.shape}`);
      const timedOut = !Number.isFinite(large[0]);
      const wrong = [small, large].some((r, j) => Number.isFinite(r[0]) && r[1] !== inputs[2 * k + j]?.expected);
      const ratio = large[0] / small[0];
      ratios[name]?.push(ratio);
      process.stdout.write(
        `  ${`${s.shape} (${s.profile === undefined ? "" : `${s.profile} `}${s.rule})`.padEnd(66)} ${fmt(small[0]).padStart(10)} ${(timedOut ? "timeout" : fmt(large[0])).padStart(10)}  ${timedOut ? "" : `x${ratio.toFixed(1).padStart(6)}`}${wrong ? "  WRONG VERDICT" : ""}\n`,
      );
    });
    process.stdout.write("\n");
  }
  process.stdout.write("worst ratio per engine: ");
  process.stdout.write(
    Object.entries(ratios)
      .map(([name, list]) => `${name} ${list.every(Number.isFinite) ? `x${Math.max(...list).toFixed(1)}` : "timeout"}`)
      .join(", ") + "\n",
  );
  fs.rmSync(tmp, { recursive: true, force: true });
}

main().catch((e) => {
  fs.rmSync(tmp, { recursive: true, force: true });
  process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exitCode = 1;
});

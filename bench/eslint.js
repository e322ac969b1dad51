#!/usr/bin/env node
// @ts-check
// What rfc2396/eslint costs ESLint: a few thousand JavaScript files of a real package tree (the
// modules this repository installs: eslint, @typescript-eslint, @babel, jest, ajv), each linted
// by ESLint's Linter with and without the rule rfc2396/valid-uri, in the same run, interleaved
// round by round, and the ratio of the two. Two baselines: ESLint with no rule (the parse and
// the traversal alone: the rule's cost shows most), and with @eslint/js's recommended rules (a
// project's usual configuration), and with a rule that does nothing: ESLint charges any rule
// for the traversal and its events (about half again the parse, whatever the rule does), so the
// rule's own work is its time over that one's. The files are read once; the time is the
// process's CPU time in ESLint's verify (the machine may be shared: wall time would count the
// others' work), after a round to warm up, the best of the rounds.
//
//   node bench/eslint.js [--files N] [--rounds N] [--recommended]     (after npm run build)
//
// --recommended adds the two setups with @eslint/js's rules (they take twice the time of the rest).
"use strict";

const fs = require("node:fs");
const path = require("node:path");

/** The process's CPU time, in milliseconds. */
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

const root = path.join(__dirname, "..");
const { Linter } = require("eslint");
const js = require("@eslint/js");
const plugin = require(path.join(root, "dist", "eslint-plugin", "index.js")).default;

const args = process.argv.slice(2);
/** @param {string} name @param {number} fallback */
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const FILES = option("--files", 2000);
const ROUNDS = option("--rounds", 2);

/** The packages read, in this order, until FILES files are taken. */
const PACKAGES = [
  "eslint/lib",
  "@eslint",
  "@typescript-eslint",
  "@babel",
  "@jest",
  "jest-snapshot",
  "jest-circus",
  "jest-runtime",
  "jest-config",
  "ts-jest",
  "ajv/dist",
  "yaml/dist",
  "parse5/dist",
  "peggy/lib",
];

/** The JavaScript files of the packages (none minified, none over 200 KB), in name order. */
function files() {
  /** @type {string[]} */
  const out = [];
  /** @param {string} dir */
  const walk = (dir) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const f = path.join(dir, e.name);
      if (e.isDirectory()) walk(f);
      else if (/\.(c?js)$/.test(e.name) && !e.name.endsWith(".min.js") && fs.statSync(f).size < 200 * 1024) out.push(f);
    }
  };
  for (const p of PACKAGES) {
    const dir = path.join(root, "node_modules", p);
    if (fs.existsSync(dir)) walk(dir);
  }
  return out.slice(0, FILES);
}

const linter = new Linter({ configType: "flat" });
/** The name each file is linted under: one that the configurations match (a path under node_modules/ is ignored). */
const FILENAME = "file.js";
/** @param {string} sourceType */
const language = (sourceType) => ({ languageOptions: { ecmaVersion: "latest", sourceType } });

/** Each file with the source type it parses as (module, else commonjs); files that parse as neither are left out. */
function load() {
  /** @type {{ name: string, text: string, sourceType: "module" | "commonjs" }[]} */
  const out = [];
  for (const name of files()) {
    const text = fs.readFileSync(name, "utf8");
    for (const sourceType of /** @type {const} */ (["module", "commonjs"])) {
      const messages = linter.verify(text, [language(sourceType)], { filename: FILENAME });
      if (!messages.some((m) => m.fatal)) {
        out.push({ name, text, sourceType });
        break;
      }
    }
  }
  return out;
}

/** @param {string} name @param {(sourceType: string) => object[]} config */
const setup = (name, config) => ({ name, configs: { module: config("module"), commonjs: config("commonjs") } });

/** A rule of a plugin, on for every file. @param {string} name @param {() => object} create */
const ruleOf = (name, create) => ({
  plugins: { [name]: { rules: { [name]: { meta: {}, create } } } },
  rules: { [`${name}/${name}`]: "error" },
});

/** A rule that does nothing on every file: what ESLint charges for a rule. */
const NOTHING = ruleOf("nothing", () => ({}));

/** A rule that listens to the nodes rfc2396/valid-uri listens to, and does nothing there: ESLint's dispatch. */
const LISTENING = ruleOf("listening", () => {
  const none = () => {};
  return { "CallExpression, NewExpression": none, AssignmentExpression: none, JSXAttribute: none };
});

const ALL_SETUPS = [
  setup("no rule", (t) => [language(t)]),
  setup("a rule that does nothing", (t) => [language(t), NOTHING]),
  setup("a rule on the same nodes, doing nothing", (t) => [language(t), LISTENING]),
  setup("rfc2396", (t) => [language(t), plugin.configs.recommended]),
  setup("@eslint/js recommended", (t) => [language(t), js.configs.recommended]),
  setup("@eslint/js recommended + rfc2396", (t) => [language(t), js.configs.recommended, plugin.configs.recommended]),
];

const SETUPS = args.includes("--recommended") ? ALL_SETUPS : ALL_SETUPS.slice(0, 4);

function main() {
  const corpus = load();
  const bytes = corpus.reduce((n, f) => n + Buffer.byteLength(f.text), 0);
  /** @type {Record<string, number[]>} */
  const times = Object.fromEntries(SETUPS.map((s) => [s.name, []]));
  let problems = 0;
  let withProblems = 0;
  for (let round = -1; round < ROUNDS; round++) {
    for (const s of SETUPS) {
      const t0 = cpu();
      // (The warm-up round reads the first tenth of the files.)
      for (const f of round < 0 ? corpus.slice(0, Math.ceil(corpus.length / 10)) : corpus) {
        const messages = linter.verify(f.text, s.configs[f.sourceType], { filename: FILENAME });
        if (round === 0 && s.name === "rfc2396") {
          const ours = messages.filter((m) => m.ruleId === "rfc2396/valid-uri").length;
          problems += ours;
          if (ours > 0) withProblems++;
        }
      }
      if (round >= 0) times[s.name].push(cpu() - t0);
    }
  }
  const ms = Object.fromEntries(Object.entries(times).map(([k, v]) => [k, Math.min(...v)]));
  console.log(
    `${corpus.length} files, ${(bytes / 1e6).toFixed(1)} MB of ${PACKAGES.join(", ")}; CPU time, best of ${ROUNDS} rounds`,
  );
  for (const s of SETUPS) console.log(`  ${s.name.padEnd(40)} ${ms[s.name].toFixed(0).padStart(6)} ms`);
  /** @param {string} a @param {string} b */
  const ratio = (a, b) => (ms[a] / ms[b]).toFixed(3);
  console.log(
    `  ratio rfc2396 / a rule that does nothing:              ${ratio("rfc2396", "a rule that does nothing")}`,
  );
  console.log(
    `  ratio rfc2396 / a rule on the same nodes, doing nothing: ${ratio("rfc2396", "a rule on the same nodes, doing nothing")}`,
  );
  if (SETUPS.length > 4)
    console.log(
      `  ratio with the rule / without, @eslint/js recommended: ${ratio("@eslint/js recommended + rfc2396", "@eslint/js recommended")}`,
    );
  console.log(`  rfc2396/valid-uri reported ${problems} problems in ${withProblems} files`);
}

main();

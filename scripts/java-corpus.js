#!/usr/bin/env node
// @ts-check
// node scripts/java-corpus.js: the conformance corpus of java.net.URI,
// data/java-net-uri/conformance.jsonl, written from the REAL JDK (never
// from this project's reading): the seeded strings, pairs and argument lists
// of scripts/java-strings.js, each with what OpenJDK answers, one JSON
// object a line (docs/java-conformance.md). Needs java and javac; the
// harness is test/implementations/java/UriHarness.java.
"use strict";

const { execFileSync, spawnSync } = require("node:child_process");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const { javaStrings, javaPairs, javaComponents } = require("./java-strings.js");

const ROOT = path.join(__dirname, "..");
const HARNESS = path.join(ROOT, "test", "implementations", "java", "UriHarness.java");
const OUT = path.join(ROOT, "data", "java-net-uri", "conformance.jsonl");

/** The corpus's seed and counts: what the file holds, and what its test regenerates. */
const PLAN = { seed: 2396, strings: 3000, pairs: 800, constructions: 400 };

/**
 * @typedef {{ op: "read", input: string }
 *   | { op: "resolve", base: string, reference: string }
 *   | { op: "relativize", base: string, uri: string }
 *   | { op: "construct", args: (string | number | null)[] }} Item
 */

/** The corpus's requests, in the file's order. @returns {Item[]} */
function corpusItems() {
  /** @type {Item[]} */
  const items = javaStrings(PLAN.seed, PLAN.strings).map((input) => ({ op: "read", input }));
  for (const [base, reference] of javaPairs(PLAN.seed + 1, PLAN.pairs)) items.push({ op: "resolve", base, reference });
  for (const [base, uri] of javaPairs(PLAN.seed + 2, PLAN.pairs)) items.push({ op: "relativize", base, uri });
  for (const args of javaComponents(PLAN.seed + 3, PLAN.constructions)) items.push({ op: "construct", args });
  return items;
}

/** A JSON string literal in printable ASCII (the harness's line protocol). @param {string | null} s */
function literal(s) {
  if (s === null) return "null";
  let out = '"';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x22 || c === 0x5c) out += `\\${s[i]}`;
    else if (c >= 0x20 && c < 0x7f) out += s[i];
    else out += `\\u${c.toString(16).padStart(4, "0")}`;
  }
  return `${out}"`;
}

/** The harness's request line for an item. @param {Item} item */
function requestLine(item) {
  const f = (/** @type {string | number | null} */ x) => (typeof x === "number" ? String(x) : literal(x));
  switch (item.op) {
    case "read":
      return `R\t${f(item.input)}`;
    case "resolve":
      return `V\t${f(item.base)}\t${f(item.reference)}`;
    case "relativize":
      return `L\t${f(item.base)}\t${f(item.uri)}`;
    default:
      return ["C", ...item.args.map(f)].join("\t");
  }
}

/** Whether a value holds a string with a surrogate without its pair. @param {unknown} v @returns {boolean} */
function lone(v) {
  if (typeof v === "string") return /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(v);
  if (v !== null && typeof v === "object") return Object.values(v).some(lone);
  return false;
}

/**
 * One line of the corpus: the item, `loneSurrogate: true` where a string of
 * the line holds one (JSON writes it as a \uXXXX escape, which some JSON
 * readers refuse), and the JDK's result.
 * @param {Item} item @param {unknown} result
 */
function corpusLine(item, result) {
  return JSON.stringify(lone(item) || lone(result) ? { ...item, loneSurrogate: true, result } : { ...item, result });
}

/** The real JDK's answers to the items (one JVM). @param {Item[]} items @returns {unknown[]} */
function jdkAnswers(items) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rfc2396-java-corpus-"));
  try {
    execFileSync("javac", ["-d", dir, HARNESS]);
    const r = spawnSync("java", ["-XX:-OmitStackTraceInFastThrow", "-cp", dir, "UriHarness"], {
      input: items.map(requestLine).join("\n") + "\n",
      encoding: "latin1",
      maxBuffer: 1 << 30,
    });
    if (r.status !== 0) throw new Error(`java failed: ${r.stderr}`);
    const lines = r.stdout.split("\n").filter((l) => l.length > 0);
    if (lines.length !== items.length) throw new Error(`${lines.length} answers to ${items.length} requests`);
    return lines.map((l) => JSON.parse(l));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The JDK's version line (`java -version`). */
function jdkVersion() {
  const r = spawnSync("java", ["-version"], { encoding: "utf8" });
  return (r.stderr.split("\n")[0] ?? "").trim();
}

if (require.main === module) {
  const items = corpusItems();
  const answers = jdkAnswers(items);
  fs.mkdirSync(path.dirname(OUT), { recursive: true });
  fs.writeFileSync(OUT, items.map((item, i) => corpusLine(item, answers[i]) + "\n").join(""));
  process.stdout.write(`${path.relative(ROOT, OUT)}: ${items.length} lines from ${jdkVersion()}\n`);
}

module.exports = { PLAN, OUT, corpusItems, corpusLine, requestLine, jdkAnswers };

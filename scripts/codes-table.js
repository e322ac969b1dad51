#!/usr/bin/env node
// @ts-check
// Prints the Markdown table of every code that diagnose reports (the syntax
// error codes of ERROR_CODES, then the warnings), generated from
// DIAGNOSTIC_CODES: default severity, section, meaning, an example input and
// the fix diagnose gives for it. test/diagnose.test.ts checks that each
// example produces exactly its code. Needs the built library: npm run build.
//
//   node scripts/codes-table.js > codes.md
"use strict";

const path = require("node:path");

/** @typedef {typeof import("../dist/diagnose/diagnose.js")} Diagnose */
/** @typedef {import("../dist/diagnose/diagnose.js").DiagnosticCodeInfo} DiagnosticCodeInfo */

/** @type {Diagnose} */
let lib;
try {
  lib = require(path.join(__dirname, "..", "dist", "diagnose", "diagnose.js"));
} catch (e) {
  process.stderr.write(
    `scripts/codes-table.js: cannot load dist/diagnose/diagnose.js; run npm run build first (${/** @type {Error} */ (e).message})\n`,
  );
  process.exit(1);
}
const { DIAGNOSTIC_CODES, diagnose } = lib;
/** The RFC 2732 profile's diagnose (its entry's), for its own codes. @type {Diagnose} */
const profile = require(path.join(__dirname, "..", "dist", "rfc2732", "index.js"));

/**
 * Text inside a Markdown table cell: `|` escaped.
 * @param {string} text
 * @returns {string}
 */
function cell(text) {
  return text.replace(/\|/g, "\\|");
}

/**
 * An input as code: JSON string escapes for what a page cannot show (controls, lone surrogates).
 * @param {string} text
 * @returns {string}
 */
function code(text) {
  return cell("`" + JSON.stringify(text).slice(1, -1).replace(/\\"/g, '"') + "`");
}

/**
 * @param {DiagnosticCodeInfo} info
 * @returns {string}
 */
function fixesOf(info) {
  if (info.rule !== undefined) return `(an error of \`parseCst(example, "${info.rule}")\`; diagnose never reports it)`;
  const run = info.profile === "rfc2732" ? profile.diagnose : diagnose;
  const fixes = [...new Set(run(info.example).diagnostics.map((d) => d.fix))];
  if (fixes.every((f) => f === undefined)) return "none";
  return fixes.map((f) => (f === undefined ? "none" : f === "" ? "(remove)" : code(f))).join(", ");
}

const lines = [
  "| code | severity | section | meaning | example | fix for the example |",
  "| --- | --- | --- | --- | --- | --- |",
];
for (const [name, info] of Object.entries(DIAGNOSTIC_CODES)) {
  const where =
    info.profile === "rfc2732" ? " (`rfc2396/rfc2732` only)" : info.profile === "rfc2396" ? " (strict only)" : "";
  const example = (info.rule === undefined ? code(info.example) : `${code(info.example)} as \`${info.rule}\``) + where;
  lines.push(
    `| \`${name}\` | ${info.severity} | ${info.section} | ${cell(info.summary)} | ${example} | ${fixesOf(info)} |`,
  );
}
process.stdout.write(lines.join("\n") + "\n");

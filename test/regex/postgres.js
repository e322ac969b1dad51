// Runs PostgreSQL's `~` over a batch of cases, for test/regex.test.ts (through runPostgres in
// engines.ts) and test/regex-docs.test.ts: PGlite, the PostgreSQL server compiled to
// WebAssembly, in a process of its own (it loads its parts with dynamic imports, which jest's
// module sandbox refuses).
//   node postgres.js cases INPUT.json    INPUT: { patterns: { rule: pattern }, cases: [[rule, s]] }
//       prints a JSON array: true, false, or "error" (the engine refused the pattern) per case
//   node postgres.js sql FILE.sql        runs the statements of FILE.sql in order (psql's
//       meta-command \i FILE, the one it reads, runs another file's) and prints the rows of
//       each query, tab-separated, as `psql -At -F '<TAB>'` would
"use strict";
const fs = require("node:fs");
const path = require("node:path");
const { PGlite } = require("@electric-sql/pglite");

async function verdicts(db, input) {
  await db.exec('CREATE TABLE cases (i integer, rule text, s text COLLATE "C")');
  await db.query("INSERT INTO cases SELECT * FROM unnest($1::integer[], $2::text[], $3::text[])", [
    input.cases.map((_, i) => i),
    input.cases.map((c) => c[0]),
    input.cases.map((c) => c[1]),
  ]);
  const result = new Array(input.cases.length).fill(null);
  for (const [rule, p] of Object.entries(input.patterns)) {
    try {
      const r = await db.query("SELECT i, s ~ $1 AS m FROM cases WHERE rule = $2", [p, rule]);
      for (const { i, m } of r.rows) result[i] = m;
    } catch {
      input.cases.forEach((c, i) => {
        if (c[0] === rule) result[i] = "error";
      });
    }
  }
  return result;
}

/**
 * The statements of a file (psql's \i FILE replaced by that file's), each ending in ";" at the
 * end of a line, run in order. As psql does without ON_ERROR_STOP, a failing statement prints
 * its error ("ERROR:  message", on standard output here) and the next one runs.
 */
async function runSql(db, file) {
  const text = fs
    .readFileSync(file, "utf8")
    .replace(/^\\i[ \t]+(\S+)[ \t]*$/gm, (_, name) => fs.readFileSync(path.resolve(path.dirname(file), name), "utf8"));
  for (const sql of text
    .split(/;[ \t]*\n/)
    .map((s) => s.trim())
    .filter(Boolean)) {
    try {
      for (const result of await db.exec(sql)) {
        for (const row of result.rows) console.log(Object.values(row).map(String).join("\t"));
      }
    } catch (e) {
      console.log(`ERROR:  ${e instanceof Error ? e.message : String(e)}`);
    }
  }
}

(async () => {
  const [mode, file] = process.argv.slice(2);
  const db = await PGlite.create();
  try {
    if (mode === "cases") console.log(JSON.stringify(await verdicts(db, JSON.parse(fs.readFileSync(file, "utf8")))));
    else if (mode === "sql") await runSql(db, file);
    else throw new Error(`usage: node postgres.js cases|sql FILE`);
  } finally {
    await db.close();
  }
})().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exitCode = 1;
});

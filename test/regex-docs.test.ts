/**
 * The examples of docs/regex/ run, and print what the pages say they print.
 *
 * Each page is a sequence of fenced blocks: ```LANG file=NAME writes a file, ```LANG run runs
 * (js with node, python with python3, ruby with ruby, sh with bash, sql in DuckDB, or with
 * `engine=postgresql` in PostgreSQL: PGlite, through test/regex/postgres.js), and a ```text output block
 * right after a run block is its expected standard output. Every page runs in a fresh folder
 * where node_modules/rfc2396 is this package (as after `npm install rfc2396`), so the examples
 * use the package exactly as a user would: require("rfc2396/regex"), `npx rfc2396 grammar`,
 * node_modules/rfc2396/dist/regex/FLAVOR.json.
 *
 * A missing engine (python3, java, xmllint) fails the page's test, naming the tool and how to
 * install it; it is never skipped. README.md's js snippets, which have no output blocks, are
 * checked by the values their comments give.
 */
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { TOOLS, hasCommand } from "./regex/engines";

const ROOT = path.join(__dirname, "..");
const DOCS = path.join(ROOT, "docs", "regex");

interface Block {
  lang: string;
  attrs: string[];
  body: string;
}

function blocks(markdown: string): Block[] {
  return [...markdown.matchAll(/^```(\w+)([^\n]*)\n([\s\S]*?)^```$/gm)].map((m) => ({
    lang: m[1] as string,
    attrs: (m[2] as string).trim().split(/\s+/).filter(Boolean),
    body: m[3] as string,
  }));
}

/** The tools a page's examples need, by what its run blocks call. */
function toolsOf(page: Block[]): string[] {
  const needs = new Set<string>();
  for (const b of page.filter((b) => b.attrs.includes("run"))) {
    if (b.lang === "python") needs.add("python");
    if (b.lang === "ruby") needs.add("ruby");
    if (/\bjava\b/.test(b.lang === "sh" ? b.body : "")) needs.add("java");
    if (/\bxmllint\b/.test(b.body)) needs.add("xsd");
    if (/\bgrep\b/.test(b.body)) needs.add("posix-ere");
    if (/\bjq\b/.test(b.lang === "sh" ? b.body : "")) needs.add("jq");
  }
  return [...needs];
}

/** A folder where node_modules/rfc2396 is this package, its bin included. */
function sandbox(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rfc2396-docs-"));
  fs.mkdirSync(path.join(dir, "node_modules", ".bin"), { recursive: true });
  fs.symlinkSync(ROOT, path.join(dir, "node_modules", "rfc2396"), "dir");
  // The validator the JSON Schema page plugs the formats into, as a user would have installed it.
  fs.symlinkSync(path.join(ROOT, "node_modules", "ajv"), path.join(dir, "node_modules", "ajv"), "dir");
  fs.symlinkSync(
    path.join("..", "rfc2396", "dist", "cli", "main.js"),
    path.join(dir, "node_modules", ".bin", "rfc2396"),
  );
  return dir;
}

/** Runs SQL statements in DuckDB in `dir`, printing the rows of each SELECT tab-separated. */
const SQL_RUNNER = `
const fs = require("node:fs");
const { DuckDBInstance } = require(${JSON.stringify(require.resolve("@duckdb/node-api"))});
(async () => {
  const instance = await DuckDBInstance.create(":memory:");
  const con = await instance.connect();
  const statements = fs.readFileSync(process.argv[2], "utf8").split(/;\\s*\\n/).map((s) => s.trim()).filter(Boolean);
  for (const sql of statements) {
    const reader = await con.runAndReadAll(sql);
    if (/^select/i.test(sql)) for (const row of reader.getRows()) console.log(row.map(String).join("\\t"));
  }
  con.closeSync();
  instance.closeSync();
})().catch((e) => { console.error(e); process.exitCode = 1; });
`;

function runBlock(dir: string, block: Block, k: number): string {
  const file = path.join(dir, `block${k}.${block.lang}`);
  fs.writeFileSync(file, block.body);
  const commands: Record<string, [string, string[]]> = {
    js: [process.execPath, [file]],
    python: ["python3", [file]],
    ruby: ["ruby", [file]],
    sh: ["bash", ["-euo", "pipefail", file]],
    sql: block.attrs.includes("engine=postgresql")
      ? [process.execPath, [path.join(__dirname, "regex", "postgres.js"), "sql", file]]
      : [process.execPath, [path.join(dir, "sql-runner.js"), file]],
  };
  if (block.lang === "sql") fs.writeFileSync(path.join(dir, "sql-runner.js"), SQL_RUNNER);
  const command = commands[block.lang];
  if (command === undefined) throw new Error(`no way to run a ${block.lang} block`);
  const r = spawnSync(command[0], command[1], {
    cwd: dir,
    encoding: "utf8",
    env: {
      ...process.env,
      PATH: `${path.join(dir, "node_modules", ".bin")}${path.delimiter}${process.env.PATH ?? ""}`,
    },
    timeout: 60_000,
  });
  if (r.status !== 0)
    throw new Error(`block ${k} (${block.lang}) exited with ${String(r.status)}:\n${r.stderr}\n${r.stdout}`);
  return r.stdout;
}

const PAGES = fs
  .readdirSync(DOCS)
  .filter((f) => f.endsWith(".md"))
  .sort();

test("there is a page per use: JSON Schema, XSD, DuckDB, PostgreSQL, grep, Python, Java, Ruby, BigQuery, Spark; and the profile rfc2732", () => {
  expect(PAGES).toEqual(
    expect.arrayContaining([
      "README.md",
      "json-schema.md",
      "xsd.md",
      "duckdb.md",
      "postgresql.md",
      "grep.md",
      "python.md",
      "java.md",
      "ruby.md",
      "bigquery.md",
      "spark.md",
      "rfc2732.md",
    ]),
  );
});

/**
 * README.md's js snippets have no output blocks: a line `EXPRESSION; // VALUE`, VALUE being JSON,
 * says what EXPRESSION gives. Each block runs as a program that checks every such line.
 */
test("README.md's js snippets give the values their comments say", () => {
  // Fenced blocks, indented ones (inside a list item) included, their indentation taken off.
  const readme = fs.readFileSync(path.join(DOCS, "README.md"), "utf8");
  const snippets = [...readme.matchAll(/^( *)```js\n([\s\S]*?)^\1```$/gm)].map((m) =>
    (m[2] as string).replace(new RegExp(`^${m[1] as string}`, "gm"), ""),
  );
  expect(snippets.length).toBeGreaterThan(1);
  let checked = 0;
  const dir = sandbox();
  try {
    snippets.forEach((body, k) => {
      const lines = body.split("\n").map((line) => {
        const m = /^(?<expr>[^/].*?);\s*\/\/\s*(?<value>.+)$/.exec(line);
        if (m?.groups === undefined) return line;
        try {
          JSON.parse(m.groups.value as string);
        } catch {
          return line;
        }
        checked++;
        return `console.log(JSON.stringify([${JSON.stringify(line)}, ${m.groups.expr}, ${m.groups.value}]));`;
      });
      const out = runBlock(dir, { lang: "js", attrs: ["run"], body: lines.join("\n") }, k);
      expect(out).not.toBe("");
      for (const record of out.split("\n").filter(Boolean)) {
        const [line, got, said] = JSON.parse(record) as [string, unknown, unknown];
        expect({ line, got }).toEqual({ line, got: said });
      }
    });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  expect(checked).toBeGreaterThanOrEqual(4);
});

/** The pages, relative to docs/regex/: its own, and docs/scale.md, which follows their conventions. */
const RUN_PAGES = [...PAGES.filter((p) => p !== "README.md"), path.join("..", "scale.md")];

describe.each(RUN_PAGES.map((p) => [p]))("docs/regex/%s", (page) => {
  const list = blocks(fs.readFileSync(path.join(DOCS, page), "utf8"));
  const missing = toolsOf(list).filter((flavor) => {
    const tool = TOOLS[flavor];
    return tool !== undefined && !hasCommand(tool.command);
  });
  const title = "its examples run and print what the page shows";
  test(
    title,
    () => {
      // A missing engine fails the test (in CI and out of it): it never passes by skipping.
      if (missing.length > 0) {
        const what = missing.map((f) => `${TOOLS[f]?.command} (install: ${TOOLS[f]?.install})`).join(", ");
        throw new Error(`${page} needs ${what}`);
      }
      const runs = list.filter((b) => b.attrs.includes("run"));
      expect(runs.length).toBeGreaterThan(0);
      expect(list.some((b) => b.attrs.includes("output"))).toBe(true);
      const dir = sandbox();
      try {
        let last: string | undefined;
        list.forEach((block, k) => {
          const target = block.attrs.find((a) => a.startsWith("file="));
          if (target !== undefined) fs.writeFileSync(path.join(dir, target.slice(5)), block.body);
          if (block.attrs.includes("run")) last = runBlock(dir, block, k);
          else if (block.attrs.includes("output")) {
            if (last === undefined) throw new Error(`block ${k}: an output block with no run block before it`);
            expect(last).toBe(block.body);
            last = undefined;
          }
        });
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
    60_000,
  );
});

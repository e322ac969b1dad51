/**
 * The real engines behind each flavor of rfc2396/regex, each run ONCE over a batch of cases
 * (one process, or one in-process instance, for all rules and strings): V8, Python's re,
 * java.util.regex, PCRE2 (pcre2test), Ruby's Onigmo, RE2 (inside DuckDB), POSIX ERE (GNU grep -E, C locale)
 * and XML Schema (xmllint --schema). Used by test/regex.test.ts and test/regex-docs.test.ts.
 *
 * Every runner takes the patterns by rule and the cases, and returns one verdict a case:
 * true (the engine matched), false (it did not), or the string "error" (the engine threw or
 * gave up). Each uses the engine's unanchored search where it has one (RegExp.test, re.search,
 * Matcher.find, pcre2test, regexp_matches, grep), so that a missing anchor shows; XSD patterns
 * are anchored by definition.
 *
 * Some strings cannot be put to some engines at all (grep reads NUL-separated records, XML
 * cannot hold most control characters): `represents(flavor, s)` says which, and the test
 * counts what it left out.
 */
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

export interface Case {
  rule: string;
  input: string;
}

export type Verdict = boolean | "error";

/** What a flavor's engine needs installed, and how to install it (Debian). */
export interface Tool {
  command: string;
  install: string;
}

export const TOOLS: Readonly<Record<string, Tool | undefined>> = {
  ecmascript: undefined, // V8, the engine running the tests
  python: { command: "python3", install: "apt-get install -y python3 (3.11 or later)" },
  java: { command: "java", install: "apt-get install -y openjdk-17-jdk-headless" },
  pcre2: { command: "pcre2test", install: "apt-get install -y pcre2-utils" },
  ruby: { command: "ruby", install: "apt-get install -y ruby" },
  re2: undefined, // DuckDB, a devDependency (@duckdb/node-api)
  "posix-ere": { command: "grep", install: "apt-get install -y grep (GNU grep)" },
  xsd: { command: "xmllint", install: "apt-get install -y libxml2-utils" },
  // Not an engine: what docs/scale.md's shell examples read check --json's records with.
  jq: { command: "jq", install: "apt-get install -y jq" },
};

/** Whether a command is on the PATH. */
export function hasCommand(command: string): boolean {
  return spawnSync("sh", ["-c", `command -v ${command}`], { encoding: "utf8" }).status === 0;
}

const HERE = __dirname;

/** A fresh scratch directory, removed by the caller with `fs.rmSync(dir, { recursive: true })`. */
function scratch(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), "rfc2396-regex-"));
}

/** UTF-16 code units in hex, four digits each: exact for every JavaScript string. */
function utf16Hex(s: string): string {
  let out = "";
  for (let i = 0; i < s.length; i++) out += s.charCodeAt(i).toString(16).padStart(4, "0");
  return out;
}

function run(command: string, args: string[], input?: string): string {
  const r = spawnSync(command, args, { encoding: "utf8", input, maxBuffer: 1 << 30 });
  if (r.error) throw r.error;
  if (r.status !== 0 && !(command === "grep" && r.status === 1) && !(command === "xmllint")) {
    throw new Error(`${command} ${args.join(" ")} exited with ${String(r.status)}: ${r.stderr}`);
  }
  return r.stdout + (command === "xmllint" ? r.stderr : "");
}

/** Index of each rule in a fixed order, and the patterns in that order. */
function indexed(patterns: Readonly<Record<string, string>>): { order: Map<string, number>; list: string[] } {
  const list = Object.keys(patterns);
  return { order: new Map(list.map((r, i) => [r, i])), list: list.map((r) => patterns[r] as string) };
}

function ruleIndex(order: Map<string, number>, rule: string): number {
  const i = order.get(rule);
  if (i === undefined) throw new Error(`no pattern for rule ${rule}`);
  return i;
}

/** Python's re and java.util.regex: the same two files, a program that prints a verdict a case. */
function runLineProgram(
  command: string,
  program: string[],
  patterns: Readonly<Record<string, string>>,
  cases: readonly Case[],
  options: string[] = [],
): Verdict[] {
  const dir = scratch();
  try {
    const { order, list } = indexed(patterns);
    fs.writeFileSync(path.join(dir, "patterns.txt"), list.join("\n") + "\n");
    fs.writeFileSync(
      path.join(dir, "cases.txt"),
      cases.map((c) => `${ruleIndex(order, c.rule)}\t${utf16Hex(c.input)}`).join("\n") + "\n",
    );
    const out = run(command, [
      ...program,
      path.join(dir, "patterns.txt"),
      path.join(dir, "cases.txt"),
      ...options,
    ]).trim();
    if (out.length !== cases.length) throw new Error(`${command}: ${out.length} verdicts for ${cases.length} cases`);
    return [...out].map((v) => (v === "1" ? true : v === "0" ? false : "error"));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Python's re: re.search, or with `fullmatch` re.fullmatch. */
export function runPython(
  patterns: Readonly<Record<string, string>>,
  cases: readonly Case[],
  fullmatch = false,
): Verdict[] {
  return runLineProgram("python3", [path.join(HERE, "check.py")], patterns, cases, fullmatch ? ["--fullmatch"] : []);
}

export function runJava(patterns: Readonly<Record<string, string>>, cases: readonly Case[]): Verdict[] {
  return runLineProgram("java", [path.join(HERE, "Check.java")], patterns, cases);
}

export function runRuby(patterns: Readonly<Record<string, string>>, cases: readonly Case[]): Verdict[] {
  return runLineProgram("ruby", [path.join(HERE, "check.rb")], patterns, cases);
}

/** V8, in this process: `new RegExp(p)` (and, with `flags`, `new RegExp(p, flags)`). */
export function runV8(patterns: Readonly<Record<string, string>>, cases: readonly Case[], flags = ""): Verdict[] {
  const compiled = new Map(Object.entries(patterns).map(([rule, p]) => [rule, new RegExp(p, flags)]));
  return cases.map((c) => {
    const re = compiled.get(c.rule);
    if (re === undefined) throw new Error(`no pattern for rule ${c.rule}`);
    try {
      return re.test(c.input);
    } catch {
      return "error";
    }
  });
}

/**
 * PCRE2 through pcre2test (from pcre2-utils, which also ships pcre2grep): one input file with
 * every pattern followed by its subjects, each subject written byte by byte as \xhh (UTF-8),
 * so that any string, the empty one included ("\" alone), is exact.
 */
export function runPcre2(patterns: Readonly<Record<string, string>>, cases: readonly Case[]): Verdict[] {
  const dir = scratch();
  try {
    const byRule = new Map<string, number[]>();
    cases.forEach((c, i) => {
      const list = byRule.get(c.rule) ?? [];
      list.push(i);
      byRule.set(c.rule, list);
    });
    const lines: string[] = [];
    const order: number[] = [];
    for (const [rule, indices] of byRule) {
      const p = patterns[rule];
      if (p === undefined) throw new Error(`no pattern for rule ${rule}`);
      lines.push(`"${p.replace(/"/g, '\\"')}"`);
      for (const i of indices) {
        const bytes = Buffer.from((cases[i] as Case).input, "utf8");
        lines.push("\\" + [...bytes].map((b) => `x${b.toString(16).padStart(2, "0")}`).join("\\"));
        order.push(i);
      }
      lines.push("");
    }
    fs.writeFileSync(path.join(dir, "input.pcre"), lines.join("\n"));
    const out = run("pcre2test", ["-q", path.join(dir, "input.pcre")]);
    const verdicts: Verdict[] = [];
    for (const line of out.split("\n")) {
      if (line.startsWith(" 0:")) verdicts.push(true);
      else if (line.startsWith("No match")) verdicts.push(false);
      else if (line.startsWith("Failed") || line.startsWith("Error")) verdicts.push("error");
    }
    if (verdicts.length !== order.length) throw new Error(`pcre2test: ${verdicts.length} verdicts for ${order.length}`);
    const result: Verdict[] = new Array(cases.length);
    order.forEach((caseIndex, k) => (result[caseIndex] = verdicts[k] as Verdict));
    return result;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * POSIX ERE through GNU grep -E in the C locale, one run for every rule: records are
 * NUL-separated (grep -z, so that a newline is an ordinary character), each "INDEX<TAB>TEXT",
 * and the pattern list (grep -f) holds, for each rule, "^INDEX<TAB>(BODY)$" where BODY is the
 * exported pattern without its own ^ and $ (checked to be there).
 */
export function runGrep(patterns: Readonly<Record<string, string>>, cases: readonly Case[]): Verdict[] {
  const dir = scratch();
  try {
    const { order, list } = indexed(patterns);
    const lines = list.map((p, i) => {
      if (!p.startsWith("^") || !p.endsWith("$")) throw new Error(`a posix-ere pattern without ^...$: ${p}`);
      return `^${i}\t(${p.slice(1, -1)})$`;
    });
    fs.writeFileSync(path.join(dir, "patterns.txt"), lines.join("\n") + "\n");
    const records = cases.map((c) => {
      if (c.input.includes("\0")) throw new Error("grep -z cannot take a NUL");
      return `${ruleIndex(order, c.rule)}\t${c.input}\0`;
    });
    fs.writeFileSync(path.join(dir, "cases.bin"), records.join(""));
    const r = spawnSync(
      "grep",
      ["-a", "-z", "-n", "-E", "-f", path.join(dir, "patterns.txt"), path.join(dir, "cases.bin")],
      {
        encoding: "buffer",
        env: { ...process.env, LC_ALL: "C" },
        maxBuffer: 1 << 30,
      },
    );
    if (r.status !== 0 && r.status !== 1) throw new Error(`grep exited with ${String(r.status)}: ${String(r.stderr)}`);
    const matched = new Set<number>();
    for (const record of r.stdout.toString("latin1").split("\0")) {
      const m = /^(\d+):/.exec(record);
      if (m) matched.add(Number(m[1]) - 1);
    }
    return cases.map((_, i) => matched.has(i));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function xmlText(s: string): string {
  return s.replace(/[&<>\t\n\r]/g, (c) => `&#${c.charCodeAt(0)};`);
}

function xmlAttr(s: string): string {
  return s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * XML Schema 1.0 through xmllint --schema: one schema with an element type per rule (a
 * restriction of xs:string by the rule's pattern), one instance with a case a line, and
 * xmllint's error messages mapped back by line number.
 */
export function runXsd(patterns: Readonly<Record<string, string>>, cases: readonly Case[]): Verdict[] {
  const dir = scratch();
  try {
    const { order, list } = indexed(patterns);
    const schema = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">',
      '  <xs:element name="cases"><xs:complexType><xs:choice minOccurs="0" maxOccurs="unbounded">',
      ...list.map((_, i) => `    <xs:element name="r${i}" type="t${i}"/>`),
      "  </xs:choice></xs:complexType></xs:element>",
      ...list.map(
        (p, i) =>
          `  <xs:simpleType name="t${i}"><xs:restriction base="xs:string"><xs:pattern value="${xmlAttr(p)}"/></xs:restriction></xs:simpleType>`,
      ),
      "</xs:schema>",
      "",
    ];
    fs.writeFileSync(path.join(dir, "schema.xsd"), schema.join("\n"));
    // Line 1 the declaration, line 2 <cases>, case k on line k + 3.
    const doc = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      "<cases>",
      ...cases.map((c) => `<r${ruleIndex(order, c.rule)}>${xmlText(c.input)}</r${ruleIndex(order, c.rule)}>`),
      "</cases>",
      "",
    ];
    fs.writeFileSync(path.join(dir, "cases.xml"), doc.join("\n"));
    // --stream: the same validation through the streaming reader, which reports errors far
    // faster than the tree validator does (seconds rather than a minute for this batch).
    const out = run("xmllint", [
      "--stream",
      "--noout",
      "--schema",
      path.join(dir, "schema.xsd"),
      path.join(dir, "cases.xml"),
    ]);
    // An internal error (libxml2's matcher giving up) ends the validation: what follows would read as valid.
    if (/failed to compile|WXS schema .* failed|parser error|internal error/.test(out))
      throw new Error(`xmllint: ${out.slice(-2000)}`);
    const rejected = new Set<number>();
    for (const m of out.matchAll(/cases\.xml:(\d+): (?:element r\d+: )?Schemas validity error/g))
      rejected.add(Number(m[1]) - 3);
    return cases.map((_, i) => !rejected.has(i));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** RE2 inside DuckDB (in-process): one table of cases, one query per rule with its pattern as a literal. */
export async function runDuckDb(
  patterns: Readonly<Record<string, string>>,
  cases: readonly Case[],
): Promise<Verdict[]> {
  const { DuckDBInstance } = await import("@duckdb/node-api");
  const instance = await DuckDBInstance.create(":memory:");
  const con = await instance.connect();
  try {
    await con.run("CREATE TABLE cases (i INTEGER, rule VARCHAR, s VARCHAR)");
    const appender = await con.createAppender("cases");
    cases.forEach((c, i) => {
      appender.appendInteger(i);
      appender.appendVarchar(c.rule);
      appender.appendVarchar(c.input);
      appender.endRow();
    });
    appender.closeSync();
    const result: Verdict[] = new Array(cases.length);
    for (const [rule, p] of Object.entries(patterns)) {
      const sql = `SELECT i, regexp_matches(s, '${p.replace(/'/g, "''")}') AS m FROM cases WHERE rule = '${rule}'`;
      const reader = await con.runAndReadAll(sql);
      for (const [i, m] of reader.getRows()) result[Number(i)] = m === true;
    }
    return result;
  } finally {
    con.closeSync();
    instance.closeSync();
  }
}

/**
 * PostgreSQL's `~` (its own regex engine, Henry Spencer's AREs), which takes the posix-ere
 * patterns: PGlite, the PostgreSQL server compiled to WebAssembly (a devDependency), run by
 * test/regex/postgres.js in a process of its own. One table of cases, one query per rule.
 */
export function runPostgres(patterns: Readonly<Record<string, string>>, cases: readonly Case[]): Verdict[] {
  const dir = scratch();
  try {
    const input = path.join(dir, "input.json");
    fs.writeFileSync(input, JSON.stringify({ patterns, cases: cases.map((c) => [c.rule, c.input]) }));
    const out = JSON.parse(run(process.execPath, [path.join(HERE, "postgres.js"), "cases", input])) as unknown[];
    if (out.length !== cases.length) throw new Error(`postgres.js: ${out.length} verdicts for ${cases.length} cases`);
    return out.map((v) => (v === true ? true : v === false ? false : "error"));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Whether the flavor's test harness can put the string to the engine at all. */
export function represents(flavor: string, s: string): boolean {
  if (flavor === "posix-ere") return !s.includes("\0");
  // PostgreSQL's text holds no NUL, and is UTF-8: no lone surrogate.
  if (flavor === "postgresql") return !s.includes("\0") && represents("ruby", s);
  // A Ruby program's strings are UTF-8: no lone surrogate.
  if (flavor === "ruby") return !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(s);
  // XML 1.0 characters only (tab, LF and CR are written as character references).
  if (flavor === "xsd") {
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) return false;
      if (c === 0xfffe || c === 0xffff) return false;
      if (c >= 0xd800 && c <= 0xdbff) {
        const next = s.charCodeAt(i + 1);
        if (!(next >= 0xdc00 && next <= 0xdfff)) return false;
        i++;
      } else if (c >= 0xdc00 && c <= 0xdfff) return false;
    }
  }
  return true;
}

/** The runner of each flavor. */
export const RUNNERS: Readonly<
  Record<string, (patterns: Readonly<Record<string, string>>, cases: readonly Case[]) => Verdict[] | Promise<Verdict[]>>
> = {
  ecmascript: runV8,
  python: runPython,
  java: runJava,
  pcre2: runPcre2,
  ruby: runRuby,
  re2: runDuckDb,
  "posix-ere": runGrep,
  xsd: runXsd,
};

// Every example of README.md and docs/**/*.md runs, and gives what the text
// says it gives. The conventions, which docs/index.md states for readers:
//
// - ```sh (or console, shell, bash) blocks: lines starting with "$ " are
//   commands, each followed by its expected output (stdout and stderr, as a
//   terminal would interleave them). They run in one bash per block, from
//   the repository root, with `rfc2396` standing for node dist/cli/main.js
//   and colour off. A line "..." in an expected output stands for any lines.
// - ```js and ```ts blocks run, each on its own, with every export of the
//   package in scope (as after `import { ... } from "rfc2396"`; blocks may
//   import too). A statement followed by a comment `// → VALUE` is checked:
//   VALUE is a JavaScript expression, deep-equal to the statement's value
//   (a `; ` after it starts prose), or `throws Name`, `throws Name { props }`
//   and `throws Name: message` (a message ending in "..." is a prefix).
//   What the block prints with console.log is compared with an ```output
//   block right after it.
// - Every other block says it does not run by its info string: text, json, yaml,
//   peggy, abnf, html, output. A block with none, or a runnable block with
//   nothing to compare, fails.
//
// docs/readings.md (its own test covers it), docs/regex/ and docs/scale.md (likewise), and
// docs/eslint.md (test/eslint-plugin.test.ts runs its files and commands in a project of its
// own) are left out, by path; docs/api/ and docs/railroad/ are generated HTML.
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import { createRequire } from "node:module";
import * as os from "node:os";
import * as path from "node:path";
import { format, inspect, isDeepStrictEqual } from "node:util";
import * as ts from "typescript";

const ROOT = path.join(__dirname, "..");
const SKIP = ["docs/readings.md", "docs/regex/", "docs/scale.md", "docs/eslint.md", "docs/api/", "docs/railroad/"];

const RUNNABLE_SH = new Set(["sh", "console", "shell", "bash"]);
const RUNNABLE_JS = new Set(["js", "javascript", "ts", "typescript"]);
const INERT = new Set(["text", "json", "jsonl", "yaml", "peggy", "abnf", "html", "output", "java"]);

// ---------------------------------------------------------------------------
// Reading the Markdown

export interface Block {
  info: string;
  /** 1-based line of the opening fence. */
  line: number;
  body: string;
}

/** The fenced code blocks of a Markdown text, in order. */
export function blocksOf(markdown: string): Block[] {
  const lines = markdown.split("\n");
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)(`{3,}|~{3,})(.*)$/.exec(lines[i]);
    if (open === null) continue;
    const [, indent, fence, info] = open;
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length; j++) {
      const l = lines[j].slice(0, indent.length) === indent ? lines[j].slice(indent.length) : lines[j];
      if (l.startsWith(fence) && l.slice(fence.length).trim() === "") break;
      body.push(l);
    }
    blocks.push({ info: info.trim().split(/\s+/)[0] ?? "", line: i + 1, body: body.join("\n") });
    i = j;
  }
  return blocks;
}

// ---------------------------------------------------------------------------
// Shell blocks

interface Command {
  command: string;
  expected: string[];
  line: number;
}

function commandsOf(block: Block): Command[] {
  const commands: Command[] = [];
  block.body.split("\n").forEach((l, k) => {
    if (l.startsWith("$ ")) commands.push({ command: l.slice(2), expected: [], line: block.line + 1 + k });
    else if (commands.length > 0) commands[commands.length - 1].expected.push(l);
    else if (l.trim() !== "") throw new Error(`line ${block.line + 1 + k}: output before any "$ " command`);
  });
  return commands;
}

let binDir: string | undefined;

/** A directory holding `rfc2396`, a script that runs the built command line. */
function rfc2396Bin(): string {
  if (binDir !== undefined) return binDir;
  binDir = fs.mkdtempSync(path.join(os.tmpdir(), "rfc2396-docs-"));
  const script = path.join(binDir, "rfc2396");
  fs.writeFileSync(
    script,
    `#!/bin/sh\nexec "${process.execPath}" "${path.join(ROOT, "dist", "cli", "main.js")}" "$@"\n`,
  );
  fs.chmodSync(script, 0o755);
  return binDir;
}

/** Whether `actual` is `expected`, where a line "..." of `expected` stands for any lines. */
export function outputMatches(actual: string, expected: string[]): boolean {
  const trimmed = [...expected];
  while (trimmed.length > 0 && trimmed[trimmed.length - 1].trim() === "") trimmed.pop();
  const pattern = trimmed
    .map((l) => (l === "..." ? "(?:[^\\n]*\\n)*?" : l.trimEnd().replace(/[.*+?^${}()|[\]\\]/g, "\\$&") + "\\n"))
    .join("");
  const lines = actual.split("\n").map((l) => l.trimEnd());
  while (lines.length > 0 && lines[lines.length - 1] === "") lines.pop();
  return new RegExp(`^${pattern}$`).test(lines.map((l) => l + "\n").join(""));
}

/** Runs the commands of a block in one bash; returns one message per command whose output differs. */
export function runShell(block: Block): string[] {
  let commands: Command[];
  try {
    commands = commandsOf(block);
  } catch (e) {
    return [(e as Error).message];
  }
  if (commands.length === 0) return [`line ${block.line}: a ${block.info} block with no "$ " command`];
  const marker = (k: number) => `@@rfc2396-docs-${k}@@`;
  const script = commands
    .map((c, k) => `__status=$?\nprintf '%s\\n' '${marker(k)}'\n(exit $__status)\n{ ${c.command}\n} 2>&1`)
    .join("\n");
  const env: NodeJS.ProcessEnv = { ...process.env, PATH: `${rfc2396Bin()}:${process.env.PATH}` };
  delete env.FORCE_COLOR;
  delete env.NO_COLOR;
  const r = spawnSync("bash", ["-c", script], { cwd: ROOT, env, encoding: "utf8", input: "", timeout: 60_000 });
  if (r.error) return [`line ${block.line}: bash failed: ${r.error.message}`];
  const outputs = r.stdout.split(/@@rfc2396-docs-\d+@@\n/).slice(1);
  const problems: string[] = [];
  commands.forEach((c, k) => {
    const actual = outputs[k] ?? "";
    if (!outputMatches(actual, c.expected))
      problems.push(
        `line ${c.line}: $ ${c.command}\n--- expected\n${c.expected.join("\n").trimEnd()}\n--- actual\n${actual.trimEnd()}`,
      );
  });
  return problems;
}

// ---------------------------------------------------------------------------
// JavaScript and TypeScript blocks

type Expectation =
  { kind: "value"; expr: string } | { kind: "throws"; name: string; props?: string; message?: string; prefix: boolean };

interface Check {
  id: number;
  line: number;
  text: string;
  expectation: Expectation;
}

/** The brackets still open after `text`: strings, template literals and comments skipped. */
function depthAndEnd(text: string): { depth: number; end: number } {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "'" || c === '"' || c === "`") {
      for (i++; i < text.length && text[i] !== c; i++) if (text[i] === "\\") i++;
    } else if ("([{".includes(c)) depth++;
    else if (")]}".includes(c)) depth--;
    else if (c === ";" && depth === 0) return { depth, end: i };
  }
  return { depth, end: text.length };
}

const RESULT = /^\/\/\s*(?:→|=>)\s?/;

/** Reads the expectation of a result comment (its lines already joined). */
function expectationOf(text: string): Expectation {
  const body = text.replace(RESULT, "").trim();
  const thrown = /^throws\s+([\w$]+)\s*(\{[^}]*\})?\s*(?::\s*([\s\S]*))?$/.exec(body);
  if (thrown !== null) {
    const [, name, props, message] = thrown;
    const prefix = message !== undefined && message.endsWith("...");
    return { kind: "throws", name, props, message: prefix ? message.slice(0, -3).trimEnd() : message, prefix };
  }
  if (/^throws\b/.test(body)) throw new Error(`cannot read the expected error in "${text}"`);
  return { kind: "value", expr: body.slice(0, depthAndEnd(body).end).trim() };
}

/**
 * Compiles a block into a function body that runs its statements and checks
 * each result comment, with the comments found by the TypeScript parser
 * (so that `//` inside strings is no comment).
 */
export function compileScript(block: Block): { code: string; checks: Check[]; orphans: number[] } {
  const source = block.body;
  const file = ts.createSourceFile("block.ts", source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const lineOf = (pos: number) => block.line + 1 + file.getLineAndCharacterOfPosition(pos).line;
  const checks: Check[] = [];
  const used = new Set<number>();
  const edits: { at: number; end: number; text: string }[] = [];
  const statements = file.statements;
  statements.forEach((stmt, k) => {
    const next = k + 1 < statements.length ? statements[k + 1].getStart(file) : source.length;
    // The line comments between this statement and the next.
    const comments: { pos: number; end: number; text: string }[] = [];
    const scanner = ts.createScanner(ts.ScriptTarget.Latest, false, ts.LanguageVariant.Standard, source);
    scanner.setTextPos(stmt.end);
    for (
      let t = scanner.scan();
      t !== ts.SyntaxKind.EndOfFileToken && scanner.getTokenStart() < next;
      t = scanner.scan()
    ) {
      if (t === ts.SyntaxKind.SingleLineCommentTrivia)
        comments.push({ pos: scanner.getTokenStart(), end: scanner.getTokenEnd(), text: scanner.getTokenText() });
      else if (t !== ts.SyntaxKind.NewLineTrivia && t !== ts.SyntaxKind.WhitespaceTrivia) break;
    }
    const first = comments.findIndex((c) => RESULT.test(c.text));
    if (first < 0) return;
    let text = comments[first].text;
    used.add(comments[first].pos);
    const isThrows = /^throws\b/.test(text.replace(RESULT, ""));
    for (let c = first + 1; c < comments.length; c++) {
      const more = comments[c].text;
      if (RESULT.test(more)) break;
      const open = !isThrows && depthAndEnd(text.replace(RESULT, "")).depth > 0;
      const continued = isThrows && /^\/\/ {3,}/.test(more);
      if (!open && !continued) break;
      text += (isThrows ? " " : "\n") + more.replace(/^\/\/ ?/, "").trim();
      used.add(comments[c].pos);
    }
    const id = checks.length;
    checks.push({ id, line: lineOf(comments[first].pos), text, expectation: expectationOf(text) });
    let actual: string;
    if (ts.isExpressionStatement(stmt)) {
      actual = stmt.expression.getText(file);
    } else if (ts.isVariableStatement(stmt)) {
      const decls = stmt.declarationList.declarations;
      const last = decls[decls.length - 1].name;
      if (!ts.isIdentifier(last)) throw new Error(`line ${lineOf(stmt.pos)}: a result comment after a destructuring`);
      actual = last.text;
    } else {
      throw new Error(`line ${lineOf(stmt.getStart(file))}: a result comment after a statement that has no value`);
    }
    const e = checks[id].expectation;
    const call =
      e.kind === "value"
        ? `__value(${id}, () => (${actual}), () => (${e.expr}));`
        : `__throws(${id}, () => (${actual}), ${e.props === undefined ? "undefined" : `() => (${e.props})`});`;
    if (ts.isExpressionStatement(stmt)) edits.push({ at: stmt.getStart(file), end: stmt.end, text: call });
    else edits.push({ at: stmt.end, end: stmt.end, text: "\n" + call });
  });
  // Result comments that follow no statement they could check.
  // Every comment is trivia before or after some token of the tree.
  const comments = new Map<number, string>();
  const visit = (node: ts.Node): void => {
    for (const ranges of [ts.getLeadingCommentRanges(source, node.pos), ts.getTrailingCommentRanges(source, node.end)])
      for (const r of ranges ?? []) comments.set(r.pos, source.slice(r.pos, r.end));
    for (const child of node.getChildren(file)) visit(child);
  };
  visit(file);
  const orphans = [...comments]
    .filter(([pos, text]) => RESULT.test(text) && !used.has(pos))
    .map(([pos]) => lineOf(pos))
    .sort((a, b) => a - b);
  let edited = source;
  for (const e of edits.sort((a, b) => b.at - a.at || b.end - a.end))
    edited = edited.slice(0, e.at) + e.text + edited.slice(e.end);
  const js = ts.transpileModule(edited, {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true },
  }).outputText;
  return { code: js, checks, orphans };
}

const core = createRequire(path.join(ROOT, "package.json"))(path.join(ROOT, "dist", "index.js")) as Record<
  string,
  unknown
>;
const html = createRequire(path.join(ROOT, "package.json"))(path.join(ROOT, "dist", "html", "index.js")) as Record<
  string,
  unknown
>;
/** What a block has in scope: the exports of rfc2396 and of rfc2396/html. */
const lib = { ...core, ...html };
const requireFromRoot = createRequire(path.join(ROOT, "package.json"));

/** Runs a js/ts block; returns the mismatches, and what it printed. */
export function runScript(block: Block): { problems: string[]; printed: string; checks: number } {
  let compiled: ReturnType<typeof compileScript>;
  try {
    compiled = compileScript(block);
  } catch (e) {
    return { problems: [`line ${block.line}: ${(e as Error).message}`], printed: "", checks: 0 };
  }
  const { code, checks, orphans } = compiled;
  const problems = orphans.map((l) => `line ${l}: a result comment that follows no statement with a value`);
  let printed = "";
  const fakeConsole = { ...console, log: (...args: unknown[]) => void (printed += format(...args) + "\n") };
  const show = (v: unknown) => inspect(v, { depth: 8, breakLength: 100 });
  const __value = (id: number, actual: () => unknown, expected: () => unknown): void => {
    const c = checks[id];
    let a: unknown;
    try {
      a = actual();
    } catch (e) {
      problems.push(`line ${c.line}: ${c.text}\n  threw ${(e as Error).name}: ${(e as Error).message}`);
      return;
    }
    const x = expected();
    if (!isDeepStrictEqual(a, x))
      problems.push(`line ${c.line}: ${c.text}\n  actual:   ${show(a)}\n  expected: ${show(x)}`);
  };
  const __throws = (id: number, actual: () => unknown, props: (() => Record<string, unknown>) | undefined): void => {
    const c = checks[id];
    const e = c.expectation as Extract<Expectation, { kind: "throws" }>;
    let value: unknown;
    try {
      value = actual();
    } catch (thrown) {
      const err = thrown as Error & Record<string, unknown>;
      const wrong: string[] = [];
      if (err.name !== e.name) wrong.push(`name ${err.name}`);
      if (props !== undefined)
        for (const [k, v] of Object.entries(props()))
          if (!isDeepStrictEqual(err[k], v)) wrong.push(`${k} ${show(err[k])}`);
      if (e.message !== undefined && !(e.prefix ? err.message.startsWith(e.message) : err.message === e.message))
        wrong.push(`message ${JSON.stringify(err.message)}`);
      if (wrong.length > 0) problems.push(`line ${c.line}: ${c.text}\n  but the error has ${wrong.join(", ")}`);
      return;
    }
    problems.push(`line ${c.line}: ${c.text}\n  but it returned ${show(value)}`);
  };
  const req = (id: string): unknown => (id === "rfc2396" ? core : id === "rfc2396/html" ? html : requireFromRoot(id));
  const names = Object.keys(lib);
  const run = new Function("require", "exports", "console", "__value", "__throws", ...names, `{\n${code}\n}`);
  try {
    run(req, {}, fakeConsole, __value, __throws, ...names.map((n) => lib[n]));
  } catch (e) {
    problems.push(`line ${block.line}: the block threw ${(e as Error).stack ?? String(e)}`);
  }
  return { problems, printed, checks: checks.length };
}

// ---------------------------------------------------------------------------
// A document

interface Outcome {
  /** Commands, result comments and printed outputs compared. */
  examples: number;
  problems: string[];
}

export function runDocument(markdown: string): Outcome {
  const blocks = blocksOf(markdown);
  const problems: string[] = [];
  let examples = 0;
  blocks.forEach((block, k) => {
    const next = blocks[k + 1];
    if (RUNNABLE_SH.has(block.info)) {
      const found = runShell(block);
      problems.push(...found);
      if (found.length === 0) examples += commandsOf(block).length;
    } else if (RUNNABLE_JS.has(block.info)) {
      const r = runScript(block);
      problems.push(...r.problems);
      examples += r.checks;
      const output = next?.info === "output" ? next : undefined;
      if (output !== undefined) {
        examples++;
        if (r.printed.trimEnd() !== output.body.trimEnd())
          problems.push(
            `line ${output.line}: the output of the block at line ${block.line}\n--- expected\n${output.body.trimEnd()}\n--- actual\n${r.printed.trimEnd()}`,
          );
      } else if (r.printed !== "") {
        problems.push(`line ${block.line}: the block prints, but no \`\`\`output block follows it`);
      }
      if (r.checks === 0 && output === undefined)
        problems.push(`line ${block.line}: a ${block.info} block with nothing to compare (no "// →", no output block)`);
    } else if (block.info === "output") {
      const previous = blocks[k - 1];
      if (previous === undefined || !RUNNABLE_JS.has(previous.info))
        problems.push(`line ${block.line}: an output block that follows no js or ts block`);
    } else if (!INERT.has(block.info)) {
      problems.push(
        `line ${block.line}: a block marked '${block.info}': mark it sh, js or ts to run it, or text (or json, peggy, abnf, html) not to`,
      );
    }
  });
  return { examples, problems };
}

function documents(): string[] {
  const found: string[] = ["README.md"];
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      const rel = `${dir}/${entry.name}`;
      if (SKIP.some((s) => rel === s || rel.startsWith(s))) continue;
      if (entry.isDirectory()) walk(rel);
      else if (entry.name.endsWith(".md")) found.push(rel);
    }
  };
  if (fs.existsSync(path.join(ROOT, "docs"))) walk("docs");
  return found.sort();
}

// ---------------------------------------------------------------------------
// Links

/** The anchors GitHub makes for a document's headings (lower case, punctuation dropped, spaces as -). */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let inFence = false;
  for (const line of markdown.split("\n")) {
    if (/^\s*(`{3,}|~{3,})/.test(line)) inFence = !inFence;
    const h = inFence ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (h === null) continue;
    const text = h[1].replace(/\[([^\]]*)\]\([^)]*\)/g, "$1").replace(/[`*_]/g, (c) => (c === "_" ? "_" : ""));
    const slug = text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\p{M}\- _]/gu, "")
      .replace(/ /g, "-");
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    anchors.add(n === 0 ? slug : `${slug}-${n}`);
  }
  return anchors;
}

/** Pages that others write, linked before they land; their links are checked once they exist. */
const PENDING = ["docs/readings.md", "docs/architecture.md"];
/** Generated pages, checked when they have been built (npm test builds them first). */
const GENERATED = ["docs/api/", "docs/railroad/"];

/** The relative links of a document whose target file or heading does not exist. */
export function brokenLinks(doc: string, markdown: string): string[] {
  const broken: string[] = [];
  const withoutCode = markdown
    .replace(/^(\s*)(`{3,}|~{3,})[^\n]*\n[\s\S]*?\n\1\2[ \t]*$/gm, "")
    .replace(/`[^`\n]*`/g, "");
  for (const m of withoutCode.matchAll(/\]\(([^)\s]+)\)/g)) {
    const href = m[1];
    if (/^[a-z][a-z0-9+.-]*:/i.test(href)) continue; // https:, mailto:
    const [file, anchor] = href.split("#");
    const target = file === "" ? doc : path.posix.normalize(path.posix.join(path.posix.dirname(doc), file));
    if (PENDING.includes(target) && !fs.existsSync(path.join(ROOT, target))) continue;
    const generated = GENERATED.find((g) => target.startsWith(g));
    if (generated !== undefined && !fs.existsSync(path.join(ROOT, generated))) continue;
    if (!fs.existsSync(path.join(ROOT, target))) {
      broken.push(`${href}: no file ${target}`);
      continue;
    }
    if (anchor !== undefined && target.endsWith(".md")) {
      const anchors = anchorsOf(fs.readFileSync(path.join(ROOT, target), "utf8"));
      if (!anchors.has(anchor)) broken.push(`${href}: no heading #${anchor} in ${target}`);
    }
  }
  return broken;
}

// ---------------------------------------------------------------------------

const DOCS = documents();
let total = 0;

describe("every example of the README and docs/ runs and gives what it shows", () => {
  test.each(DOCS)("%s", (doc) => {
    const outcome = runDocument(fs.readFileSync(path.join(ROOT, doc), "utf8"));
    total += outcome.examples;
    expect(outcome.problems.join("\n\n")).toBe("");
    // Every example-free page is fine, but the README's tour must be checked.
    if (doc === "README.md") expect(outcome.examples).toBeGreaterThan(10);
  });

  test.each(DOCS)("the links of %s lead to files and headings that exist", (doc) => {
    expect(brokenLinks(doc, fs.readFileSync(path.join(ROOT, doc), "utf8"))).toEqual([]);
  });

  test("the table of codes in docs/diagnostics.md is the one scripts/codes-table.js prints", () => {
    const table = spawnSync(process.execPath, [path.join(ROOT, "scripts", "codes-table.js")], { encoding: "utf8" });
    expect(table.status).toBe(0);
    expect(fs.readFileSync(path.join(ROOT, "docs", "diagnostics.md"), "utf8")).toContain(table.stdout.trim());
  });

  afterAll(() => {
    if (total > 0) process.stdout.write(`docs-examples: ${total} examples compared in ${DOCS.length} documents\n`);
  });
});

describe("the checker itself catches what is wrong", () => {
  const doc = (...lines: string[]) => lines.join("\n");

  test("a wrong output of a command", () => {
    const right = runDocument(doc("```sh", "$ rfc2396 check http://a/b", "1 valid, 0 invalid", "```"));
    expect(right).toEqual({ examples: 1, problems: [] });
    const wrong = runDocument(doc("```sh", "$ rfc2396 check http://a/b", "0 valid, 1 invalid", "```"));
    expect(wrong.problems).toHaveLength(1);
    expect(wrong.problems[0]).toContain("--- actual\n1 valid, 0 invalid");
  });

  test("the exit status through echo $?, stderr, and ... for any lines", () => {
    const r = runDocument(
      doc(
        "```sh",
        "$ rfc2396 check 'a b' http://a/",
        "a b",
        "...",
        "1 valid, 1 invalid",
        "$ echo $?",
        "1",
        "$ rfc2396 chek",
        "rfc2396: unknown command 'chek'; did you mean 'check'?",
        "Try 'rfc2396 --help' for more information.",
        "```",
      ),
    );
    expect(r).toEqual({ examples: 3, problems: [] });
    expect(runDocument(doc("```sh", "$ rfc2396 check 'a b'", "...", "$ echo $?", "0", "```")).problems).toHaveLength(1);
  });

  test("a wrong value, a wrong error, a wrong printed output", () => {
    const right = runDocument(
      doc(
        "```js",
        'resolve("http://a/b/c/d;p?q", "../g"); // → "http://a/b/g"; prose after the semicolon',
        'parse("http://a/b?").query;',
        "// → ''",
        'tryParse("a b").error.code; //=> "space"',
        'parse("a b"); // → throws UriSyntaxError { code: "space", offset: 1 }',
        'parse("a b"); // → throws UriSyntaxError: At offset 1 in the path: a space ...',
        'const v = parse("http://a/").host; // → "a"',
        "parse('http://u@h:1/p');",
        "// → { scheme: 'http', authority: 'u@h:1', userinfo: 'u', host: 'h', port: '1', path: '/p',",
        "//     query: undefined, fragment: undefined, opaque: false, authorityType: 'server',",
        "//     hostType: 'hostname', kind: 'absolute' }",
        'console.log(v, "//", 1);',
        "```",
        "```output",
        "a // 1",
        "```",
      ),
    );
    expect(right).toEqual({ examples: 8, problems: [] });
    for (const wrong of [
      'resolve("http://a/b/c/d;p?q", "../g"); // → "http://a/g"',
      'parse("http://a/b").query; // → ""',
      'parse("a b"); // → throws TypeError',
      'parse("a b"); // → throws UriSyntaxError { code: "ipv6-literal" }',
      'parse("a b"); // → throws UriSyntaxError: At offset 2...',
      'parse("a"); // → throws UriSyntaxError',
      '"x"; // → "x"\n// → "x"',
    ]) {
      expect([wrong, runDocument(doc("```ts", wrong, "```")).problems.length]).toEqual([wrong, 1]);
    }
    const printed = runDocument(doc("```js", "console.log(1 + 1);", "```", "```output", "3", "```"));
    expect(printed.problems).toHaveLength(1);
  });

  test("a runnable block with nothing to compare, and a block not marked", () => {
    expect(runDocument(doc("```js", 'parse("a");', "```")).problems[0]).toContain("nothing to compare");
    expect(runDocument(doc("```sh", "npm test", "```")).problems[0]).toContain('output before any "$ " command');
    expect(runDocument(doc("```", "anything", "```")).problems[0]).toContain("a block marked ''");
    expect(runDocument(doc("```text", "anything", "```"))).toEqual({ examples: 0, problems: [] });
  });
});

// Every example in the --help of rfc2396 and of each command runs (issue 30,
// point 6): the Examples section of each help text is cut into its lines,
// and each line runs in bash, pipes and all, with `rfc2396` standing for
// node dist/cli/main.js, in a directory that holds the files the examples
// name. An example fails on an exit status over 1, on an error of any tool
// in its pipeline (set -o pipefail), and, when it pipes JSON into jq, when
// jq finds nothing, prints null, or reads a field the records do not have.
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

const ROOT = path.join(__dirname, "..");
const BIN = path.join(ROOT, "dist", "cli", "main.js");
const COMMANDS = ["check", "parse", "resolve", "normalize", "extract", "links", "lint", "grammar", "compare"];

/** The help text of `rfc2396 [command] --help`. */
function helpOf(command: string | undefined): string {
  const r = spawnSync(process.execPath, [BIN, ...(command === undefined ? [] : [command]), "--help"], {
    encoding: "utf8",
  });
  expect(r.status).toBe(0);
  return r.stdout;
}

/** The lines of the Examples section of a help text: indented lines, up to the first blank one. */
export function examplesOf(help: string): string[] {
  const at = help.indexOf("\nExamples:\n");
  if (at < 0) return [];
  const lines: string[] = [];
  for (const line of help.slice(at + "\nExamples:\n".length).split("\n")) {
    if (line.trim() === "") break;
    if (!line.startsWith("  ")) throw new Error(`an example line that is not indented: ${line}`);
    lines.push(line.trim());
  }
  return lines;
}

/** The names of the fields a jq filter reads (`.input`, `select(.valid)`), but those of its own making. */
export function jqFields(filter: string): string[] {
  return [...filter.matchAll(/(?<![\w$])\.([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]);
}

/** The names of the fields of `value`, at any depth, into `keys`. */
function keysOf(value: unknown, keys: Set<string>): void {
  if (Array.isArray(value)) for (const v of value) keysOf(v, keys);
  else if (typeof value === "object" && value !== null)
    for (const [k, v] of Object.entries(value)) {
      keys.add(k);
      keysOf(v, keys);
    }
}

/** The jq filter of a pipeline's `jq` stage (its last word, quoted or not). */
function jqFilter(example: string): string | undefined {
  const stage = /\|\s*jq\s+(?:-\w+\s+)*('([^']*)'|(\S+))\s*$/.exec(example);
  return stage === null ? undefined : (stage[2] ?? stage[3]);
}

let dir: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "rfc2396-help-"));
  // The files the examples name. uris.txt has a line that is not UTF-8 and one with a NUL, as real lists do.
  fs.writeFileSync(
    path.join(dir, "uris.txt"),
    Buffer.concat([
      fs.readFileSync(path.join(ROOT, "examples", "uris.txt")),
      Buffer.from("http://a/\xff\nhttp://a/\x00\n", "latin1"),
    ]),
  );
  fs.copyFileSync(path.join(ROOT, "examples", "refs.txt"), path.join(dir, "refs.txt"));
  fs.writeFileSync(path.join(dir, "refs.tsv"), "1\tg\n2\t../x\n3\t#s\n4\tb c\n");
  fs.copyFileSync(path.join(ROOT, "examples", "appendix-e.txt"), path.join(dir, "notes.txt"));
  fs.copyFileSync(path.join(ROOT, "examples", "appendix-e.txt"), path.join(dir, "rfc2396.txt"));
  fs.copyFileSync(path.join(ROOT, "examples", "appendix-d.html"), path.join(dir, "page.html"));
  fs.writeFileSync(path.join(dir, "package.json"), '{"name": "x", "homepage": "http://example.com/a b"}\n');
});

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Runs one example line in bash; curl is a stand-in that prints the local copy of what it is asked for. */
function runExample(example: string): { status: number | null; stdout: string; stderr: string } {
  const script = [
    "set -o pipefail",
    `rfc2396() { ${JSON.stringify(process.execPath)} ${JSON.stringify(BIN)} "$@"; }`,
    'curl() { case "${@: -1}" in *rfc2396.txt) cat rfc2396.txt ;; *) cat page.html ;; esac; }',
    example,
  ].join("\n");
  const r = spawnSync("bash", ["-c", script], {
    cwd: dir,
    encoding: "utf8",
    env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "" },
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe("the examples of every --help", () => {
  test.each([["(main)"], ...COMMANDS.map((c) => [c])])("rfc2396 %s --help: every example runs", (name) => {
    const examples = examplesOf(helpOf(name === "(main)" ? undefined : name));
    expect(examples.length).toBeGreaterThan(0);
    for (const example of examples) {
      expect(example).toMatch(/\brfc2396\b/);
      const r = runExample(example);
      const problems: string[] = [];
      if (r.status === null || r.status > 1) problems.push(`exit status ${r.status}`);
      if (/Try 'rfc2396|internal error|command not found|jq: error|Binary file/.test(r.stderr + r.stdout))
        problems.push(`an error: ${r.stderr.slice(0, 300)}`);
      if (/Binary file/.test(r.stdout)) problems.push("grep took the input for binary");
      const filter = jqFilter(example);
      if (filter !== undefined) {
        if (r.stdout.trim() === "") problems.push("jq printed nothing");
        if (r.stdout.split("\n").includes("null")) problems.push("jq printed null: a field that is not there");
        // Every field the filter reads is a field of a record the command prints.
        const before = runExample(example.replace(/\|\s*jq\b.*$/, ""));
        const keys = new Set<string>();
        for (const l of before.stdout.split("\n")) if (l.startsWith("{")) keysOf(JSON.parse(l), keys);
        for (const field of jqFields(filter)) if (!keys.has(field)) problems.push(`no field "${field}" in the output`);
      }
      expect({ example, problems }).toEqual({ example, problems: [] });
    }
  });
});

describe("the checker itself", () => {
  test("reads a help text's examples, and a jq filter's fields", () => {
    const help = "Usage: x\n\nExamples:\n  rfc2396 a\n  b | rfc2396 c\n\nExit status: 0";
    expect(examplesOf(help)).toEqual(["rfc2396 a", "b | rfc2396 c"]);
    expect(jqFields("select(.ok) | .uri")).toEqual(["ok", "uri"]);
    expect(jqFilter("rfc2396 links --json page.html | jq -r 'select(.ok) | .uri'")).toBe("select(.ok) | .uri");
    expect(jqFilter("rfc2396 extract --json x | jq -r .uri")).toBe(".uri");
  });

  test("fails an example that reads a field the records do not have", () => {
    const r = runExample("rfc2396 extract --json notes.txt | jq -r .uri");
    expect(r.stdout.split("\n")).toContain("null");
    const s = runExample("rfc2396 links --json page.html | jq -r 'select(.ok) | .uri'");
    expect(s.stdout.trim()).toBe("");
  });

  test("the grep recipe reads every line as text (-a)", () => {
    const grammarHelp = helpOf("grammar");
    const recipe = examplesOf(grammarHelp).find((e) => /\bgrep\b/.test(e));
    expect(recipe).toMatch(/\bgrep -a\b/);
    // Without -a, GNU grep takes the list for binary at its line that is not UTF-8.
    const without = runExample(recipe!.replace("grep -a ", "grep "));
    expect(without.stdout + without.stderr).toMatch(/[Bb]inary file/);
    expect(runExample(recipe!).stdout.split("\n")).toContain("http://a/b c");
  });
});

describe("the options every command takes", () => {
  const VERSION = (JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { version: string }).version;
  const cli = (args: string[], env: NodeJS.ProcessEnv = {}) =>
    spawnSync(process.execPath, [BIN, ...args], { encoding: "utf8", input: "", env: { ...process.env, ...env } });

  test.each(COMMANDS)("%s: -V and --version print the version; the help lists -V, --no-color and --", (name) => {
    for (const flag of ["-V", "--version"])
      expect(cli([name, flag])).toMatchObject({ status: 0, stdout: `${VERSION}\n` });
    const help = helpOf(name);
    expect(help).toMatch(/^ {2}-V, --version +print the version$/m);
    expect(help).toMatch(/^ {2}--no-color +no colour/m);
    expect(help).toMatch(/^ {2}-- +the end of the options/m);
  });

  test("rfc2396 -V; the main help lists it and --no-color", () => {
    expect(cli(["-V"])).toMatchObject({ status: 0, stdout: `${VERSION}\n` });
    expect(helpOf(undefined)).toMatch(
      /-V, --version[\s\S]*--no-color[\s\S]*\n {2}-- +\(after the command\) the end of the options/,
    );
  });

  // An invalid input of each command, so that there is colour to turn off.
  test.each([
    ["check", "a b"],
    ["parse", "a b"],
    ["normalize", "a b"],
    ["resolve", "http://a/", "a b"],
  ])("%s --no-color: no colour, even with FORCE_COLOR", (...args) => {
    const coloured = cli(args, { FORCE_COLOR: "1", NO_COLOR: "" });
    expect(coloured.stdout + coloured.stderr).toContain("\u001b[");
    const plain = cli([args[0], "--no-color", ...args.slice(1)], { FORCE_COLOR: "1", NO_COLOR: "" });
    expect(plain.status).toBe(coloured.status);
    expect(plain.stdout + plain.stderr).not.toContain("\u001b[");
  });

  test("-- ends the options: an input that starts with - is checked", () => {
    expect(cli(["check", "-a"]).status).toBe(2);
    expect(cli(["check", "--", "-a"])).toMatchObject({ status: 0, stdout: "1 valid, 0 invalid\n" });
    // After --, even "--json" is an input (a valid relative reference).
    expect(cli(["check", "--", "-a", "--json"])).toMatchObject({ status: 0, stdout: "2 valid, 0 invalid\n" });
    expect(cli(["parse", "--json", "--", "-V"]).stdout).toContain('"input":"-V"');
    expect(cli(["normalize", "--", "-x"]).stdout).toBe("-x\n");
    expect(cli(["resolve", "--", "http://a/b/", "-g"]).stdout).toBe("http://a/b/-g\n");
    expect(cli(["grammar", "--regex", "posix-ere", "--", "port"]).stdout).toBe("^[0-9]*$\n");
  });
});

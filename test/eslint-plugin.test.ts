// rfc2396/eslint as users run it: ESLint's RuleTester over every case of
// test/eslint/cases.mjs, in ESLint 10 (the project's) and ESLint 9 (the
// devDependency eslint-v9), against the built plugin; and the `eslint`
// command of both versions on a small project (test/fixtures/eslint-project:
// JavaScript, JSX, TypeScript, Markdown and JSON) that installs the packed
// package, read through the JSON formatter. Needs `npm run build`.
import { execFileSync, spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

const root = path.join(__dirname, "..");
const ESLINTS = ["eslint", "eslint-v9"] as const;

/** The majors each name installs: the test is about both. */
const MAJOR: Record<(typeof ESLINTS)[number], string> = { eslint: "10", "eslint-v9": "9" };

interface Run {
  eslint: string;
  results: [suite: string, name: string, failure: string | null][];
}

function ruleTester(eslint: string): Run {
  const out = execFileSync(process.execPath, [path.join(root, "test", "eslint", "rule-tester.mjs"), eslint], {
    cwd: root,
    encoding: "utf8",
  });
  return JSON.parse(out) as Run;
}

describe.each(ESLINTS)("RuleTester, %s", (eslint) => {
  const run = ruleTester(eslint);

  test("is the ESLint major it stands for, and runs every case", () => {
    expect(run.eslint.split(".")[0]).toBe(MAJOR[eslint]);
    expect(run.results.length).toBeGreaterThanOrEqual(60);
    expect(new Set(run.results.map(([suite]) => suite))).toEqual(
      new Set(["javascript", "jsx", "typescript", "markdown", "json", "jsonc", "json5"]),
    );
  });

  test.each(run.results)("%s: %s", (_suite, _name, failure) => {
    expect(failure).toBeNull();
  });
});

/** Where `text` is written in `code` right after `prefix` (once): 1-based line and column in UTF-16 units. */
function at(code: string, prefix: string, text: string): { line: number; column: number; endColumn: number } {
  const i = code.indexOf(prefix + text);
  if (i < 0 || code.indexOf(prefix + text, i + 1) >= 0) throw new Error(`${prefix + text}: not once`);
  const lines = code.slice(0, i + prefix.length).split(/\r\n|\r|\n/);
  const column = lines[lines.length - 1].length + 1;
  return { line: lines.length, column, endColumn: column + text.length };
}

const FIXTURE = path.join(root, "test", "fixtures", "eslint-project");

/** What the fixture holds that is wrong: file, code, and the text after which it is written. */
const EXPECTED: [file: string, code: string, prefix: string, text: string][] = [
  ["api.ts", "invalid-escape", "}/", "%"],
  ["api.ts", "ipv6-literal", "//", "[::1]"],
  ["app.js", "space", "/a", " "],
  ["app.js", "unwise-character", "/x", "|"],
  ["app.js", "space", "exa", " "],
  ["app.js", "space", ".com/", "\\u0020"],
  ["app.js", "non-ascii", "\\u0020", "é"],
  ["docs/guide.md", "invalid-escape", "/a", "%"],
  ["docs/guide.md", "space", "img/a", " "],
  ["docs/guide.md", "unwise-character", "/x", "|"],
  ["docs/guide.md", "non-ascii", "com/", "é"],
  ["logo.jsx", "space", "/a", " "],
  ["logo.jsx", "unwise-character", '"x', "|"],
  ["schema.json", "space", "/a", " "],
  ["schema.json", "unwise-character", "com/", "\\u007c"],
  ["schema.json", "second-fragment", "/x", "#"],
];

interface Message {
  ruleId: string;
  messageId: string;
  line: number;
  column: number;
  endColumn: number;
  fix?: { range: [number, number]; text: string };
  suggestions?: { messageId: string; fix: { range: [number, number]; text: string } }[];
}

describe("the eslint command on a small project, with the packed package", () => {
  let dir = "";

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "rfc2396-eslint-"));
    fs.cpSync(FIXTURE, dir, { recursive: true });
    // The package as npm would install it: packed (without running the build again) and unpacked.
    const packed = JSON.parse(
      execFileSync("npm", ["pack", "--json", "--ignore-scripts", "--pack-destination", dir], {
        cwd: root,
        encoding: "utf8",
      }),
    ) as { filename: string }[];
    const into = path.join(dir, "node_modules", "rfc2396");
    fs.mkdirSync(into, { recursive: true });
    execFileSync("tar", ["-xzf", path.join(dir, packed[0].filename), "-C", into, "--strip-components=1"]);
    // The other plugins the configuration imports, and the package's own dependencies, as installed beside it.
    const { dependencies } = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as {
      dependencies: Record<string, string>;
    };
    for (const name of ["@eslint/json", "@eslint/markdown", "typescript-eslint", ...Object.keys(dependencies)]) {
      fs.mkdirSync(path.dirname(path.join(dir, "node_modules", name)), { recursive: true });
      fs.symlinkSync(path.join(root, "node_modules", name), path.join(dir, "node_modules", name), "dir");
    }
  }, 120_000);

  afterAll(() => {
    if (dir !== "") fs.rmSync(dir, { recursive: true, force: true });
  });

  test("require and import of rfc2396/eslint give the one plugin, from the package's own entry", () => {
    const script = [
      "import plugin, { rules, meta } from 'rfc2396/eslint';",
      "import { createRequire } from 'node:module';",
      "const cjs = createRequire(import.meta.url)('rfc2396/eslint');",
      "const rule = plugin.rules['valid-uri'];",
      "console.log(import.meta.resolve('rfc2396/eslint').endsWith('/node_modules/rfc2396/dist/eslint-plugin/index.mjs'));",
      "console.log(plugin === cjs.default, rules === cjs.rules, meta.name, meta.version, meta.version === cjs.meta.version);",
      "console.log(plugin.configs.recommended.plugins.rfc2396 === plugin, JSON.stringify(plugin.configs.recommended.rules));",
      "const codes = Object.keys(cjs.rules['valid-uri'].meta.messages).join();",
      "const expected = [...Object.keys(createRequire(import.meta.url)('rfc2396').DIAGNOSTIC_CODES), 'relative-reference', 'java-net-uri', 'fix', 'java-fix'].join();",
      "console.log(rule.meta.type, rule.meta.hasSuggestions, rule.meta.fixable, codes === expected);",
    ].join("\n");
    const out = execFileSync(process.execPath, ["--input-type=module", "-e", script], { cwd: dir, encoding: "utf8" });
    const version = (JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as { version: string })
      .version;
    expect(out.trim().split("\n")).toEqual([
      "true",
      `true true rfc2396/eslint ${version} true`,
      'true {"rfc2396/valid-uri":"error"}',
      // (Every code of diagnose, the rule's own relative-reference, java.net.URI's, and the suggestions'.)
      "problem true code true",
    ]);
  });

  test.each(ESLINTS)("%s reports every bad URI at its line and column, and nothing else", (eslint) => {
    const bin = path.join(root, "node_modules", eslint, "bin", "eslint.js");
    const r = spawnSync(process.execPath, [bin, "--format", "json", "."], { cwd: dir, encoding: "utf8" });
    expect(r.stderr).toBe("");
    expect(r.status).toBe(1);
    const results = JSON.parse(r.stdout) as { filePath: string; messages: Message[] }[];
    const found = results.flatMap((f) =>
      f.messages.map((m) => [
        path.relative(dir, f.filePath).split(path.sep).join("/"),
        m.ruleId,
        m.messageId,
        m.line,
        m.column,
        m.endColumn,
      ]),
    );
    const expected = EXPECTED.map(([file, code, prefix, text]) => {
      const p = at(fs.readFileSync(path.join(FIXTURE, file), "utf8"), prefix, text);
      return [file, "rfc2396/valid-uri", code, p.line, p.column, p.endColumn];
    });
    const order = (a: (string | number)[], b: (string | number)[]): number =>
      String(a[0]).localeCompare(String(b[0])) || Number(a[3]) - Number(b[3]) || Number(a[4]) - Number(b[4]);
    expect(found.sort(order)).toEqual(expected.sort(order));
    // Every linted file is in the report (none silently skipped).
    expect(results.map((f) => path.relative(dir, f.filePath)).sort()).toEqual(
      ["api.ts", "app.js", path.join("docs", "guide.md"), "eslint.config.mjs", "logo.jsx", "schema.json"].sort(),
    );
  });

  test.each(ESLINTS)("%s --fix-dry-run: the sure fixes applied, the others offered as suggestions", (eslint) => {
    const bin = path.join(root, "node_modules", eslint, "bin", "eslint.js");
    const r = spawnSync(process.execPath, [bin, "--format", "json", "--fix-dry-run", "app.js", "docs/guide.md"], {
      cwd: dir,
      encoding: "utf8",
    });
    const results = JSON.parse(r.stdout) as { filePath: string; output?: string; messages: Message[] }[];
    const app = results.find((f) => f.filePath.endsWith("app.js"));
    const guide = results.find((f) => f.filePath.endsWith("guide.md"));
    const appText = fs.readFileSync(path.join(FIXTURE, "app.js"), "utf8");
    // The space and the | escaped; the host's space (no fix) and the é (a suggestion) left.
    expect(app?.output).toBe(
      appText.replace("/a b", "/a%20b").replace("/x|y", "/x%7Cy").replace(".com/\\u0020", ".com/%20"),
    );
    expect(app?.messages.map((m) => [m.messageId, m.suggestions?.map((s) => s.fix.text)])).toEqual([
      ["space", undefined],
      ["non-ascii", ["%C3%A9"]],
    ]);
    const guideText = fs.readFileSync(path.join(FIXTURE, "docs", "guide.md"), "utf8");
    expect(guide?.output).toBe(guideText.replace("img/a b", "img/a%20b").replace("/x|y", "/x%7Cy"));
    expect(guide?.messages.map((m) => [m.messageId, m.suggestions?.map((s) => s.fix.text)])).toEqual([
      ["invalid-escape", ["%25"]],
      ["non-ascii", ["%C3%A9"]],
    ]);
  });
});

/** The fenced blocks of a Markdown text: info string and body. */
function blocksOf(markdown: string): { info: string; body: string }[] {
  const out: { info: string; body: string }[] = [];
  const re = /^```(\w*)\n([\s\S]*?)^```$/gm;
  for (let m = re.exec(markdown); m !== null; m = re.exec(markdown)) out.push({ info: m[1], body: m[2] });
  return out;
}

describe("docs/eslint.md: every example runs, in a project that links the built package", () => {
  const doc = fs.readFileSync(path.join(root, "docs", "eslint.md"), "utf8");
  let dir = "";

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "rfc2396-eslint-docs-"));
    fs.cpSync(FIXTURE, dir, { recursive: true });
    const modules = path.join(dir, "node_modules");
    fs.mkdirSync(path.join(modules, "@eslint"), { recursive: true });
    fs.mkdirSync(path.join(modules, ".bin"));
    for (const name of ["@eslint/json", "@eslint/markdown", "typescript-eslint", "eslint"])
      fs.symlinkSync(path.join(root, "node_modules", name), path.join(modules, name), "dir");
    fs.symlinkSync(path.join("..", "eslint", "bin", "eslint.js"), path.join(modules, ".bin", "eslint"));
    // (The package itself: the tests above check the packed one; here the built one, as it would be linked.)
    fs.symlinkSync(root, path.join(modules, "rfc2396"), "dir");
  });

  afterAll(() => {
    if (dir !== "") fs.rmSync(dir, { recursive: true, force: true });
  });

  test("its blocks are configurations, files and commands, and there are some of each", () => {
    const blocks = blocksOf(doc);
    expect(blocks.filter((b) => b.info === "js").length).toBeGreaterThanOrEqual(4);
    expect(blocks.filter((b) => b.info === "sh").length).toBeGreaterThanOrEqual(3);
    expect(blocks.filter((b) => b.info !== "js" && b.info !== "sh")).toEqual([]);
  });

  test("its setup is the test project's configuration", () => {
    const setup = blocksOf(doc).find((b) => b.body.startsWith("// eslint.config.mjs\n"));
    expect(setup?.body).toBe(fs.readFileSync(path.join(FIXTURE, "eslint.config.mjs"), "utf8"));
  });

  test("each command gives the output the text shows", () => {
    const problems: string[] = [];
    let commands = 0;
    for (const block of blocksOf(doc)) {
      if (block.info === "js") {
        // A file of the project, named by its first line.
        const name = /^\/\/ (\S+)\n/.exec(block.body)?.[1];
        if (name === undefined) problems.push(`a js block that names no file: ${block.body.slice(0, 40)}`);
        else if (name !== "eslint.config.mjs") {
          fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
          fs.writeFileSync(path.join(dir, name), block.body);
        }
        continue;
      }
      const parts = block.body.split(/^\$ /m).slice(1);
      for (const part of parts) {
        const nl = part.indexOf("\n");
        const command = part.slice(0, nl);
        const expected = part.slice(nl + 1);
        commands++;
        const r = spawnSync("bash", ["-c", command], {
          cwd: dir,
          encoding: "utf8",
          env: {
            ...process.env,
            PATH: `${path.join(dir, "node_modules", ".bin")}:${process.env.PATH}`,
            npm_config_offline: "true",
          },
        });
        if (r.stdout + r.stderr !== expected) problems.push(`$ ${command}\n${r.stdout}${r.stderr}`);
      }
    }
    expect(problems).toEqual([]);
    expect(commands).toBeGreaterThanOrEqual(4);
  });
});

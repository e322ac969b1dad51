// rfc2396 lint's defaults (issue 43) and its tables (issue 40, item 3): which
// reader reads which file, and by default or only when included; JSONC;
// template placeholders; Appendix E in running text without markup; the
// code reader; Markdown's raw HTML and links that are not read as links;
// ignore comments; the baseline; --changed; the severity of lint's own codes.
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { READERS, lintBytes, readingOf } from "../src/lint/readers";
import { FORMATS } from "../src/lint/formats";
import { DEFAULT_PLACEHOLDERS, MASK, maskPlaceholders, placeholderForms } from "../src/lint/placeholders";
import { jsonUris, NotJsonError } from "../src/lint/json";
import { textUris } from "../src/lint/text";
import { codeUris, stringsAndComments } from "../src/lint/code";
import { markdownUris } from "../src/lint/markdown";
import { fingerprints, newProblems, readBaseline } from "../src/lint/baseline";

const BIN = path.join(__dirname, "..", "dist", "cli", "main.js");

const SETTINGS = {
  diagnose: undefined,
  ignore: () => false,
  keys: new Set(["$ref", "$schema"]),
  anyUri: undefined,
  maxDepth: 512,
};

/** [code, line, column] of each problem lint finds in `text` as the file `name`, with its default reader. */
function problemsOf(name: string, text: string, relative = false): [string, number, number][] {
  const reading = readingOf(name);
  if (reading === undefined) throw new Error(`${name} is binary`);
  const r = lintBytes(name, Buffer.from(text), reading.reader.name, { ...SETTINGS, relative });
  return r.problems.map((p) => {
    const before = r.text.slice(0, p.start);
    const line = before.split("\n").length;
    return [p.code, line, p.start - (before.lastIndexOf("\n") + 1) + 1];
  });
}

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "rfc2396-defaults-"));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

function put(file: string, text: string | Buffer): void {
  fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  fs.writeFileSync(path.join(dir, file), text);
}

function lint(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [BIN, "lint", ...args], {
    cwd: dir,
    encoding: "utf8",
    env: { ...process.env, NO_COLOR: "1" },
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** [file, line, character, code] of lint --format json's lines. */
function rows(out: string): [string, number, number, string][] {
  return out
    .split("\n")
    .filter((l) => l !== "")
    .map((l) => {
      const d = JSON.parse(l) as { file: string; line: number; character: number; code: string };
      return [d.file, d.line, d.character, d.code];
    });
}

describe("the readers' table", () => {
  test("each file's reader, and whether it reads it by default", () => {
    const of = (f: string) => {
      const r = readingOf(f);
      return r === undefined ? "binary" : `${r.reader.name}${r.byDefault ? "" : " (included)"}`;
    };
    expect(
      Object.fromEntries(
        [
          "README.md",
          "docs/a.markdown",
          "page.html",
          "feed.atom",
          "package.json",
          "tsconfig.json",
          "tsconfig.build.json",
          ".vscode/settings.json",
          ".devcontainer/devcontainer.json",
          "x.jsonc",
          "a.yml",
          "notes.txt",
          "README",
          "license",
          "CMakeLists.txt",
          "Gemfile",
          "lib/a.rb",
          "src/a.ts",
          "url.bs",
          "x.patterns",
          "layout.erb",
          "media/badge.ai",
          "logo.png",
        ].map((f) => [f, of(f)]),
      ),
    ).toEqual({
      "README.md": "markdown",
      "docs/a.markdown": "markdown",
      "page.html": "html",
      "feed.atom": "xml",
      "package.json": "json",
      "tsconfig.json": "jsonc",
      "tsconfig.build.json": "jsonc",
      ".vscode/settings.json": "jsonc",
      ".devcontainer/devcontainer.json": "jsonc",
      "x.jsonc": "jsonc",
      "a.yml": "yaml",
      "notes.txt": "text",
      README: "text",
      license: "text",
      "CMakeLists.txt": "code (included)",
      Gemfile: "code (included)",
      "lib/a.rb": "code (included)",
      "src/a.ts": "code (included)",
      "url.bs": "text (included)",
      "x.patterns": "text (included)",
      "layout.erb": "html (included)",
      "media/badge.ai": "binary",
      "logo.png": "binary",
    });
  });

  test("names are unique, and the CLI's help and --format values come from the tables", () => {
    expect(new Set(READERS.map((r) => r.name)).size).toBe(READERS.length);
    expect(new Set(FORMATS.map((f) => f.name)).size).toBe(FORMATS.length);
    const help = spawnSync(process.execPath, [BIN, "lint", "--help"], { encoding: "utf8" }).stdout;
    for (const r of READERS) expect(help).toContain(`  ${r.name.padEnd(9)} ${r.title}`);
    for (const f of FORMATS) expect(help).toContain(`  ${f.name.padEnd(11)} ${f.title}`);
    const bad = spawnSync(process.execPath, [BIN, "lint", "--format", "yaml", "."], { encoding: "utf8" });
    expect(bad.status).toBe(2);
    for (const f of FORMATS) expect(bad.stderr).toContain(f.name);
  });

  test("a default run reads documents only; --include reads the rest with the reader that fits", () => {
    put("README.md", "[a](http://a/%zz)\n");
    put("lib/a.rb", '# see http://a/b|c\nx = "http://a/%zz"\ny = "rel%zz"\n');
    put("Gemfile", 'gem "cucumber", "~> 7.1.0"\n');
    put("url.bs", '<a href="https://a/%zz">x</a> <div>y</div>\n');
    put("logo.png", "not really a PNG, and not UTF-8 \xff");
    const byDefault = lint("--format", "json");
    expect(rows(byDefault.stdout)).toEqual([["README.md", 1, 14, "invalid-escape"]]);
    expect(byDefault.stderr).toContain("1 files, 1 URIs checked");
    const all = lint("--format", "json", "--include", "**");
    expect(rows(all.stdout)).toEqual([
      ["README.md", 1, 14, "invalid-escape"],
      ["url.bs", 1, 20, "invalid-escape"],
      ["lib/a.rb", 1, 17, "unwise-character"],
      ["lib/a.rb", 2, 15, "invalid-escape"],
    ]);
    // Relative references in code and text only with --relative.
    expect(rows(lint("--format", "json", "--include", "lib/**", "--relative").stdout)).toContainEqual([
      "lib/a.rb",
      3,
      9,
      "invalid-escape",
    ]);
  });
});

describe("JSONC", () => {
  test("comments and trailing commas, by convention; in plain JSON a comment is a warning at its place", () => {
    const text = '// a comment http://a/ b\n{\n  /* $ref */ "$ref": "http://a/b c", // x\n  "a": [1, 2,],\n}\n';
    expect(problemsOf("tsconfig.json", text)).toEqual([["space", 3, 33]]);
    expect(problemsOf("data.json", text)).toEqual([["file-not-read", 1, 1]]);
    expect(() => jsonUris("{/* open", new Set(), true)).toThrow(NotJsonError);
  });
});

describe("template placeholders", () => {
  test("each form, with or without spaces, passed over wherever it stands, in every reader", () => {
    const forms = ["{{ x.y }}", "{{x}}", "{% x %}", "{x}", "{ x }", "${x}", "${ x }", "%(x)s", "<%= x %>", "<%=x%>"];
    for (const f of forms) {
      for (const uri of [`${f}/a`, `http://${f}/a`, `http://a/${f}`, `http://a/?q=${f}`]) {
        expect([uri, problemsOf("a.md", `[a](<${uri}>)\n`)]).toEqual([uri, []]);
        expect([uri, problemsOf("a.html", `<a href='${uri}'>x</a>\n`)]).toEqual([uri, []]);
        expect([uri, problemsOf("a.json", JSON.stringify({ $ref: uri }))]).toEqual([uri, []]);
        expect([uri, problemsOf("a.txt", `see "${uri}"\n`, true)]).toEqual([uri, []]);
      }
    }
    // Liquid with quotes and a filter inside an attribute: neither the URI nor the attribute is cut.
    expect(
      problemsOf("a.html", `<a href="{{ "/a.css" | relative_url }}">x</a> <a href="http://a/b c">y</a>\n`),
    ).toEqual([["space", 1, 66]]);
    // A bad URI after a placeholder keeps its column.
    expect(problemsOf("a.txt", "{{ x }} http://a/%zz\n")).toEqual([["invalid-escape", 1, 18]]);
  });

  test("JSON's and YAML's braces are no placeholders; the list is configurable", () => {
    for (const t of ['{"a": 1}', "{a: 1}", "{}", "{\n}", "{a b}"]) expect(maskPlaceholders(t)).toBe(t);
    expect(maskPlaceholders("a {{ b }} c")).toBe(`a ${MASK.repeat(7)} c`);
    expect(DEFAULT_PLACEHOLDERS.length).toBe(6);
    expect(placeholderForms(["[[ x ]]"])).toEqual([{ open: "[[", close: "]]" }]);
    expect(() => placeholderForms(["[[]]"])).toThrow(RangeError);
    put("a.md", "[a](http://a/[[ b ]]) [c]({{d}})\n");
    expect(rows(lint("--format", "json", "--placeholder", "[[x]]").stdout).map((r) => r[3])).toEqual([
      "unwise-character",
      "unwise-character",
    ]);
    expect(lint("--format", "json", "--placeholder", "[[x]]", "--placeholder", "{{x}}").stdout).toBe("");
    expect(lint("--placeholder", "xx").status).toBe(2);
  });
});

describe("Appendix E in running text", () => {
  test("<...> around markup is no URI; relative references only when asked", () => {
    expect(textUris('<a href="http://a/b">x</a> <div>', false).map((f) => f.value)).toEqual(["http://a/b"]);
    expect(textUris('<xs:element name="a b">', false)).toEqual([]);
    expect(textUris('gem "cucumber", "~> 7.1.0"', false)).toEqual([]);
    expect(textUris("<URL:http://a/b> <http://c/d>", false).map((f) => f.value)).toEqual(["http://a/b", "http://c/d"]);
    expect(textUris('"rel%zz" <x/y>', false)).toEqual([]);
    expect(textUris('"rel%zz" <x/y>', true).map((f) => f.value)).toEqual(["rel%zz", "x/y"]);
  });
});

describe("the code reader", () => {
  test("URIs in string literals and comments only, each at its place", () => {
    const code =
      'a = b // http://a/%zz\nc = "http://a/x y"; d = http://not/read\n/* <http://c/|> */ """\nhttp://e/%zz\n"""';
    const blanked = stringsAndComments(code);
    expect(blanked.length).toBe(code.length);
    expect(blanked.split("\n").length).toBe(code.split("\n").length);
    expect(codeUris(code).map((f) => [f.value, f.start])).toEqual([
      ["http://a/%zz", 9],
      ["http://a/x", 27],
      ["http://c/|", 66],
      ["http://e/%zz", 85],
    ]);
    expect(codeUris('x = "a/%zz"', true).map((f) => f.value)).toEqual(["a/%zz"]);
    expect(codeUris('x = "a/%zz"')).toEqual([]);
  });
});

describe("Markdown", () => {
  test("URLs in inline and block HTML, at their line and column", () => {
    const md = 'Text <a href="http://a/b c">x</a> more.\n\n<div>\n  <img src="http://a/%zz">\n</div>\n';
    expect(problemsOf("a.md", md)).toEqual([
      ["space", 1, 25],
      ["invalid-escape", 4, 22],
    ]);
    expect(markdownUris(md).map((f) => f.value)).toEqual([]);
  });

  test("a link target with a space or a lone parenthesis: a warning with the fix, not in code", () => {
    const md = '[x](http://a/b c) and `[z](a b)`\n\n[y](http://a/(b\n\n[ok](<a b>) [t](a "title")\n';
    const r = lintBytes("a.md", Buffer.from(md), "markdown", SETTINGS);
    expect(r.problems.map((p) => [p.code, p.severity, p.start, p.end, p.fix, p.uri])).toEqual([
      ["link-not-read", "warning", 14, 15, "%20", "http://a/b c"],
      ["link-not-read", "warning", 47, 48, "%28", "http://a/(b"],
      // (The <...> form is a link: its URI is checked, and a space is an error of the URI.)
      ["space", "error", 58, 59, "%20", "a b"],
    ]);
    put("a.md", md);
    // A placeholder in such a target is shown as written.
    const t = lintBytes("t.md", Buffer.from("[x]({{ site.url }}/a b)\n"), "markdown", SETTINGS);
    expect(t.problems.map((p) => [p.code, p.uri, p.start])).toEqual([["link-not-read", "{{ site.url }}/a b", 20]]);
    put("b.md", "[x](http://a/b c)\n");
    const out = lint("b.md");
    expect(out.status).toBe(0);
    expect(out.stdout).toContain("b.md:1:15: warning[link-not-read] not a link:");
    expect(lint("--error", "link-not-read", "b.md").status).toBe(1);
    // (GFM reads the http://a/b before the space as an autolink literal: one URI checked.)
    expect(lint("--ignore", "link-not-read", "b.md").stdout).toBe("1 file, 1 URI checked: 0 errors, 0 warnings\n");
  });
});

describe("ignore comments", () => {
  test("rfc2396-disable-next-line in Markdown, HTML, YAML and JSONC leaves the next line out", () => {
    expect(problemsOf("a.md", "<!-- rfc2396-disable-next-line -->\n[a](http://a/%zz)\n[b](http://a/%zz)\n")).toEqual([
      ["invalid-escape", 3, 14],
    ]);
    expect(problemsOf("a.html", '<!-- rfc2396-disable-next-line -->\n<a href="b c">\n<a href="b c">\n')).toEqual([
      ["space", 3, 11],
    ]);
    expect(problemsOf("a.yaml", '# rfc2396-disable-next-line\n$ref: "b c"\n$ref: "b c"\n')).toEqual([["space", 3, 9]]);
    expect(problemsOf("x.jsonc", '[\n// rfc2396-disable-next-line\n{"$ref": "b c"},\n{"$ref": "b c"}]')).toEqual([
      ["space", 4, 12],
    ]);
    // Not a comment: no effect.
    expect(problemsOf("a.md", "rfc2396-disable-next-line\n[a](http://a/%zz)\n")).toEqual([["invalid-escape", 2, 14]]);
  });
});

describe("the baseline", () => {
  test("written once, later runs report only new findings; the fingerprints are SARIF's", () => {
    put("a.md", "[a](http://a/%zz)\n[b](http://a/b c)\n");
    expect(lint("--baseline", "base.sarif").status).toBe(2);
    const written = lint("--baseline", "base.sarif", "--write-baseline");
    expect(written.status).toBe(0);
    const sarif = JSON.parse(fs.readFileSync(path.join(dir, "base.sarif"), "utf8"));
    expect(sarif.runs[0].results.length).toBe(2);
    expect(lint("--baseline", "base.sarif")).toMatchObject({
      status: 0,
      stdout: "1 file, 2 URIs checked: 0 errors, 0 warnings\n",
    });
    put("a.md", "Moved down.\n\n[a](http://a/%zz)\n[b](http://a/b c)\n[c](http://a/%zz)\n[a](http://a/%zz)\n");
    const later = lint("--baseline", "base.sarif", "--format", "json");
    expect(later.status).toBe(1);
    expect(rows(later.stdout)).toEqual([
      ["a.md", 5, 14, "invalid-escape"],
      ["a.md", 6, 14, "invalid-escape"],
    ]);
    // SARIF of a run with the baseline: the new findings keep the fingerprints they have among all.
    const prints = (out: string) =>
      (JSON.parse(out).runs[0].results as { partialFingerprints: Record<string, string> }[]).map(
        (r) => r.partialFingerprints["rfc2396/v1"],
      );
    const all = prints(lint("--format", "sarif").stdout);
    expect(prints(lint("--format", "sarif", "--baseline", "base.sarif").stdout)).toEqual(all.slice(2));
    put("bad.sarif", "{}");
    expect(lint("--baseline", "bad.sarif").stderr).toContain("not a SARIF log");
  });

  test("newProblems spends each fingerprint once", () => {
    const p = { code: "space", uri: "a b", uriStart: 1 };
    const base = readBaseline(
      JSON.stringify({
        runs: [{ results: fingerprints("f", [p]).map((f) => ({ partialFingerprints: { "rfc2396/v1": f } })) }],
      }),
    );
    expect(newProblems("f", [p, p], base)).toEqual([{ ...p, fingerprint: fingerprints("f", [p, p])[1] }]);
  });
});

describe("--changed", () => {
  test("only the files that differ from a git ref, untracked ones too", () => {
    const git = (...args: string[]) =>
      spawnSync("git", ["-c", "user.email=a@b", "-c", "user.name=a", ...args], { cwd: dir, encoding: "utf8" });
    expect(git("init", "-q").status).toBe(0);
    put("old.md", "[a](http://a/%zz)\n");
    put("changed.md", "[a](http://a/ok)\n");
    expect(git("add", ".").status).toBe(0);
    expect(git("commit", "-qm", "x").status).toBe(0);
    put("changed.md", "[a](http://a/%zz)\n");
    put("new.md", "[a](http://a/b c)\n");
    expect(rows(lint("--format", "json", "--changed").stdout)).toEqual([
      ["changed.md", 1, 14, "invalid-escape"],
      ["new.md", 1, 15, "link-not-read"],
    ]);
    expect(rows(lint("--format", "json", "--changed=HEAD").stdout).length).toBe(2);
    expect(rows(lint("--format", "json").stdout).length).toBe(3);
    expect(lint("--changed=no-such-ref").status).toBe(2);
  });
});

describe("lint's own codes", () => {
  test("a file that cannot be read is a warning unless configured; not UTF-8 too", () => {
    put("a.json", '{"$ref": }');
    put("b.md", Buffer.from([0x61, 0xff]));
    expect(lint()).toMatchObject({ status: 0 });
    expect(lint().stdout).toContain("0 errors, 2 warnings");
    expect(lint("--error", "file-not-read").status).toBe(1);
    put("rfc2396.config.json", '{"severity": {"file-not-utf8": "error"}}');
    expect(lint().status).toBe(1);
    put("rfc2396.config.json", '{"severity": {"file-not-utf8": "off", "file-not-read": "off"}}');
    expect(lint().stdout).toBe("3 files, 0 URIs checked: 0 errors, 0 warnings\n");
  });
});

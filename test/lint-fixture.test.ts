/* eslint-disable @typescript-eslint/no-explicit-any -- the logs are read as untyped JSON */
// rfc2396 lint on test/fixtures/lint-repo: every bad URI of every reader at
// its exact line and column, in each format's unit, and nothing else. The
// expected places were computed apart from the code under test (from the raw
// lines of the files), and are written out here.
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import Ajv from "ajv";
import addFormats from "ajv-formats";

const BIN = path.join(__dirname, "..", "dist", "cli", "main.js");
const REPO = path.join(__dirname, "fixtures", "lint-repo");

function lint(...args: string[]): { stdout: string; stderr: string; status: number | null } {
  const r = spawnSync(process.execPath, [BIN, "lint", ...args], {
    cwd: REPO,
    encoding: "utf8",
    env: { ...process.env, NO_COLOR: "1" },
  });
  return { stdout: r.stdout, stderr: r.stderr, status: r.status };
}

type Columns = [utf16: number, chars: number, bytes: number];
/** [file, code, line, start columns, end columns] in the order lint walks the files. */
const EXPECTED: [string, string, number, Columns, Columns][] = [
  ["README.md", "space", 3, [44, 44, 47], [45, 45, 48]],
  ["README.md", "invalid-escape", 4, [35, 35, 35], [36, 36, 36]],
  ["README.md", "non-ascii", 14, [30, 30, 30], [31, 31, 32]],
  ["README.md", "invalid-escape", 15, [37, 37, 37], [38, 38, 38]],
  ["README.md", "invalid-escape", 16, [43, 43, 43], [44, 44, 44]],
  ["README.md", "invalid-escape", 17, [39, 39, 39], [40, 40, 40]],
  ["api.json", "space", 3, [39, 39, 39], [45, 45, 45]],
  ["api.json", "non-ascii", 5, [35, 35, 35], [36, 36, 37]],
  ["api.json", "invalid-escape", 6, [38, 38, 38], [39, 39, 39]],
  ["config.yaml", "space", 2, [28, 28, 28], [29, 29, 29]],
  ["config.yaml", "non-ascii", 3, [25, 25, 25], [26, 26, 27]],
  ["config.yaml", "invalid-escape", 3, [26, 26, 27], [27, 27, 28]],
  ["config.yaml", "space", 6, [11, 11, 11], [11, 11, 11]],
  ["data.xml", "invalid-escape", 4, [59, 59, 59], [60, 60, 60]],
  ["data.xml", "space", 5, [43, 43, 43], [44, 44, 44]],
  ["data.xml", "excluded-delimiter", 7, [47, 47, 47], [51, 51, 51]],
  ["data.xml", "excluded-delimiter", 7, [52, 52, 52], [56, 56, 56]],
  ["data.xml", "non-ascii", 8, [38, 38, 38], [39, 39, 40]],
  ["data.xml", "unwise-character", 9, [35, 35, 35], [36, 36, 36]],
  ["notes.txt", "invalid-escape", 1, [30, 30, 30], [31, 31, 31]],
  ["notes.txt", "unwise-character", 1, [62, 61, 64], [63, 62, 65]],
  ["notes.txt", "invalid-escape", 3, [17, 17, 17], [18, 18, 18]],
  ["page.html", "space", 4, [44, 43, 50], [45, 44, 51]],
  ["page.html", "invalid-escape", 5, [44, 44, 44], [45, 45, 45]],
  ["page.html", "unwise-character", 6, [44, 44, 44], [45, 45, 45]],
  ["page.html", "invalid-escape", 8, [43, 43, 43], [44, 44, 44]],
];

const runs = new Map<string, ReturnType<typeof lint>>();
function run(format: string): ReturnType<typeof lint> {
  // --include '**' --relative: every file, and relative references in text, as lint read them before issue 43.
  if (!runs.has(format)) runs.set(format, lint("--format", format, "--include", "**", "--relative"));
  return runs.get(format) as ReturnType<typeof lint>;
}

describe("rfc2396 lint on the fixture repository", () => {
  test("json: every bad URI at its line and columns in every unit, and nothing else", () => {
    const r = run("json");
    expect(r.status).toBe(1);
    const got = r.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as Record<string, never>)
      .map((d: Record<string, number>) => [
        d.file,
        d.code,
        d.line,
        [d.column, d.character, d.byte],
        [d.endColumn, d.endCharacter, d.endByte],
        d.endLine,
      ]);
    expect(got).toEqual(EXPECTED.map((row) => [...row, row[2]]));
    expect(r.stderr).toContain("26 errors");
  });

  test("json: start and end are offsets in the URI, the diagnostic's fields as check --json writes them", () => {
    const problems = run("json")
      .stdout.trim()
      .split("\n")
      .map((l) => JSON.parse(l) as Record<string, unknown> & { uri: string; code: string; start: number; end: number });
    const uris = [...new Set(problems.map((p) => p.uri))];
    const check = spawnSync(process.execPath, [BIN, "check", "--json", "--", ...uris], { encoding: "utf8" });
    const checked = new Map(
      check.stdout
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l) as { input: string; diagnostics: Record<string, unknown>[] })
        .map((c) => [c.input, c.diagnostics]),
    );
    expect(checked.size).toBe(uris.length);
    const fields = ["code", "severity", "start", "end", "section", "message"];
    const pick = (o: Record<string, unknown>) => Object.fromEntries(fields.map((f) => [f, o[f]]));
    let fixes = 0;
    for (const p of problems) {
      expect(p.end).toBeGreaterThan(p.start);
      expect(p.end).toBeLessThanOrEqual(p.uri.length);
      const same = (checked.get(p.uri) ?? []).find((d) => JSON.stringify(pick(d)) === JSON.stringify(pick(p)));
      expect([p.uri, same && pick(same)]).toEqual([p.uri, pick(p)]);
      // (Lint offers check's fix, or none where the file's text is not the URI's, R84.)
      if (p.fix !== null) fixes++;
      expect([null, same?.fix]).toContainEqual(p.fix);
    }
    expect(fixes).toBeGreaterThan(10);
  });

  test("text: file:line:column (characters) and code", () => {
    const r = run("text");
    expect(r.status).toBe(1);
    const heads = r.stdout.split("\n").filter((l) => /^\S+:\d+:\d+: error\[/.test(l));
    expect(heads.map((l) => /^(\S+):(\d+):(\d+): error\[([a-z-]+)\]/.exec(l)?.slice(1))).toEqual(
      EXPECTED.map(([f, code, line, [, chars]]) => [f, String(line), String(chars), code]),
    );
    expect(r.stdout.trim().split("\n").pop()).toBe("10 files, 43 URIs checked: 26 errors, 0 warnings");
  });

  test("sarif: validates against the SARIF 2.1.0 schema; regions in UTF-16 code units", () => {
    const r = run("sarif");
    expect(r.status).toBe(1);
    const log = JSON.parse(r.stdout);
    const ajv = new Ajv({ strict: false, allErrors: true, unicodeRegExp: false });
    addFormats(ajv);
    const schema = JSON.parse(
      fs.readFileSync(path.join(__dirname, "fixtures", "sarif", "sarif-schema-2.1.0.json"), "utf8"),
    );
    const validate = ajv.compile(schema);
    expect(validate(log) ? [] : validate.errors).toEqual([]);
    const run0 = log.runs[0];
    const rules = run0.tool.driver.rules as { id: string; helpUri: string; fullDescription: { text: string } }[];
    const results = run0.results as Record<string, never>[];
    expect(
      results.map((res: Record<string, any>) => {
        const loc = res.locations[0].physicalLocation;
        return [
          loc.artifactLocation.uri,
          res.ruleId,
          loc.region.startLine,
          loc.region.startColumn,
          loc.region.endColumn,
        ];
      }),
    ).toEqual(EXPECTED.map(([f, code, line, [u16], [e16]]) => [f, code, line, u16, e16]));
    // One rule per code, each result pointing at its own.
    expect(new Set(rules.map((x) => x.id)).size).toBe(rules.length);
    for (const res of results as Record<string, any>[]) expect(rules[res.ruleIndex].id).toBe(res.ruleId);
    expect(rules.find((x) => x.id === "space")?.helpUri).toBe("https://www.rfc-editor.org/rfc/rfc2396#section-2.4.3");
    // Fingerprints: distinct, and the same on a second run.
    const prints = results.map((res: Record<string, any>) => res.partialFingerprints["rfc2396/v1"]);
    expect(new Set(prints).size).toBe(prints.length);
    expect(
      JSON.parse(lint("--format", "sarif", "--include", "**", "--relative").stdout).runs[0].results.map(
        (res: any) => res.partialFingerprints["rfc2396/v1"],
      ),
    ).toEqual(prints);
    // The fixes: replacing each region with its text gives what the diagnostic's fix says.
    const fixes = results.filter((res: Record<string, any>) => res.fixes !== undefined);
    expect(fixes.length).toBe(EXPECTED.length - 1); // the YAML scalar placed at its start has none (R84)
  });

  test("github: annotations within GitHub's 10 per severity, the rest as lines, and a notice of the cut", () => {
    const r = run("github");
    expect(r.status).toBe(1);
    const lines = r.stdout.trim().split("\n");
    const annotations = lines.filter((l) => l.startsWith("::error "));
    expect(annotations.length).toBe(10);
    expect(
      annotations.map((l) => /file=([^,]+),line=(\d+),col=(\d+),endLine=(\d+),endColumn=(\d+)/.exec(l)?.slice(1)),
    ).toEqual(
      EXPECTED.slice(0, 10).map(([f, , line, [, c], [, e]]) => [
        f,
        String(line),
        String(c),
        String(line),
        String(e > c ? e - 1 : c),
      ]),
    );
    const plain = lines.filter((l) => /^\S+:\d+:\d+: error\[/.test(l));
    expect(plain.map((l) => /^(\S+):(\d+):(\d+)/.exec(l)?.slice(1))).toEqual(
      EXPECTED.slice(10).map(([f, , line, [, c]]) => [f, String(line), String(c)]),
    );
    expect(lines).toContain(
      "::notice title=rfc2396 lint::16 errors and 0 warnings past GitHub's 10 annotations of each kind per step are in the log as plain lines, not annotations",
    );
  });

  test("rdjson: columns in UTF-8 bytes, the end exclusive", () => {
    const r = run("rdjson");
    const doc = JSON.parse(r.stdout);
    expect(
      doc.diagnostics.map((d: any) => [
        d.location.path,
        d.code.value,
        d.location.range.start.line,
        d.location.range.start.column,
        d.location.range.end.column,
      ]),
    ).toEqual(EXPECTED.map(([f, code, line, [, , b], [, , eb]]) => [f, code, line, b, eb]));
  });

  test("checkstyle: columns in characters", () => {
    const r = run("checkstyle");
    const rows: string[][] = [];
    let file = "";
    for (const l of r.stdout.split("\n")) {
      const f = /<file name="([^"]+)">/.exec(l);
      if (f !== null) file = f[1];
      const e =
        /<error line="(\d+)" column="(\d+)" severity="error" message="[^"]*" source="rfc2396\.([a-z-]+)"\/>/.exec(l);
      if (e !== null) rows.push([file, e[3], e[1], e[2]]);
    }
    expect(rows).toEqual(EXPECTED.map(([f, code, line, [, c]]) => [f, code, String(line), String(c)]));
  });

  test("junit: a failure for each bad URI, with its place", () => {
    const r = run("junit");
    const failures = [...r.stdout.matchAll(/<failure message="[^"]*" type="([a-z-]+)">([^:]+):(\d+):(\d+):/g)].map(
      (m) => [m[2], m[1], m[3], m[4]],
    );
    expect(failures).toEqual(EXPECTED.map(([f, code, line, [, c]]) => [f, code, String(line), String(c)]));
    expect(r.stdout).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<testsuites name="rfc2396 lint">\n/);
    expect(r.stdout.trim().endsWith("</testsuites>")).toBe(true);
  });

  test("a file .gitignore lists is read only with --no-gitignore", () => {
    const r = lint("--format", "json", "--no-gitignore");
    const files = new Set(
      r.stdout
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l).file),
    );
    expect(files.has("ignored.md")).toBe(true);
    expect(files.has("build/out.txt")).toBe(true);
  });

  test("--include and --exclude", () => {
    const only = lint("--format", "json", "--include", "**/*.md");
    expect(
      new Set(
        only.stdout
          .trim()
          .split("\n")
          .map((l) => JSON.parse(l).file),
      ),
    ).toEqual(new Set(["README.md"]));
    const but = lint("--format", "json", "--exclude", "*.md", "--exclude", "data.xml");
    const files = new Set(
      but.stdout
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l).file),
    );
    expect(files.has("README.md") || files.has("data.xml")).toBe(false);
    expect(files.has("page.html")).toBe(true);
  });

  test("--json-schema: the properties a JSON Schema types format uri are checked", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rfc2396-schema-"));
    try {
      const schema = path.join(dir, "s.json");
      fs.writeFileSync(schema, JSON.stringify({ properties: { name: { type: "string", format: "uri-reference" } } }));
      const r = lint("--format", "json", "--json-schema", schema, "api.json");
      const rows = r.stdout
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l) as { where: string; code: string; line: number; character: number });
      expect(rows.filter((d) => d.where === "name").map((d) => [d.code, d.line, d.character])).toEqual([
        ["non-ascii", 4, 12],
        ["non-ascii", 4, 14],
        ["space", 4, 15],
        ["excluded-delimiter", 4, 16],
        ["excluded-delimiter", 4, 19],
        ["space", 4, 21],
        ["space", 4, 44],
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test("the RFC 2732 profile, from --rfc2732 or from the configuration", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rfc2396-profile-"));
    try {
      fs.writeFileSync(path.join(dir, "a.md"), "[v6](http://[::1]/x)\n");
      const run = (...args: string[]) =>
        spawnSync(process.execPath, [BIN, "lint", ...args], {
          cwd: dir,
          encoding: "utf8",
          env: { ...process.env, NO_COLOR: "1" },
        });
      expect(run().stdout).toContain("a.md:1:13: error[ipv6-literal]");
      expect(run("--rfc2732")).toMatchObject({ status: 0, stdout: "1 file, 1 URI checked: 0 errors, 0 warnings\n" });
      fs.writeFileSync(path.join(dir, "rfc2396.config.json"), '{"profile": "rfc2732"}');
      expect(run()).toMatchObject({ status: 0, stdout: "2 files, 1 URI checked: 0 errors, 0 warnings\n" });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test("a clean file: exit 0, nothing but the summary", () => {
    const r = lint("good.md");
    expect(r.status).toBe(0);
    expect(r.stdout).toBe("1 file, 4 URIs checked: 0 errors, 0 warnings\n");
  });
});

// The GitHub Action (action.yml) and the pre-commit hook
// (.pre-commit-hooks.yaml) run: the action's `run` steps execute in bash
// with the environment GitHub gives a step (GITHUB_OUTPUT, GITHUB_ACTIONS,
// the step's env with the inputs substituted), in the fixture repository,
// with `npx rfc2396@VERSION` standing for the build of this checkout; the
// hook's entry runs on fixture files as pre-commit passes them.
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { parse } from "yaml";

const ROOT = path.join(__dirname, "..");
const BIN = path.join(ROOT, "dist", "cli", "main.js");
const REPO = path.join(__dirname, "fixtures", "lint-repo");

interface Step {
  id?: string;
  name?: string;
  if?: string;
  uses?: string;
  run?: string;
  shell?: string;
  env?: Record<string, string>;
  with?: Record<string, string>;
}
interface Action {
  inputs: Record<string, { default?: string }>;
  outputs: Record<string, { value: string }>;
  runs: { using: string; steps: Step[] };
}

const action = parse(fs.readFileSync(path.join(ROOT, "action.yml"), "utf8")) as Action;

let shims: string;
beforeAll(() => {
  shims = fs.mkdtempSync(path.join(os.tmpdir(), "rfc2396-action-"));
  // npx --yes rfc2396@VERSION ARGS...: the build of this checkout, with ARGS.
  fs.writeFileSync(
    path.join(shims, "npx"),
    `#!/usr/bin/env bash\nwhile [ $# -gt 0 ] && [[ "$1" != rfc2396@* ]]; do shift; done\nshift\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(BIN)} "$@"\n`,
    { mode: 0o755 },
  );
});
afterAll(() => fs.rmSync(shims, { recursive: true, force: true }));

/** `${{ inputs.x }}` and `${{ steps.s.outputs.o }}` of an expression, as GitHub substitutes them. */
function substitute(
  text: string,
  inputs: Record<string, string>,
  outputs: Record<string, Record<string, string>>,
): string {
  return text.replace(/\$\{\{\s*([^}]*?)\s*\}\}/g, (_, expr: string) => {
    const input = /^inputs\.([\w-]+)$/.exec(expr);
    if (input !== null) return inputs[input[1]] ?? "";
    const output = /^steps\.([\w-]+)\.outputs\.([\w-]+)$/.exec(expr);
    if (output !== null) return outputs[output[1]]?.[output[2]] ?? "";
    throw new Error(`an expression this test does not read: ${expr}`);
  });
}

/** Runs the action's steps as GitHub would, with `given` inputs; the steps run, and the last status. */
function runAction(
  given: Record<string, string>,
  cwd: string = REPO,
): {
  status: number;
  log: string;
  ran: string[];
  outputs: Record<string, Record<string, string>>;
} {
  const inputs: Record<string, string> = {};
  for (const [name, spec] of Object.entries(action.inputs)) inputs[name] = given[name] ?? spec.default ?? "";
  const outputs: Record<string, Record<string, string>> = {};
  const ran: string[] = [];
  let log = "";
  let status = 0;
  for (const step of action.runs.steps) {
    if (step.if !== undefined) {
      // The one condition of this action, evaluated as GitHub would.
      expect(step.if).toBe("${{ always() && inputs.upload-sarif == 'true' && steps.lint.outputs.exit-code != '2' }}");
      if (!(inputs["upload-sarif"] === "true" && outputs.lint?.["exit-code"] !== "2")) continue;
    }
    if (step.uses !== undefined) {
      ran.push(`uses ${step.uses}`);
      continue;
    }
    expect(step.shell).toBe("bash");
    const outFile = path.join(shims, `output-${ran.length}`);
    fs.writeFileSync(outFile, "");
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PATH: `${shims}${path.delimiter}${process.env.PATH ?? ""}`,
      GITHUB_ACTIONS: "true",
      CI: "true",
      GITHUB_WORKSPACE: cwd,
      GITHUB_OUTPUT: outFile,
      RUNNER_TEMP: shims,
      NO_COLOR: "1",
    };
    for (const [k, v] of Object.entries(step.env ?? {})) env[k] = substitute(String(v), inputs, outputs);
    const r = spawnSync("bash", ["--noprofile", "--norc", "-eo", "pipefail", "-c", step.run as string], {
      cwd,
      env,
      encoding: "utf8",
    });
    log += r.stdout + r.stderr;
    ran.push(step.name ?? step.id ?? "run");
    if (step.id !== undefined) {
      outputs[step.id] = {};
      for (const line of fs.readFileSync(outFile, "utf8").split("\n")) {
        const eq = line.indexOf("=");
        if (eq > 0) outputs[step.id][line.slice(0, eq)] = line.slice(eq + 1);
      }
    }
    status = r.status ?? -1;
    if (status !== 0) break;
  }
  return { status, log, ran, outputs };
}

describe("action.yml", () => {
  test("is a composite action whose inputs all have defaults", () => {
    expect(action.runs.using).toBe("composite");
    for (const [name, spec] of Object.entries(action.inputs))
      expect([name, typeof spec.default]).toEqual([name, "string"]);
    expect(action.outputs["exit-code"].value).toBe("${{ steps.lint.outputs.exit-code }}");
  });

  test("annotations on the fixture repository; the job fails with lint's status", () => {
    // Every file, and relative references in text, as lint read them before issue 43.
    const r = runAction({ args: "--include ** --relative" });
    expect(r.ran).toEqual(["rfc2396 lint", "Exit status"]);
    expect(r.outputs.lint["exit-code"]).toBe("1");
    expect(r.status).toBe(1);
    expect(r.log).toContain("::error file=README.md,line=3,col=44,endLine=3,endColumn=44,title=rfc2396 space::");
    expect(r.log).toContain("10 files, 43 URIs checked: 26 errors, 0 warnings");
  });

  test("paths, format and SARIF for code scanning", () => {
    const sarif = path.join(shims, "out.sarif");
    const r = runAction({ paths: "good.md  page.html", format: "text", "upload-sarif": "true", "sarif-file": sarif });
    expect(r.ran).toEqual(["rfc2396 lint", "uses github/codeql-action/upload-sarif@v3", "Exit status"]);
    expect(r.log).toContain("page.html:4:43: error[space]");
    expect(r.log).toContain("2 files, ");
    const log = JSON.parse(fs.readFileSync(sarif, "utf8"));
    expect(log.runs[0].results.map((x: { ruleId: string }) => x.ruleId)).toEqual([
      "space",
      "invalid-escape",
      "unwise-character",
      "invalid-escape",
    ]);
    expect(r.status).toBe(1);
  });

  test("a clean path passes; a usage error is status 2 and uploads nothing", () => {
    expect(runAction({ paths: "good.md" })).toMatchObject({ status: 0, ran: ["rfc2396 lint", "Exit status"] });
    const bad = runAction({ format: "xml", "upload-sarif": "true" });
    expect(bad.outputs.lint["exit-code"]).toBe("2");
    expect(bad.ran).toEqual(["rfc2396 lint", "Exit status"]);
    expect(bad.status).toBe(2);
  });
});

describe("action.yml: adoption in an existing repository", () => {
  // A copy of the fixture repository, so that the baseline and the ignore comment can be written into it.
  let copy: string;
  beforeEach(() => {
    copy = fs.mkdtempSync(path.join(os.tmpdir(), "rfc2396-adopt-"));
    fs.cpSync(REPO, copy, { recursive: true });
  });
  afterEach(() => fs.rmSync(copy, { recursive: true, force: true }));

  test("a baseline written once: the action passes, then fails only on a new bad URI", () => {
    const base = spawnSync(process.execPath, [BIN, "lint", "--baseline", "rfc2396.sarif", "--write-baseline"], {
      cwd: copy,
      encoding: "utf8",
    });
    expect(base.status).toBe(0);
    const clean = runAction({ baseline: "rfc2396.sarif" }, copy);
    expect(clean.status).toBe(0);
    expect(clean.log).toContain(" 0 errors, 0 warnings");
    fs.appendFileSync(path.join(copy, "good.md"), "\n[new](http://example.com/new%zz)\n");
    const later = runAction({ baseline: "rfc2396.sarif" }, copy);
    expect(later.status).toBe(1);
    expect(later.log.split("\n").filter((l) => l.startsWith("::error "))).toEqual([
      expect.stringMatching(
        /^::error file=good\.md,line=7,col=29,endLine=7,endColumn=29,title=rfc2396 invalid-escape::/,
      ),
    ]);
  });

  test("an ignore comment in Markdown and in YAML leaves its next line out", () => {
    const readme = fs.readFileSync(path.join(copy, "README.md"), "utf8").split("\r\n");
    readme.splice(2, 0, "<!-- rfc2396-disable-next-line -->");
    fs.writeFileSync(path.join(copy, "README.md"), readme.join("\r\n"));
    const yaml = fs.readFileSync(path.join(copy, "config.yaml"), "utf8").split("\n");
    yaml.splice(1, 0, "# rfc2396-disable-next-line");
    fs.writeFileSync(path.join(copy, "config.yaml"), yaml.join("\n"));
    const r = runAction({ format: "json" }, copy);
    const places = r.log
      .split("\n")
      .filter((l) => l.startsWith("{"))
      .map((l) => JSON.parse(l) as { file: string; line: number })
      .map((d) => `${d.file}:${d.line}`);
    // The lines after the comments (README.md:4, config.yaml:3) are left out; the others are not.
    expect(places.filter((p) => p.startsWith("README.md:") || p.startsWith("config.yaml:"))).toEqual([
      "README.md:5",
      "README.md:15",
      "README.md:16",
      "README.md:17",
      "README.md:18",
      "config.yaml:4",
      "config.yaml:4",
      "config.yaml:7",
    ]);
  });
});

describe(".pre-commit-hooks.yaml", () => {
  const hooks = parse(fs.readFileSync(path.join(ROOT, ".pre-commit-hooks.yaml"), "utf8")) as {
    id: string;
    entry: string;
    language: string;
    types: string[];
  }[];

  test("one hook, rfc2396-lint, a node hook on text files", () => {
    expect(hooks.map((h) => [h.id, h.language, h.types])).toEqual([["rfc2396-lint", "node", ["text"]]]);
  });

  test("its entry on the staged files, as pre-commit passes them", () => {
    const [command, ...args] = hooks[0].entry.split(" ");
    expect(command).toBe("rfc2396");
    const run = (files: string[]) =>
      spawnSync(process.execPath, [BIN, ...args, ...files], {
        cwd: REPO,
        encoding: "utf8",
        env: { ...process.env, NO_COLOR: "1" },
      });
    // --relative: the quoted relative reference of notes.txt, as lint read text before issue 43.
    const bad = run(["--relative", "notes.txt", "good.md"]);
    expect(bad.status).toBe(1);
    expect(bad.stdout.split("\n").filter((l) => /^\S+:\d+:\d+: error/.test(l))).toEqual([
      "notes.txt:1:30: error[invalid-escape] '%' must begin an escape of two hex digits, but \"%zz\" does not; write %25 for a literal '%' (2.4.1)",
      "notes.txt:1:61: error[unwise-character] '|' is excluded from URIs as unwise; write it as %7C (2.4.3)",
      "notes.txt:3:17: error[invalid-escape] '%' must begin an escape of two hex digits, but \"%zz\" does not; write %25 for a literal '%' (2.4.1)",
    ]);
    expect(run(["good.md"]).status).toBe(0);
  });

  test("its entry with a baseline and an ignore comment, as a repository's hook args pass them", () => {
    const copy = fs.mkdtempSync(path.join(os.tmpdir(), "rfc2396-hook-"));
    try {
      fs.cpSync(REPO, copy, { recursive: true });
      const [, ...args] = hooks[0].entry.split(" ");
      const run = (...more: string[]) =>
        spawnSync(process.execPath, [BIN, ...args, ...more], {
          cwd: copy,
          encoding: "utf8",
          env: { ...process.env, NO_COLOR: "1" },
        });
      expect(run("--baseline", "base.sarif", "--write-baseline", "notes.txt", "page.html").status).toBe(0);
      expect(run("--baseline", "base.sarif", "notes.txt", "page.html").status).toBe(0);
      const html = fs.readFileSync(path.join(copy, "page.html"), "utf8");
      fs.writeFileSync(
        path.join(copy, "page.html"),
        html.replace(
          "</body>",
          '<!-- rfc2396-disable-next-line -->\n<a href="x y">ignored</a>\n<a href="x%zz">new</a>\n</body>',
        ),
      );
      const later = run("--baseline", "base.sarif", "notes.txt", "page.html");
      expect(later.status).toBe(1);
      expect(later.stdout.split("\n").filter((l) => /^\S+:\d+:\d+: /.test(l))).toEqual([
        expect.stringMatching(/^page\.html:13:11: error\[invalid-escape\]/),
      ]);
    } finally {
      fs.rmSync(copy, { recursive: true, force: true });
    }
  });
});

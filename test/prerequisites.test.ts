// scripts/prerequisites.js: the tools the tests need that npm does not install are named, with
// what needs them and the Debian line that installs them, before any test runs.
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

const SCRIPT = path.join(__dirname, "..", "scripts", "prerequisites.js");

/** A PATH that holds node (and GNU grep, when `withGrep`) and nothing else. */
function barePath(withGrep: boolean): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rfc2396-path-"));
  fs.symlinkSync(process.execPath, path.join(dir, "node"));
  if (withGrep) {
    const grep = spawnSync("sh", ["-c", "command -v grep"], { encoding: "utf8" }).stdout.trim();
    fs.symlinkSync(grep, path.join(dir, "grep"));
  }
  return dir;
}

test("with every tool installed, it says so and exits 0", () => {
  const r = spawnSync(process.execPath, [SCRIPT], { encoding: "utf8" });
  expect(r.stdout).toBe("rfc2396: every tool the tests need is here\n");
  expect(r.status).toBe(0);
});

test("each missing tool is named, with what needs it and the install line", () => {
  const dir = barePath(true);
  try {
    const r = spawnSync(path.join(dir, "node"), [SCRIPT], { encoding: "utf8", env: { PATH: dir } });
    expect(r.status).toBe(1);
    expect(r.stdout).toContain("pcre2test is missing: needed by test/regex*.test.ts (the pcre2 flavor)");
    expect(r.stdout).toContain("xmllint is missing");
    expect(r.stdout).toContain("java is missing");
    expect(r.stdout).toContain("python3 is missing");
    expect(r.stdout).not.toContain("grep is missing");
    expect(r.stdout).toContain(
      "apt-get update && apt-get install -y pcre2-utils libxml2-utils openjdk-17-jdk-headless ruby python3",
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test("as jest's global setup, a missing tool fails the run under CI=true and only warns elsewhere", () => {
  const dir = barePath(false);
  const setup = `require(${JSON.stringify(SCRIPT)})().then(() => console.log("went on"), (e) => console.log("failed:", e.message.split("\\n")[1]))`;
  try {
    const ci = spawnSync(path.join(dir, "node"), ["-e", setup], { encoding: "utf8", env: { PATH: dir, CI: "true" } });
    expect(ci.stdout.trim()).toBe("failed:   - pcre2test is missing: needed by test/regex*.test.ts (the pcre2 flavor)");
    const local = spawnSync(path.join(dir, "node"), ["-e", setup], { encoding: "utf8", env: { PATH: dir } });
    expect(local.stdout.trim()).toBe("went on");
    expect(local.stderr).toContain("GNU grep is missing");
    expect(local.stderr).toContain("The tests that need them will fail.");
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

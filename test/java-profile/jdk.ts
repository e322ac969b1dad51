/**
 * The real JDK for test/java-profile.test.ts and test/java-fix.test.ts: UriVerdict.java,
 * compiled once with javac into a scratch folder, runs `new URI(s)` (and java.util.regex, when
 * given patterns) over a whole batch of strings in ONE JVM. A missing JDK fails the test that
 * asks for it, naming what to install: it is never skipped.
 */
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

/** What the JDK made of one string. */
export interface JdkVerdict {
  /** new URI(s) returned. */
  readonly ok: boolean;
  /** Where it threw: the URISyntaxException's reason (or "NumberFormatException"). */
  readonly reason: string;
  /** For each pattern: Matcher.find() matched ("E" where the engine threw). */
  readonly matches: readonly (boolean | "E")[];
}

const INSTALL = "apt-get install -y openjdk-17-jdk-headless";

function tool(command: string): void {
  if (spawnSync("sh", ["-c", `command -v ${command}`]).status !== 0)
    throw new Error(`this test needs ${command} (OpenJDK 17: ${INSTALL})`);
}

/** A JDK runner: compile once, then `run` batches. `close` removes the scratch folder. */
export function jdk(): {
  run: (strings: readonly string[], patterns?: readonly string[]) => JdkVerdict[];
  other: () => [number, number][];
  close: () => void;
} {
  tool("javac");
  tool("java");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rfc2396-jdk-"));
  const compiled = spawnSync("javac", ["-d", dir, path.join(__dirname, "UriVerdict.java")], { encoding: "utf8" });
  if (compiled.status !== 0) throw new Error(`javac failed: ${compiled.stderr}`);
  const java = (args: string[]): string => {
    const r = spawnSync("java", ["-Xss16m", "-cp", dir, "UriVerdict", ...args], {
      encoding: "utf8",
      maxBuffer: 1 << 28,
    });
    if (r.status !== 0) throw new Error(`java UriVerdict failed: ${r.stderr}`);
    return r.stdout;
  };
  return {
    run(strings, patterns = []) {
      const hex = (s: string): string => {
        let h = "";
        for (let i = 0; i < s.length; i++) h += s.charCodeAt(i).toString(16).padStart(4, "0");
        return h;
      };
      const cases = path.join(dir, "cases.txt");
      fs.writeFileSync(cases, strings.map(hex).join("\n") + "\n");
      const args = [cases];
      if (patterns.length > 0) {
        fs.writeFileSync(path.join(dir, "patterns.txt"), patterns.join("\n") + "\n");
        args.push(path.join(dir, "patterns.txt"));
      }
      const lines = java(args).split("\n");
      return strings.map((_, i) => {
        const line = lines[i] ?? "";
        const tab = line.indexOf("\t");
        const flags = tab < 0 ? line : line.slice(0, tab);
        return {
          ok: flags[0] === "1",
          reason: tab < 0 ? "" : line.slice(tab + 1),
          matches: [...flags.slice(1)].map((f) => (f === "E" ? "E" : f === "1")),
        };
      });
    },
    other() {
      return java(["--other"])
        .trim()
        .split("\n")
        .map((line) => line.split("-").map((h) => parseInt(h, 16)) as [number, number]);
    },
    close() {
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

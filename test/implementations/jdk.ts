// The real JDK's answers, for the tests of the reading "java.net.URI":
// test/implementations/java/UriHarness.java compiled with javac into a
// scratch folder (once per test file), and ONE JVM per batch reading many
// requests from stdin. Needs `java` and `javac` (openjdk-17-jdk-headless;
// scripts/prerequisites.js): without them the tests that call this fail.
import { execFileSync, spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

let classes: string | undefined;

/** The folder of the compiled harness (compiled on first use). */
export function harness(): string {
  if (classes !== undefined) return classes;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rfc2396-jdk-"));
  execFileSync("javac", ["-d", dir, path.join(__dirname, "java", "UriHarness.java")], { encoding: "utf8" });
  classes = dir;
  return dir;
}

/** A JSON string literal in printable ASCII: every other character a \uXXXX escape (lone surrogates too). */
export function literal(s: string | null): string {
  if (s === null) return "null";
  let out = '"';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x22 || c === 0x5c) out += `\\${s[i]}`;
    else if (c >= 0x20 && c < 0x7f) out += s[i];
    else out += `\\u${c.toString(16).padStart(4, "0")}`;
  }
  return `${out}"`;
}

/** One request line: "R", "V", "L" or "C" and its fields (strings or null; the constructor's port as a number). */
export function request(kind: "R" | "V" | "L" | "C", ...fields: (string | number | null)[]): string {
  return [kind, ...fields.map((f) => (typeof f === "number" ? String(f) : literal(f)))].join("\t");
}

/**
 * The JDK's answers to the requests, in order (one JVM for all of them).
 * -XX:-OmitStackTraceInFastThrow: otherwise, once the JIT has compiled
 * toASCIIString, the NullPointerException a lone surrogate makes it throw is
 * the JVM's preallocated one, without its message.
 */
export function jdk(requests: readonly string[], java = "java"): Record<string, unknown>[] {
  const r = spawnSync(java, ["-XX:-OmitStackTraceInFastThrow", "-cp", harness(), "UriHarness"], {
    input: requests.join("\n") + "\n",
    encoding: "latin1",
    maxBuffer: 1 << 30,
  });
  if (r.error !== undefined || r.status !== 0) {
    throw new Error(`${java} failed: ${String(r.error ?? "")} ${r.stderr.slice(0, 2000)}`);
  }
  const lines = r.stdout.split("\n").filter((l) => l.length > 0);
  if (lines.length !== requests.length) throw new Error(`${lines.length} answers to ${requests.length} requests`);
  return lines.map((l) => JSON.parse(l) as Record<string, unknown>);
}

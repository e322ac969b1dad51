// The command line's --rfc2732: the built binary (node dist/cli/main.js), which binds the RFC 2732
// profile for the command, on every command that reads URIs; and main() in-process.
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { Readable } from "node:stream";
import { main } from "../../src/cli/main";

const ROOT = path.join(__dirname, "..", "..");
const BIN = path.join(ROOT, "dist", "cli", "main.js");

function bin(args: string[], input?: string): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    input,
    encoding: "utf8",
    env: { ...process.env, NO_COLOR: "1" },
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe("rfc2396 --rfc2732 (the built binary)", () => {
  test("check: strict by default, the profile with the flag", () => {
    const strict = bin(["check", "http://[::1]/"]);
    expect(strict.status).toBe(1);
    expect(strict.stdout).toContain("error[ipv6-literal]");
    expect(strict.stdout).toContain("--rfc2732");
    const profile = bin(["check", "--rfc2732", "http://[::1]/", "http://h/?q=[x]"]);
    expect(profile).toMatchObject({ status: 0, stderr: "" });
    expect(profile.stdout).toContain("2 valid, 0 invalid");
    const bad = bin(["check", "--rfc2732", "http://[1::2::3]/", "http://h/a[b]"]);
    expect(bad.status).toBe(1);
    expect(bad.stdout).toContain("error[invalid-ipv6-address]");
    expect(bad.stdout).toContain("error[misplaced-bracket]");
    expect(bin(["check", "--rfc2732", "--fix", "http://h/a[b]"]).stdout).toContain("http://h/a%5Bb%5D");
  });

  test("check --rule takes the profile's rules", () => {
    expect(bin(["check", "--rfc2732", "--rule", "IPv6address", "::1"]).status).toBe(0);
    const strict = bin(["check", "--rule", "IPv6address", "::1"]);
    expect(strict.status).toBe(2);
    expect(strict.stderr).toContain("not an Appendix A rule");
  });

  test("parse --json gives the host with its brackets", () => {
    const r = bin(["parse", "--rfc2732", "--json", "http://[::1]:8/"]);
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ valid: true, host: "[::1]", port: "8", hostType: "IPv6reference" });
  });

  test("resolve, normalize and extract", () => {
    expect(bin(["resolve", "--rfc2732", "http://[::1]/a/b", "../c"]).stdout).toBe("http://[::1]/c\n");
    expect(bin(["normalize", "--rfc2732", "HTTP://[FE80::1]:80/"]).stdout).toBe("http://[fe80::1]/\n");
    expect(bin(["normalize", "--rfc2732", "--ipv6-values", "http://[0:0::1]/"]).stdout).toBe("http://[::1]/\n");
    expect(bin(["normalize", "--ipv6-values", "http://a/"]).status).toBe(2);
    const text = "see <http://[::1]/a> and http://[fe80::2]:8/x?[q].\n";
    expect(bin(["extract", "--rfc2732", "-"], text).stdout).toContain("http://[fe80::2]:8/x?[q]");
  });

  test("links", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rfc2396-links-"));
    const file = path.join(dir, "page.html");
    fs.writeFileSync(file, '<base href="http://[::1]/a/"><a href="b?[1]">b</a>');
    try {
      const r = bin(["links", "--rfc2732", file]);
      expect(r.stdout).toContain("http://[::1]/a/b?[1]");
      expect(r.status).toBe(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test("grammar prints the composed grammar, and the profile's regular expressions", () => {
    const g = bin(["grammar", "--rfc2732"]);
    expect(g.status).toBe(0);
    expect(g.stdout).toMatch(/^IPv6reference$/m);
    expect(g.stdout).toContain("// host: replaced by grammar/rfc2732.peggy (below)");
    const re = bin(["grammar", "--rfc2732", "--regex", "ecmascript", "IPv6reference"]);
    expect(new RegExp(re.stdout.trim()).test("[::1]")).toBe(true);
    expect(bin(["grammar", "--regex", "ecmascript", "IPv6reference"]).status).toBe(2);
  });

  test("--version and help work under the flag; after -- it is an argument", () => {
    expect(bin(["check", "--rfc2732", "--help"]).stdout).toContain("--rfc2732");
    expect(bin(["parse", "--rfc2732", "--json", "--", "--rfc2732"]).stdout).toContain('"path":"--rfc2732"');
  });
});

describe("the profile's main() in-process", () => {
  test("takes --rfc2732 and needs nothing else", async () => {
    const chunks: string[] = [];
    const stream = { write: (c: string) => (chunks.push(c), true), once: () => undefined };
    const code = await main(["check", "--rfc2732", "http://[::1]/"], {
      stdin: Readable.from([]),
      stdout: stream,
      stderr: stream,
      isTTY: { stdin: false, stdout: false, stderr: false },
      env: {},
    });
    expect(code).toBe(0);
    expect(chunks.join("")).toContain("1 valid, 0 invalid");
  });
});

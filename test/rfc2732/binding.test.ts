// The RFC 2732 profile as a value that its entry binds (src/syntax/profile.ts, src/rfc2732/):
// the binding ends with the call, whether it returns or throws; a caller's function runs under the
// default profile (R152, R153); the profile's error classes are its own and behave as classes;
// and the command line's workers read the profile the command runs under.
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import * as strict from "../../src";
import * as p from "../../src/rfc2732";
import { activeProfile, DEFAULT_PROFILE, withProfile } from "../../src/syntax/profile";
import { RFC2732 } from "../../src/profiles/generated/rfc2732";

const IPV6 = "http://[::1]/";

describe("the binding lasts as long as the call", () => {
  test("after a call that returns, and one that throws, the default profile is bound again", () => {
    expect(p.isValid(IPV6)).toBe(true);
    expect(activeProfile()).toBe(DEFAULT_PROFILE);
    expect(() => p.parse("http://[::1/")).toThrow(p.UriSyntaxError);
    expect(activeProfile()).toBe(DEFAULT_PROFILE);
    expect(strict.isValid(IPV6)).toBe(false);
  });

  test("withProfile binds again what was bound before, around a promise too", async () => {
    const inner = withProfile(RFC2732, () => [activeProfile(), withProfile(DEFAULT_PROFILE, activeProfile)]);
    expect(inner).toEqual([RFC2732, DEFAULT_PROFILE]);
    const pending = withProfile(RFC2732, async () => {
      await Promise.resolve();
      return activeProfile();
    });
    expect(activeProfile()).toBe(RFC2732);
    await expect(pending).resolves.toBe(RFC2732);
    expect(activeProfile()).toBe(DEFAULT_PROFILE);
  });

  test("a caller's function runs under the default profile; the entry it calls binds its own", () => {
    const seen: boolean[] = [];
    const rules = [
      {
        test: () => {
          seen.push(strict.isValid(IPV6), p.isValid(IPV6));
          return true;
        },
        scheme: "http",
      },
    ];
    expect(p.expandAbbreviated("h/x", { rules })).toBe("http://h/x");
    expect(strict.expandAbbreviated("h/x", { rules })).toBe("http://h/x");
    expect(seen).toEqual([false, true, false, true]);
  });
});

describe("the profile's error classes", () => {
  const init: strict.UriSyntaxErrorInit = {
    input: "a b",
    offset: 1,
    expected: [],
    rule: "URI-reference",
    code: "space",
    problem: "p",
    component: undefined,
  };

  test("are classes of their own: constructed, subclassed, named as the strict ones", () => {
    const made = new p.UriSyntaxError(init);
    expect([
      made instanceof p.UriSyntaxError,
      made instanceof strict.UriSyntaxError,
      made instanceof SyntaxError,
    ]).toEqual([true, false, true]);
    expect([made.name, made.message, made.code, made.offset]).toEqual(["UriSyntaxError", "At offset 1: p", "space", 1]);
    class Mine extends p.UriSyntaxError {}
    const mine = new Mine(init);
    expect([mine instanceof Mine, mine instanceof p.UriSyntaxError, mine instanceof strict.UriSyntaxError]).toEqual([
      true,
      true,
      false,
    ]);
    expect(() => (p.UriSyntaxError as unknown as (i: typeof init) => unknown)(init)).toThrow(TypeError);
    expect(p.UriSyntaxError.name).toBe("UriSyntaxError");
  });

  test("every one: an error of the profile's call is of its class, not the strict one's", () => {
    const cases: [() => unknown, new (...args: never[]) => Error, new (...args: never[]) => Error][] = [
      [() => p.resolve("a", "b"), p.UriResolutionError, strict.UriResolutionError],
      [() => p.recompose({ path: "a", host: "h" }), p.UriComponentError, strict.UriComponentError],
      [() => p.unescape("%zz"), p.UriEscapeError, strict.UriEscapeError],
      [() => p.expandAbbreviated("intranet/x"), p.AbbreviationError, strict.AbbreviationError],
      [() => p.establishBase({}), p.BaseUriError, strict.BaseUriError],
    ];
    for (const [run, own, other] of cases) {
      let error: unknown;
      try {
        run();
      } catch (e) {
        error = e;
      }
      expect([own.name, error instanceof own, error instanceof other]).toEqual([own.name, true, false]);
    }
  });
});

test("check --rfc2732 --jobs 2 reads each block under the profile, as --jobs 1 does", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rfc2396-binding-"));
  try {
    const file = path.join(dir, "uris.txt");
    const lines: string[] = [];
    for (let i = 0; i < 40000; i++) lines.push(i % 3 === 0 ? `http://[::${i % 97}]/a` : `http://h${i}/?q=[${i}]`);
    lines.push("http://[1::2::3]/");
    fs.writeFileSync(file, lines.join("\n") + "\n");
    const bin = path.join(__dirname, "..", "..", "dist", "cli", "main.js");
    const run = (jobs: string) =>
      spawnSync(process.execPath, [bin, "check", "--rfc2732", "--jobs", jobs, "-f", file], {
        encoding: "utf8",
        env: { ...process.env, NO_COLOR: "1" },
      });
    const one = run("1");
    expect(one.stdout).toContain("40000 valid, 1 invalid");
    expect(run("2")).toMatchObject({ status: one.status, stdout: one.stdout, stderr: one.stderr });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

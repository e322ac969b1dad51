// A fix never changes a component's role (issue 30, point 4; docs/readings.md R64):
// diagnose(x).fixed, where defined, parses with the components that x has when each
// character no rule derives is read as a letter, with the same authority type and host
// type. A Unicode host's fix is its IDNA ASCII form; where no fix keeps the roles,
// there is none.
import { applyFixes, diagnose, parse, tryParse, type UriComponents } from "../src";
import { corpusLines } from "./helpers";
import { HOSTILE_CHARACTERS, mulberry32, mutate } from "./oracle/generate";

const WHITESPACE = /^[\s]+|[\s]+$/g;

/** The input as it is meant: trimmed, unwrapped, each character no rule derives read as a letter. */
function meant(input: string): string {
  let s = input.replace(WHITESPACE, "");
  if ((s.startsWith("<") && s.endsWith(">")) || (s.startsWith('"') && s.endsWith('"'))) s = s.slice(1, -1);
  const firstHash = s.indexOf("#");
  let out = "";
  for (let i = 0; i < s.length;) {
    const cp = s.codePointAt(i) as number;
    const ch = String.fromCodePoint(cp);
    const badPercent = ch === "%" && !/^%[0-9A-Fa-f]{2}/.test(s.slice(i, i + 3));
    const secondHash = ch === "#" && i !== firstHash;
    const excluded = cp >= 0x7f || cp <= 0x20 || `<>"{}|\\^\`[]`.includes(ch);
    out += badPercent || secondHash || excluded ? "a" : ch;
    i += ch.length;
  }
  return out;
}

/** What a reading must keep: which components are there, and what the authority and host are. */
function roles(c: UriComponents): string {
  const present = (["scheme", "authority", "userinfo", "host", "port", "query", "fragment"] as const)
    .filter((k) => c[k] !== undefined)
    .join(",");
  return `${present} ${c.opaque ? "opaque" : "hierarchical"} ${c.authorityType} ${c.hostType}`;
}

/** Why the fix of `input` changes a role, or undefined when it does not (or there is nothing to compare). */
function changedRole(input: string): string | undefined {
  const d = diagnose(input);
  if (d.fixed === undefined || d.fixed === input) return undefined;
  const fixed = tryParse(d.fixed);
  if (!fixed.ok) return `${JSON.stringify(input)}: fixed ${JSON.stringify(d.fixed)} is not valid`;
  const m = tryParse(meant(input));
  // A structural error (a colon in a first segment...) has no meant reading to compare with.
  if (!m.ok) return undefined;
  const [a, b] = [roles(m.value), roles(fixed.value)];
  return a === b ? undefined : `${JSON.stringify(input)} → ${JSON.stringify(d.fixed)}: ${a} became ${b}`;
}

/**
 * Why the fixes of every diagnostic, warnings included, change what the authority is, or
 * undefined. (Warnings' fixes may drop a default port or an empty query: the components
 * present are not compared.)
 */
function changedAuthority(input: string): string | undefined {
  const d = diagnose(input);
  if (d.diagnostics.every((x) => x.fix === undefined)) return undefined;
  const all = tryParse(applyFixes(input, d.diagnostics));
  const m = tryParse(meant(input));
  if (!all.ok || !m.ok) return undefined;
  const kind = (c: UriComponents) => `${c.authorityType} ${c.hostType}`;
  return kind(m.value) === kind(all.value)
    ? undefined
    : `${JSON.stringify(input)}: ${kind(m.value)} became ${kind(all.value)}`;
}

const MUTATION_CHARACTERS = [...HOSTILE_CHARACTERS, "\u00fc", "\u00df", "\u00dc", "\u3002", "\u0430", "%zz", "%"];

/** `line` with a character inserted or substituted, often inside its host. */
function mutateInHost(line: string, rng: () => number): string {
  const r = tryParse(line);
  const ch = MUTATION_CHARACTERS[Math.floor(rng() * MUTATION_CHARACTERS.length)];
  if (!r.ok || r.value.host === undefined || r.value.host.length === 0) return mutate(line, rng);
  const start = line.indexOf(r.value.host, line.indexOf("//") + 2);
  const at = start + Math.floor(rng() * (r.value.host.length + 1));
  const replace = rng() < 0.5 ? 1 : 0;
  return line.slice(0, at) + ch + line.slice(at + replace);
}

describe("a fix keeps every component's role", () => {
  test("hand-picked hosts", () => {
    expect(diagnose("http://b\u00fccher.de/").fixed).toBe("http://xn--bcher-kva.de/");
    expect(diagnose("http://u s@B\u00fccher.DE:80/\u00e9").fixed).toBe("http://u%20s@xn--bcher-kva.de:80/%C3%A9");
    // No escape keeps a host a host: no fix.
    expect(diagnose("http://a b.com/").fixed).toBeUndefined();
    expect(diagnose("http://a%zz.com/").fixed).toBeUndefined();
    expect(diagnose("http://b\u00fc cher.de/").fixed).toBeUndefined();
    // A port is digits: nothing else in it has a fix, nor has the host then.
    expect(diagnose("http://b\u00fccher.de:8\u00fc/").fixed).toBeUndefined();
    expect(diagnose("http://a:8 0/").fixed).toBeUndefined();
    // A registry-based name stays one.
    expect(diagnose("foo://a_b\u00fc/").fixed).toBe("foo://a_b%C3%BC/");
    // Unescaping would make a registry-based name a server: the warning has no fix.
    const raised = diagnose("foo://a%41b/", { severity: { "escaped-unreserved": "error" } });
    expect(raised.diagnostics.map((x) => [x.code, x.fix])).toEqual([["escaped-unreserved", undefined]]);
    expect(raised.fixed).toBeUndefined();
    expect(diagnose("foo://a%41b/x%41").diagnostics.map((x) => x.fix)).toEqual([undefined, "A"]);
    expect(diagnose("http://u%41@h/").diagnostics.map((x) => x.fix)).toEqual(["A"]);
  });

  test("the IDNA fix is one diagnostic from the first non-ASCII character, fixing the whole host, and applyFixes gives fixed", () => {
    const input = "http://x.b\u00fccher.de:81/p";
    const d = diagnose(input);
    const errors = d.diagnostics.filter((x) => x.severity === "error");
    expect(errors.map((x) => [x.code, x.start, x.end, x.component, x.fix, x.fixSpan])).toEqual([
      ["non-ascii", 10, 11, "host", "x.xn--bcher-kva.de", { start: 7, end: 18 }],
    ]);
    expect(tryParse(input)).toMatchObject({ ok: false, error: { offset: 10, code: "non-ascii" } });
    expect(tryParse(input).ok ? "" : (tryParse(input) as { error: Error }).error.message).toMatch(/IDNA ASCII form/);
    expect(d.diagnostics[0].message).toMatch(/IDNA.*RFC 3490/);
    expect(applyFixes(input, d.diagnostics)).toBe(d.fixed);
    expect(parse(d.fixed as string).hostType).toBe("hostname");
  });

  test("diagnose's first error starts where parse stops, on the corpus and on generated non-ASCII hosts (R64)", () => {
    const random = mulberry32(2396);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
    const nonAscii = [
      "\u00e9",
      "\u00fc",
      "\u00df",
      "\u3002",
      "\uff0e",
      "\uff21",
      "\u{1F600}",
      "\u4e2d",
      "\u00a0",
      "\u0130",
    ];
    const ascii = ["a", "x", "-", "1", "9", ".", "_", "~", "%41", "%", "Z"];
    const label = (): string => {
      let s = "";
      for (let n = 1 + Math.floor(random() * 6); n > 0; n--) s += random() < 0.25 ? pick(nonAscii) : pick(ascii);
      return s;
    };
    const inputs: string[] = [...corpusLines("uris.txt")];
    for (let i = 0; i < 5000; i++) {
      const host = Array.from({ length: 1 + Math.floor(random() * 3) }, label).join(".");
      inputs.push(
        pick(["http://", "//", "foo://", "HTTP://", ""]) +
          pick(["", "", "", "u@", "\u00fc@", "a b@"]) +
          host +
          pick(["", "", ":80", ":", ":8x", ":\u00e9"]) +
          pick(["", "/", "/a", "/\u00e9", "?q", "#f", "/a b"]),
      );
    }
    const disagree: [string, number, number][] = [];
    for (const input of inputs) {
      const r = tryParse(input);
      if (r.ok) continue;
      const starts = diagnose(input)
        .diagnostics.filter((d) => d.severity === "error")
        .map((d) => d.start);
      if (Math.min(...starts) !== r.error.offset) disagree.push([input, r.error.offset, Math.min(...starts)]);
    }
    expect(disagree.slice(0, 5)).toEqual([]);
  });

  test("on the corpus", () => {
    const problems: string[] = [];
    for (const file of ["uris.txt", "messy.jsonl"]) {
      for (const raw of corpusLines(file)) {
        const line = file.endsWith(".jsonl") ? (JSON.parse(raw) as string) : raw;
        const why = changedRole(line) ?? changedAuthority(line);
        if (why !== undefined) problems.push(why);
      }
    }
    expect(problems.slice(0, 10)).toEqual([]);
  });

  test("on mutations of the corpus", () => {
    const lines = corpusLines("uris.txt");
    const rng = mulberry32(30_4);
    const problems: string[] = [];
    let fixedInHost = 0;
    for (let i = 0; i < lines.length; i += 7) {
      for (let k = 0; k < 3; k++) {
        const m = k === 0 ? mutate(lines[i], rng) : mutateInHost(lines[i], rng);
        const why = changedRole(m) ?? changedAuthority(m);
        if (why !== undefined) problems.push(why);
        if (k > 0 && diagnose(m).diagnostics.some((d) => d.component === "host" && d.fix !== undefined)) fixedInHost++;
      }
    }
    expect(problems.slice(0, 10)).toEqual([]);
    // The mutations do reach hosts that have a fix.
    expect(fixedInHost).toBeGreaterThan(100);
  });
});

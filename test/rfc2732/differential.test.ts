// Generated and mutated inputs under the RFC 2732 profile, against the independent test-only
// recognizers (test/oracle/rfc2732-regex.ts: a BNF regex with the IPv6 forms enumerated another
// way, and a procedural reader of RFC 2373 section 2.2), both ways: every input the oracle
// accepts, the library accepts, and every input it rejects, the library rejects. The library's
// two back ends (the derived recognizers behind isValid and parse, the peggy parser behind
// parseCst) are checked against each other on the same inputs, components included.
import { componentsOf, isValid, parse, parseCst, tryParse } from "../../src/rfc2732";
import { isIPv6Text, rfc2732Matches } from "../oracle/rfc2732-regex";
import { recognizerOf, recognizes, uriReferenceWithoutBrackets } from "../../src/syntax/recognizer";
import { RFC2732 } from "../../src/profiles/generated/rfc2732";
import { withProfile } from "../../src/syntax/profile";

/** A small seeded generator (mulberry32), so that a failure can be replayed. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const rnd = random(2732);
const int = (n: number): number => Math.floor(rnd() * n);
const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)];

function group(): string {
  const digits = "0123456789abcdefABCDEF";
  let s = "";
  for (let i = 1 + int(4); i > 0; i--) s += pick([...digits]);
  return s;
}

function ipv4(): string {
  const part = (): string => String(int(rnd() < 0.2 ? 1000 : 256));
  return [part(), part(), part(), part()].join(".");
}

/** A valid address by construction: k groups, "::", m groups (or eight pieces), maybe an IPv4 tail. */
function address(): string {
  const tail = rnd() < 0.3;
  const pieces = tail ? 6 : 8;
  const join = (n: number): string => Array.from({ length: n }, group).join(":");
  let text: string;
  if (rnd() < 0.25) text = join(pieces);
  else {
    const k = int(pieces);
    const m = int(pieces - k);
    text = `${join(k)}::${join(m)}`;
  }
  if (!tail) return text;
  return text.endsWith(":") || text === "" ? text + ipv4() : `${text}:${ipv4()}`;
}

const NOISE = [..."0123456789abcdefABCDEFg:.%[]/?#@;"];

/** One random edit: insert, delete or replace a character, or double a "::" or a group. */
function mutate(s: string): string {
  const at = int(s.length + 1);
  switch (int(5)) {
    case 0:
      return s.slice(0, at) + pick(NOISE) + s.slice(at);
    case 1:
      return s.slice(0, at) + s.slice(at + 1);
    case 2:
      return s.slice(0, at) + pick(NOISE) + s.slice(at + 1);
    case 3:
      return s.replace("::", "::1::");
    default:
      return `${group()}:${s}`;
  }
}

const CONTEXTS: readonly ((a: string) => string)[] = [
  (a) => `http://[${a}]/`,
  (a) => `//[${a}]`,
  (a) => `http://u:p@[${a}]:8080/p;q?r#s`,
  (a) => `ftp://[${a}]:/`,
  (a) => `[${a}]`,
  (a) => `x:${a}`,
  (a) => `http://h/?[${a}]#[${a}]`,
];

/** Strings of URI-ish characters with brackets in them, for where RFC 2732 lets brackets stand. */
function bracketNoise(): string {
  const alphabet = [..."a/:?#[]@%1.;=2F"];
  let s = pick(["", "http:", "x:", "//", "/", "a"]);
  for (let i = int(12); i > 0; i--) s += pick(alphabet);
  return s;
}

function cases(): string[] {
  const out = new Set<string>();
  for (let i = 0; i < 3000; i++) {
    let a = address();
    if (rnd() < 0.6) a = mutate(a);
    if (rnd() < 0.2) a = mutate(a);
    out.add(pick(CONTEXTS)(a));
  }
  for (let i = 0; i < 3000; i++) out.add(bracketNoise());
  return [...out];
}

const CASES = cases();

test("the generated cases hold both valid and invalid inputs, with and without IPv6 hosts", () => {
  const valid = CASES.filter((c) => rfc2732Matches(c));
  expect(valid.length).toBeGreaterThan(1500);
  expect(CASES.length - valid.length).toBeGreaterThan(1500);
  expect(valid.filter((c) => tryParse(c).ok && parse(c).hostType === "IPv6reference").length).toBeGreaterThan(500);
});

test("isValid agrees with the independent recognizer on every case, both ways", () => {
  const disagree = CASES.filter((c) => isValid(c) !== rfc2732Matches(c));
  expect(disagree).toEqual([]);
});

test("parseCst (peggy) and parse (the recognizers) agree on validity and on components", () => {
  const problems: string[] = [];
  for (const c of CASES) {
    let cst: ReturnType<typeof parseCst> | undefined;
    try {
      cst = parseCst(c);
    } catch {
      cst = undefined;
    }
    const result = tryParse(c);
    if ((cst !== undefined) !== result.ok) problems.push(`validity: ${c}`);
    else if (cst !== undefined && result.ok && JSON.stringify(componentsOf(cst, c)) !== JSON.stringify(result.value))
      problems.push(`components: ${c}`);
  }
  expect(problems).toEqual([]);
});

test("the IPv6address rule agrees with RFC 2373 section 2.2 read as prose", () => {
  const problems: string[] = [];
  for (let i = 0; i < 4000; i++) {
    let a = address();
    if (rnd() < 0.5) a = mutate(a);
    const expected = isIPv6Text(a);
    if (isValid(a, "IPv6address") !== expected || rfc2732Matches(a, "IPv6address") !== expected) problems.push(a);
  }
  expect(problems).toEqual([]);
});

test("every rejected case is a UriSyntaxError with an offset inside the input", () => {
  for (const c of CASES) {
    const r = tryParse(c);
    if (r.ok) continue;
    expect(r.error.offset).toBeGreaterThanOrEqual(0);
    expect(r.error.offset).toBeLessThanOrEqual(c.length);
    expect(r.error.message.length).toBeGreaterThan(0);
  }
});

test("the recognizer without brackets decides every bracket-free input as the full one, and no other", () => {
  const [plain, full] = withProfile(RFC2732, () => [uriReferenceWithoutBrackets(), recognizerOf("URI-reference")]);
  const problems: string[] = [];
  for (const c of CASES) {
    const hasBracket = c.includes("[") || c.includes("]");
    const expected = hasBracket ? false : recognizes(full, c);
    if (recognizes(plain, c) !== expected) problems.push(c);
  }
  expect(problems).toEqual([]);
  expect(CASES.filter((c) => !c.includes("[") && !c.includes("]") && rfc2732Matches(c)).length).toBeGreaterThan(300);
});

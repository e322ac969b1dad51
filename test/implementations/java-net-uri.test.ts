// The reading "java.net.URI" against the real OpenJDK: every getter of
// `new URI(s)`, every URISyntaxException's reason, index and message, every
// resolution and relativization, and the seven-argument constructor, on the
// corpus and on strings generated where the JDK departs from RFC 2396
// (scripts/java-strings.js, seeded). Needs java and javac
// (openjdk-17-jdk-headless): without them these tests fail.
//
// The counts here keep the file near half a minute; a larger sweep by hand:
//   JAVA_URI_SWEEP=300000 npx jest test/implementations/java-net-uri.test.ts
// (strings; a quarter as many pairs), with JAVA_URI_SEED to change the seed.
import { execFileSync } from "node:child_process";
import {
  readJavaUri,
  javaUriFromComponents,
  relativizeJavaUri,
  resolveJavaUri,
} from "../../src/implementations/java-net-uri/index";
import { relativizeUri, resolveUri } from "../../src/implementations/java-net-uri/operations";
import { parseJavaUri } from "../../src/implementations/java-net-uri/parser";
import { corpusLines } from "../helpers";
import { jdk, request } from "./jdk";
import { asJdk, instance } from "./shapes";

// eslint-disable-next-line @typescript-eslint/no-require-imports -- a script of scripts/, in CommonJS
const gen = require("../../scripts/java-strings.js") as {
  javaStrings: (seed: number, count: number) => string[];
  javaPairs: (seed: number, count: number) => [string, string][];
  javaComponents: (
    seed: number,
    count: number,
  ) => [string | null, string | null, string | null, number, string | null, string | null, string | null][];
};

const SWEEP = Number(process.env.JAVA_URI_SWEEP ?? "60000");
const SEED = Number(process.env.JAVA_URI_SEED ?? "20260");

jest.setTimeout(10 * 60_000);

/** The requests whose answers differ from the reading's (at most `max`), with what each side said. */
function differences(
  inputs: readonly unknown[],
  requests: readonly string[],
  ours: (i: number) => Record<string, unknown>,
  max = 10,
): unknown[] {
  const theirs = jdk(requests);
  const out: unknown[] = [];
  for (let i = 0; i < requests.length && out.length < max; i++) {
    const mine = ours(i);
    if (JSON.stringify(mine) !== JSON.stringify(theirs[i]))
      out.push({ input: inputs[i], jdk: theirs[i], reading: mine });
  }
  return out;
}

function reads(strings: readonly string[]): unknown[] {
  return differences(
    strings,
    strings.map((s) => request("R", s)),
    (i) => asJdk(readJavaUri(strings[i] as string)),
  );
}

test("javac and java are here (openjdk-17-jdk-headless), and the java is OpenJDK 17", () => {
  const out = execFileSync("sh", ["-c", "java -version 2>&1; javac -version 2>&1"], { encoding: "utf8" });
  expect(out).toMatch(/openjdk version "17\./);
  expect(out).toMatch(/javac 17\./);
});

test("every getter and every error equals the JDK's on the corpus (absolute URIs, messy strings, references)", () => {
  const strings = [
    ...corpusLines("uris.txt"),
    ...corpusLines("messy.jsonl").map((l) => JSON.parse(l) as string),
    ...corpusLines("refs.tsv")
      .filter((_, i) => i % 4 === 0)
      .map((l) => l.split("\t")[1] as string),
  ];
  expect(strings.length).toBeGreaterThan(60_000);
  expect(reads(strings)).toEqual([]);
});

test(`every getter and every error equals the JDK's on ${SWEEP} generated strings (seed ${SEED})`, () => {
  const strings = gen.javaStrings(SEED, SWEEP);
  const results = strings.map((s) => readJavaUri(s));
  // The generator reaches both sides, and the errors the deviations make.
  expect(results.filter((r) => r.ok).length).toBeGreaterThan(SWEEP / 5);
  expect(results.filter((r) => !r.ok).length).toBeGreaterThan(SWEEP / 5);
  expect(reads(strings)).toEqual([]);
});

test("every resolution and relativization equals the JDK's, on the corpus's pairs and generated ones", () => {
  const pairs: [string, string][] = [
    ...corpusLines("refs.tsv")
      .filter((_, i) => i % 20 === 0)
      .map((l) => l.split("\t") as [string, string]),
    ...gen.javaPairs(SEED + 1, Math.floor(SWEEP / 4)),
  ];
  const resolved = differences(
    pairs,
    pairs.map(([b, r]) => request("V", b, r)),
    (i) => instance(() => resolveUri(parseJavaUri(pairs[i]![0]), parseJavaUri(pairs[i]![1]))),
  );
  expect(resolved).toEqual([]);
  const relativized = differences(
    pairs,
    pairs.map(([b, r]) => request("L", b, r)),
    (i) => instance(() => relativizeUri(parseJavaUri(pairs[i]![0]), parseJavaUri(pairs[i]![1]))),
  );
  expect(relativized).toEqual([]);
});

test("the seven-argument constructor quotes, composes and refuses as the JDK does", () => {
  const lists = gen.javaComponents(SEED + 2, 5000);
  expect(
    differences(
      lists,
      lists.map((a) => request("C", ...a)),
      (i) => asJdk(javaUriFromComponents(...lists[i]!)),
    ),
  ).toEqual([]);
});

test("a megabyte of each hostile shape is read, resolved and relativized (no recursion, no blow-up)", () => {
  const MB = 1 << 20;
  const fill = (unit: string, prefix = "") => prefix + unit.repeat(Math.ceil((MB - prefix.length) / unit.length));
  const shapes = [
    fill("a/./", "/") + "../".repeat(1000),
    fill("1.", "http://"),
    fill("1:", "http://["),
    fill("9", "http://a:"),
    fill("%E2%82", "http://a/"),
    fill("\ud800", "a"),
    fill("e\u0301", "http://a/"),
    fill("../"),
  ];
  for (const s of shapes) {
    const r = readJavaUri(s);
    expect(typeof r.ok).toBe("boolean");
    if (r.ok) expect(r.native.string.length).toBe(s.length);
    else expect(r.error.message.endsWith(s)).toBe(true);
    expect(typeof resolveJavaUri("http://a/b/c/d;p?q", s).ok).toBe("boolean");
    expect(typeof relativizeJavaUri("http://a/b/", s).ok).toBe("boolean");
  }
  const many = readJavaUri(fill("a/./", "/") + "..");
  expect(many.ok && many.native.normalized.length).toBeLessThan(MB);
});

// data/java-net-uri/conformance.jsonl, the JDK's answers shipped for other
// implementations (docs/java-conformance.md): its requests are those
// scripts/java-corpus.js makes, every answer is what the reading
// "java.net.URI" gives, and a sample of them is what the real JDK gives
// now (java and javac needed: without them that test fails).
import * as fs from "node:fs";
import { jdk } from "./jdk";
import { type CorpusItem, answer } from "./shapes";

// eslint-disable-next-line @typescript-eslint/no-require-imports -- a script of scripts/, in CommonJS
const script = require("../../scripts/java-corpus.js") as {
  OUT: string;
  corpusItems: () => CorpusItem[];
  corpusLine: (item: CorpusItem, result: unknown) => string;
  requestLine: (item: CorpusItem) => string;
};

jest.setTimeout(5 * 60_000);

const lines = fs
  .readFileSync(script.OUT, "utf8")
  .split("\n")
  .filter((l) => l.length > 0);
const shipped = lines.map(
  (l) => JSON.parse(l) as CorpusItem & { result: Record<string, unknown>; loneSurrogate?: true },
);
const items = script.corpusItems();

test("the corpus holds the script's requests, in its order, a few MB", () => {
  expect(shipped.length).toBe(items.length);
  const requests = shipped.map((l) => {
    const item: Record<string, unknown> = { ...l };
    delete item.result;
    delete item.loneSurrogate;
    return item;
  });
  expect(requests).toEqual(items);
  expect(fs.statSync(script.OUT).size).toBeLessThan(4 * 1024 * 1024);
  // Each kind of request is there, refusals too.
  for (const op of ["read", "resolve", "relativize", "construct"]) expect(shipped.some((l) => l.op === op)).toBe(true);
  expect(shipped.filter((l) => l.result.ok === false).length).toBeGreaterThan(500);
});

test("every answer of the corpus is the reading's", () => {
  const differ = shipped.filter((l) => JSON.stringify(answer(l)) !== JSON.stringify(l.result));
  expect(differ.slice(0, 5)).toEqual([]);
});

test("a sample of the corpus is what the JDK answers now, written as the script writes it", () => {
  const sample = items.filter((_, i) => i % 10 === 0);
  const answers = jdk(sample.map((item) => script.requestLine(item)));
  const written = sample.map((item, i) => script.corpusLine(item, answers[i]));
  expect(written).toEqual(lines.filter((_, i) => i % 10 === 0));
});

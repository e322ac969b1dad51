// linesOf (src/syntax/recognizer.ts): the RegExp that reads many lines in one
// call for `rfc2396 check`. Every line it reads, the rule's recognizer must
// accept; it must stop at the start of a line it cannot read; and it should
// read most real lines (else it is no use). Shared by the two profiles:
// test/lines.test.ts and test/rfc2732/lines.test.ts.

import {
  type Recognizer,
  linesOf,
  recognizerOf,
  recognizes,
  uriReferenceWithoutBrackets,
} from "../src/syntax/recognizer";
import { corpusLines, profiledTest } from "./helpers";
import { DEFAULT_PROFILE, type Profile, withProfile } from "../src/syntax/profile";
import { mulberry32 } from "./oracle/generate";

/** Walks `text` (lines ended by LF or CR LF) with the rule's reader of lines, as check does. */
function walk(r: Recognizer, many: RegExp, text: string): { bulk: string[]; alone: string[]; wrong: string[] } {
  const bulk: string[] = [];
  const alone: string[] = [];
  const wrong: string[] = [];
  for (let from = 0; from < text.length;) {
    many.lastIndex = from;
    many.test(text);
    const through = many.lastIndex;
    if (through < from) wrong.push(`lastIndex ${through} before ${from}`);
    if (through > from && text.charCodeAt(through - 1) !== 0x0a) wrong.push(`stopped inside a line at ${through}`);
    for (let i = from; i < through;) {
      const nl = text.indexOf("\n", i);
      const line = text.slice(i, text.charCodeAt(nl - 1) === 0x0d ? nl - 1 : nl);
      if (line === "" || !recognizes(r, line)) wrong.push(JSON.stringify(line));
      bulk.push(line);
      i = nl + 1;
    }
    if (through > from) {
      from = through;
      continue;
    }
    // The line it did not read: the caller reads it alone.
    let nl = text.indexOf("\n", from);
    if (nl < 0) nl = text.length;
    alone.push(text.slice(from, text.charCodeAt(nl - 1) === 0x0d ? nl - 1 : nl));
    from = nl + 1;
  }
  return { bulk, alone, wrong };
}

/** Some lines of the corpus changed at random: a character replaced, dropped or doubled. */
function mutated(lines: string[], count: number): string[] {
  const rand = mulberry32(20);
  const chars = "%:/?#[]@!$&'()*+,;=-._~ aZ09\u00e9";
  const out: string[] = [];
  for (let k = 0; k < count; k++) {
    const s = lines[Math.floor(rand() * lines.length)];
    const i = Math.floor(rand() * (s.length + 1));
    const c = chars[Math.floor(rand() * chars.length)];
    const how = rand();
    out.push(
      how < 0.4
        ? s.slice(0, i) + c + s.slice(i + 1)
        : how < 0.7
          ? s.slice(0, i) + s.slice(i + 1)
          : s.slice(0, i) + c + s.slice(i),
    );
  }
  return out;
}

export function linesTests(profile: Profile = DEFAULT_PROFILE): void {
  const test = profiledTest(profile);
  const PROFILE = profile.name;
  const corpus = corpusLines("uris.txt");
  const table = withProfile(profile, () => [
    [
      "URI-reference (as check reads it first)",
      PROFILE === "rfc2732" ? uriReferenceWithoutBrackets() : recognizerOf("URI-reference"),
    ],
    ["absoluteURI", recognizerOf("absoluteURI")],
    ["relativeURI", recognizerOf("relativeURI")],
    ["hostname", recognizerOf("hostname")],
  ]) as [string, Recognizer][];
  const first = table[0][1];

  test.each(table)("%s: every line read in bulk is accepted, and reading stops at a line's start", (_, r) => {
    const many = linesOf(r);
    expect(many).toBeDefined();
    const lines = [...corpus.slice(0, 20000), ...mutated(corpus, 20000), "", "a", "http:", "//", "#", "?"];
    const rand = mulberry32(7);
    const text = lines.map((l) => l + (rand() < 0.2 ? "\r\n" : "\n")).join("");
    const { bulk, alone, wrong } = walk(r, many as RegExp, text);
    expect(wrong).toEqual([]);
    expect(bulk.length + alone.length).toBe(lines.length);
  });

  test("most valid lines of the corpus are read in bulk", () => {
    const many = linesOf(first) as RegExp;
    const valid = corpus.filter((l) => recognizes(first, l));
    const { bulk, wrong } = walk(first, many, valid.map((l) => l + "\n").join(""));
    expect(wrong).toEqual([]);
    expect(bulk.length / valid.length).toBeGreaterThan(0.95);
  });

  test("a long line, or one of many escapes, costs one call and no error", () => {
    const many = linesOf(first) as RegExp;
    const escapes = ("http://a/" + "%41".repeat(1000) + "\n").repeat(100);
    expect(walk(first, many, escapes).alone).toEqual([]);
    // More escapes than a run reads at once: the line is left to be read alone.
    const more = "http://a/" + "%41".repeat(5000);
    expect(walk(first, many, more + "\n").alone).toEqual([more]);
    const long = "http://a/" + "b".repeat(8 << 20);
    expect(walk(first, many, long + "\n").bulk).toHaveLength(1);
    expect(walk(first, many, long + " \n").alone).toHaveLength(1);
  });
}

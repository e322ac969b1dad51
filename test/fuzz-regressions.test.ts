// Replays every input the fuzzer (npm run fuzz) once found breaking an
// invariant, and a few hostile inputs chosen by hand, through the same
// invariants (test/fuzz/invariants.ts).
import * as fs from "node:fs";
import * as path from "node:path";
import { violations } from "./fuzz/invariants";

const HAND_PICKED = [
  "",
  "#",
  "?",
  "?y",
  "%",
  "%%",
  "%4",
  "%zz",
  "\ud800",
  "\udfff\ud800",
  "\u0000",
  "\r\n",
  "[::1]",
  "http://[::1]:80/",
  "http:",
  "http:#",
  "//",
  "///",
  "////",
  "..",
  "../..",
  "./..//",
  ".//g",
  "a:b:c",
  "1a:b",
  ":",
  "::",
  "@",
  "//@",
  "//:",
  "http://a:b@c:d@e/",
  "HTTP://Ex%41mple.COM:080/%7e?#",
  "mailto:%0D%0A",
  "a#b#c",
  "\u{1F600}",
  " http://a/ ",
];

test.each(HAND_PICKED.map((input) => [input]))("hand-picked %j", (input) => {
  expect(violations(input)).toEqual([]);
});

const found = JSON.parse(fs.readFileSync(path.join(__dirname, "fuzz", "regressions.json"), "utf8")) as {
  input: string;
  problems: string[];
}[];

test("every fuzz regression holds its invariants now", () => {
  expect(Array.isArray(found)).toBe(true);
  for (const { input, problems } of found) {
    expect({ input, was: problems, now: violations(input) }).toEqual({ input, was: problems, now: [] });
  }
});

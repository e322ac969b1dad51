// The split that places an error in a component (R15): reading it only up to
// the offset gives the component the whole split gives.
import { componentIn, splitOf } from "../src/syntax/split";
import { mulberry32 } from "./oracle/generate";
import { corpusLines } from "./helpers";

test("the split read up to an offset gives that offset the component of the whole split", () => {
  const random = mulberry32(2396);
  const alphabet = "a:/?#@[]. %1";
  const inputs = [
    ...corpusLines("uris.txt").slice(0, 2000),
    ...Array.from({ length: 20000 }, () =>
      Array.from(
        { length: 1 + Math.floor(random() * 14) },
        () => alphabet[Math.floor(random() * alphabet.length)],
      ).join(""),
    ),
  ];
  let compared = 0;
  const differ: string[] = [];
  for (const input of inputs) {
    for (const mayHaveScheme of [true, false]) {
      const whole = splitOf(input, mayHaveScheme);
      for (let offset = 0; offset <= input.length; offset++) {
        const part = splitOf(input, mayHaveScheme, offset);
        if (componentIn(part, offset) !== componentIn(whole, offset))
          differ.push(`${JSON.stringify(input)} at ${offset}`);
        compared++;
      }
    }
  }
  expect(differ.slice(0, 10)).toEqual([]);
  expect(compared).toBeGreaterThan(300000);
});

// npm run fuzz [-- --seconds N]: feeds generated, mutated and random hostile
// strings to every public function for a given time (FUZZ_SECONDS, default 60)
// and writes each input that breaks an invariant to regressions.json beside
// this file, which test/fuzz-regressions.test.ts replays in CI. Not part of
// npm test.
import * as fs from "node:fs";
import * as path from "node:path";
import { generate, generatableRules, HOSTILE_CHARACTERS, mulberry32, mutate, pick } from "../oracle/generate";
import { violations } from "./invariants";

const FILE = path.join(__dirname, "regressions.json");
const seconds = Number(process.env.FUZZ_SECONDS ?? 60);
const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);

interface Regression {
  input: string;
  problems: string[];
  found: string;
}

test(`fuzz for ${seconds} s (seed ${seed})`, () => {
  const rng = mulberry32(seed);
  const known: Regression[] = fs.existsSync(FILE) ? JSON.parse(fs.readFileSync(FILE, "utf8")) : [];
  const seen = new Set(known.map((r) => r.input));
  const found: Regression[] = [];
  const until = Date.now() + seconds * 1000;
  let runs = 0;
  while (Date.now() < until) {
    const kind = runs % 3;
    let input = generate(pick(rng, generatableRules as string[]), rng);
    if (kind >= 1) input = mutate(input, rng);
    if (kind === 2)
      input += Array.from({ length: 1 + Math.floor(rng() * 4) }, () => pick(rng, HOSTILE_CHARACTERS as string[])).join(
        "",
      );
    runs++;
    if (seen.has(input)) continue;
    const problems = violations(input);
    if (problems.length > 0) {
      seen.add(input);
      found.push({ input, problems, found: `seed ${seed}, run ${runs}` });
    }
  }
  if (found.length > 0) fs.writeFileSync(FILE, JSON.stringify([...known, ...found], null, 2) + "\n");
  process.stdout.write(`fuzz: ${runs} inputs in ${seconds} s, seed ${seed}: ${found.length} new failing inputs\n`);
  expect(found).toEqual([]);
});

// The profiles of scripts/profiles.js: the code asks a profile's traits, never its name, and
// each row's traits are facts of its grammar, checked against the recognizers built from it.
import * as path from "node:path";

const root = path.join(__dirname, "..");
/* eslint-disable @typescript-eslint/no-require-imports */
const { PROFILES } = require("../scripts/profiles.js") as {
  PROFILES: { name: string; grammars: string[]; traits: Record<string, boolean> }[];
};
const { composeProfile, startRules } = require("../scripts/compose-grammar.js") as {
  composeProfile: (root: string, profile: unknown) => { source: string };
  startRules: (source: string) => string[];
};
const { buildRecognizers, checkTraits } = require("../scripts/build-dfa.js") as {
  buildRecognizers: (source: string, rules: string[]) => unknown;
  checkTraits: (profile: unknown, built: unknown) => void;
};
/* eslint-enable @typescript-eslint/no-require-imports */

describe.each(PROFILES.map((p) => [p.name, p] as const))("the profile %s", (name, profile) => {
  const composed = composeProfile(root, profile);
  const built = buildRecognizers(composed.source, startRules(composed.source));

  test("its generated tables carry its name and its row's traits", () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const tables = require(path.join(root, "src", "syntax", "generated", `${name}-dfa.js`)) as {
      PROFILE: string;
      TRAITS: Record<string, boolean>;
    };
    expect(tables.PROFILE).toBe(name);
    expect(tables.TRAITS).toEqual(profile.traits);
    expect(Object.isFrozen(tables.TRAITS)).toBe(true);
  });

  test("a row whose trait its grammar contradicts is refused", () => {
    expect(() => checkTraits(profile, built)).not.toThrow();
    for (const trait of Object.keys(profile.traits)) {
      const wrong = { ...profile, traits: { ...profile.traits, [trait]: !profile.traits[trait] } };
      expect(() => checkTraits(wrong, built)).toThrow(new RegExp(`the ${name} row says ${trait} is`));
    }
  });
});

test("the profiles differ in every trait the code asks (each trait is exercised)", () => {
  const traits = Object.keys(PROFILES[0].traits);
  expect(traits.length).toBeGreaterThanOrEqual(4);
  for (const trait of traits) expect(new Set(PROFILES.map((p) => p.traits[trait])).size).toBe(2);
});

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

// A profile's value and entries are built from its row (scripts/build-entries.js): the entry
// exports every name of the core entry, bound, and the package publishes it where the row says.
describe.each(PROFILES.filter((p) => p.name !== PROFILES[0].name).map((p) => [p.name, p] as const))(
  "the entries of the profile %s",
  (name, profile) => {
    const dir = (profile as unknown as { dir: string }).dir;
    /* eslint-disable @typescript-eslint/no-require-imports */
    const core = require("../src") as Record<string, unknown>;
    const coreHtml = require("../src/html") as Record<string, unknown>;
    const values = require("../src/escaping/profile-values") as { profileValues: () => Record<string, unknown> };
    const { PROFILES: built } = require("../src/profiles") as { PROFILES: { name: string }[] };
    /* eslint-enable @typescript-eslint/no-require-imports */

    test("its value is in the profiles' list, in the table's order", () => {
      expect(built.map((p) => p.name)).toEqual(PROFILES.map((p) => p.name));
    });

    test("each entry has the core's names: functions bound, classes its own, the grammar's values its own", () => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const { withProfile } = require("../src/syntax/profile") as typeof import("../src/syntax/profile");
      for (const [coreEntry, sub] of [
        [core, ""],
        [coreHtml, "/html"],
      ] as const) {
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        const entry = require(`../src/${dir}${sub}`) as Record<string, unknown>;
        expect(Object.keys(entry).sort()).toEqual(Object.keys(coreEntry).sort());
        const grammarValues =
          sub === "" ? withProfile(built[PROFILES.indexOf(profile)] as never, values.profileValues) : {};
        for (const [key, value] of Object.entries(coreEntry)) {
          const own = entry[key];
          if (typeof value === "function" && /^class /.test(Function.prototype.toString.call(value))) {
            expect(own).not.toBe(value);
            expect((own as { name: string }).name).toBe((value as { name: string }).name);
          } else if (typeof value === "function") {
            expect(own).not.toBe(value);
            expect((own as { length: number }).length).toBe((value as { length: number }).length);
          } else if (key in grammarValues) expect(own).toEqual(grammarValues[key]);
          else expect(own).toBe(value);
        }
      }
      expect(core.PROFILE).toBe(PROFILES[0].name);
      expect(withProfile(built[0] as never, values.profileValues)).toEqual({
        PROFILE: core.PROFILE,
        RULES: core.RULES,
        ALLOWED_CHARACTERS: core.ALLOWED_CHARACTERS,
      });
    });

    test("the package publishes each entry where the row says", () => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const pkg = require("../package.json") as { exports: Record<string, unknown>; files: string[] };
      for (const sub of ["", "/html", "/parser", "/grammar"]) {
        expect(Object.keys(pkg.exports)).toContain(`./${dir}${sub}`);
      }
      for (const sub of ["", "/html", "/parser"]) expect(pkg.files).toContain(`${dir}${sub}/package.json`);
    });
  },
);

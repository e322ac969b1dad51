/**
 * `rfc2396 grammar [--regex FLAVOR [RULE]]`: the grammar itself, or the regular expressions
 * derived from it (rfc2396/regex) for another engine.
 *
 * @module
 */
import { profileName } from "../syntax/profile.js";
import { readFileSync } from "node:fs";
import * as path from "node:path";
import {
  REGEX_FLAVORS,
  REGEX_LIMITS,
  REGEX_PROFILES,
  type RegexFlavor,
  type RegexProfile,
  flavorNote,
  regex,
  regexFit,
  regexRules,
} from "../regex/index.js";
import {
  type Command,
  EXIT_INVALID,
  EXIT_OK,
  OPTION_PROFILE,
  TroubleError,
  UsageError,
  commonHelp,
  oneOf,
} from "./command.js";

const HELP = `Usage: rfc2396 grammar [options] [RULE]

Without options, prints the grammar: Appendix A of RFC 2396 as a peggy PEG
(grammar/rfc2396.peggy, the file the parser is built from); with --rfc2732,
that grammar composed with RFC 2732's changes (grammar/rfc2732.peggy).

With --regex FLAVOR, prints regular expressions derived from that grammar,
for another engine: for RULE, its pattern on one line; with no RULE, a JSON
object mapping every rule to its pattern (the same as the package's file
rfc2396/regex/FLAVOR.json). Each pattern matches exactly the strings the
rule derives, as a whole string (anchored where the engine needs it). RULE
is spelled as Appendix A spells it (URI-reference, hier_part, hostname...).

Options:
  --regex FLAVOR   the engine: ${REGEX_FLAVORS.join(", ")}
  --profile NAME   the grammar: ${REGEX_PROFILES.join(", ")} (default rfc2396,
                   or rfc2732 with --rfc2732)
  --rfc2732        the grammar of RFC 2396 as amended by RFC 2732
  --check          with --regex: a table of each rule's pattern length in
                   bytes, and whether it fits the known limits of the
                   engines that run the flavor (pcre2grep: 8192 bytes);
                   exit status 1 when one does not fit
${commonHelp(19)}

Flavors:
${REGEX_FLAVORS.map((f) => `  ${f.padEnd(11)} ${flavorNote(f)}`).join("\n")}

Examples:
  rfc2396 grammar --regex ecmascript URI-reference
  rfc2396 grammar --regex re2 hostname
  rfc2396 grammar --regex posix-ere
  rfc2396 grammar --regex pcre2 --rfc2732 --check
  rfc2396 grammar
  LC_ALL=C grep -a -v -x -E "$(rfc2396 grammar --regex posix-ere URI-reference)" uris.txt

(grep -a reads the list as text whatever its bytes: without it, at a NUL
byte, or outside the C locale at bytes that do not decode, GNU grep prints
"binary file matches" instead of the lines.)

Exit status: 0 on success, 1 when --check finds a pattern too long, 2 on a
usage error.`;

/**
 * The grammar file, two levels up from dist/cli/ (or src/cli/); for the RFC
 * 2732 profile, the composed grammar its parser is built from.
 */
function grammarText(rfc2732: boolean): string {
  const file = rfc2732
    ? path.join(__dirname, "..", "syntax", "generated", "rfc2732.peggy")
    : path.join(__dirname, "..", "..", "grammar", "rfc2396.peggy");
  try {
    return readFileSync(file, "utf8");
  } catch (e) {
    throw new TroubleError(`cannot read the grammar ${file}: ${(e as Error).message}`);
  }
}

/** A RangeError or TypeError of rfc2396/regex as a usage error, with the option's name. */
function asUsage<T>(f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (e instanceof RangeError || e instanceof TypeError) {
      throw new UsageError(e.message.replace(/^regex(Rules)?: /, "").replace(/options\.(\w+)/g, "--$1"));
    }
    throw e;
  }
}

/**
 * `--check`: a line a rule, its pattern's length and, for each known limit of the flavor's
 * engines, "fits" or how many bytes too long; then the limits and where they come from.
 */
function fitReport(flavor: RegexFlavor, profile: RegexProfile): { text: string; fit: boolean } {
  const limits = REGEX_LIMITS.filter((l) => l.flavor === flavor);
  const rows = asUsage(() => regexFit(flavor, profile));
  const width = Math.max(4, ...rows.map((r) => r.rule.length));
  const head = ["rule".padEnd(width), "bytes".padStart(6), ...limits.map((l) => l.engine)].join("  ");
  const lines = rows.map((r) =>
    [
      r.rule.padEnd(width),
      String(r.bytes).padStart(6),
      ...limits.map((l) => (r.fits[l.engine] ? "fits" : `${r.bytes - l.bytes} over`).padEnd(l.engine.length)),
    ]
      .join("  ")
      .trimEnd(),
  );
  const notes =
    limits.length === 0
      ? [`No known limit on a pattern's length in the engines of ${flavor}.`]
      : limits.map((l) => `${l.engine}: ${l.bytes} bytes (${l.source})`);
  const fit = rows.every((r) => Object.values(r.fits).every(Boolean));
  return { text: [`${flavor}, profile ${profile}`, head, ...lines, "", ...notes, ""].join("\n"), fit };
}

export const grammar: Command = {
  name: "grammar",
  summary: "the grammar, or its rules as regular expressions for other engines",
  help: HELP,
  options: {
    regex: { type: "string" },
    profile: { type: "string" },
    check: { type: "boolean" },
  },
  async run(ctx, values, positionals) {
    // (The first profile's command line runs this command for every profile.)
    const rfc2732 = profileName() === OPTION_PROFILE || values.rfc2732 === true;
    if (values.regex === undefined) {
      if (values.profile !== undefined) throw new UsageError("--profile goes with --regex");
      if (values.check !== undefined) throw new UsageError("--check goes with --regex");
      if (positionals.length > 0) throw new UsageError("a RULE goes with --regex FLAVOR");
      ctx.out.write(grammarText(rfc2732));
      return EXIT_OK;
    }
    const flavor = oneOf(values, "regex", REGEX_FLAVORS, "ecmascript");
    const profile: RegexProfile = oneOf(values, "profile", REGEX_PROFILES, rfc2732 ? OPTION_PROFILE : profileName());
    if (positionals.length > 1) throw new UsageError(`one RULE at most; got ${positionals.length}`);
    const [rule] = positionals;
    if (values.check === true) {
      if (rule !== undefined) throw new UsageError("--check takes no RULE: it reports on every rule");
      const { text, fit } = fitReport(flavor, profile);
      ctx.out.write(text);
      return fit ? EXIT_OK : EXIT_INVALID;
    }
    if (rule !== undefined) {
      ctx.out.line(asUsage(() => regex(rule, { flavor, profile })));
      return EXIT_OK;
    }
    const rules = asUsage(() => regexRules(profile));
    const table = Object.fromEntries(rules.map((r) => [r, regex(r, { flavor, profile })]));
    ctx.out.line(JSON.stringify(table, null, 2));
    return EXIT_OK;
  },
};

// @ts-check
// An ESLint rule that keeps the folders of src/ in the order of the flow
// (docs/architecture.md): a module may import from its own folder and from
// folders upstream of it, never downstream. src/args.ts sits below every
// folder; src/index.ts (the core entry) above the core folders.
import { createRequire } from "node:module";
import * as path from "node:path";

/** The entry folders of the profiles other than the default one (scripts/profiles.js, `dir`; built by scripts/build-entries.js). */
const PROFILE_ENTRY_DIRS = /** @type {{ PROFILES: { dir: string }[] }} */ (
  createRequire(import.meta.url)("../scripts/profiles.js")
).PROFILES.map((p) => p.dir).filter((dir) => dir !== "");

/** The folders of src/, upstream first. */
export const LAYERS = [
  "syntax",
  // The profiles other than the default one, values over their generated tables (src/syntax/profile.ts).
  "profiles",
  "regex",
  "components",
  "reference",
  "escaping",
  "diagnose",
  "text",
  // The core entry, as the entries of the other profiles read it (it imports as ENTRIES says).
  "index.ts",
  "html",
  // The entries of the other profiles (rfc2396/rfc2732 and rfc2396/rfc2732/html): the core's, bound.
  ...PROFILE_ENTRY_DIRS,
  "schemes",
  "implementations",
  "compare",
  // The readings of real URI libraries (src/implementations/, docs/implementations.md).
  "implementations",
  "lint",
  "eslint-plugin",
  "cli",
];

/** What each top-level file of src/ may import: a folder list, or "none". */
const ENTRIES = {
  "args.ts": [],
  "classes.ts": [],
  "text-builder.ts": [],
  "index.ts": ["syntax", "components", "reference", "escaping", "diagnose", "text"],
};

/**
 * The layer of a path under src/: a folder name, or the file name for the
 * files that sit directly in src/, or undefined outside src/.
 * @param {string} srcDir
 * @param {string} file
 */
function layerOf(srcDir, file) {
  const rel = path.relative(srcDir, file);
  if (rel.startsWith("..") || path.isAbsolute(rel)) return undefined;
  const parts = rel.split(path.sep);
  return parts.length === 1 ? parts[0].replace(/\.[cm]?[jt]s$/, "") + ".ts" : parts[0];
}

/** @type {import("eslint").Rule.RuleModule} */
export const importDirection = {
  meta: {
    type: "problem",
    docs: { description: "imports between the folders of src/ point one way, downstream (docs/architecture.md)" },
    schema: [],
    messages: {
      upward:
        "{{from}} may not import from {{to}}: the folders of src/ import in the order {{order}} (docs/architecture.md)",
      entry: "src/{{from}} may import only from {{allowed}}; not from {{to}}",
    },
  },
  create(context) {
    const file = context.filename;
    const srcDir = path.join(context.cwd, "src");
    const from = layerOf(srcDir, file);
    if (from === undefined) return {};
    /** @param {any} node @param {unknown} source */
    function check(node, source) {
      if (typeof source !== "string" || !source.startsWith(".")) return;
      const target = path.resolve(path.dirname(file), source);
      const to = layerOf(srcDir, target.replace(/\.[cm]?js$/, "").replace(/\.ts$/, "") + ".ts");
      if (to === undefined || to === from) return;
      // The argument checker, the shared classes and the text builder serve every folder.
      if (to === "args.ts" || to === "classes.ts" || to === "text-builder.ts") return;
      // create returned early where from is undefined; a hoisted function does not see that.
      if (/** @type {string} */ (from) in ENTRIES) {
        /** @type {string[]} */
        const allowed = ENTRIES[/** @type {keyof typeof ENTRIES} */ (from)];
        if (!allowed.includes(to)) {
          context.report({ node, messageId: "entry", data: { from, to, allowed: allowed.join(", ") || "nothing" } });
        }
        return;
      }
      const a = LAYERS.indexOf(/** @type {string} */ (from));
      const b = LAYERS.indexOf(to);
      if (a < 0 || b < 0 || b > a) {
        context.report({ node, messageId: "upward", data: { from, to, order: LAYERS.join(" → ") } });
      }
    }
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === "Literal" && check(node.source, node.source.value),
    };
  },
};

export default { rules: { "import-direction": importDirection } };

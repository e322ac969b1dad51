#!/usr/bin/env node
// @ts-check
// Generates the API documentation into docs/api/ with TypeDoc, from the TSDoc
// comments of the public API (src/index.ts and what it exports), with the
// options in typedoc.json. Offline: TypeDoc reads only the sources.
//
//   node scripts/build-docs.js [--strict] [--json FILE]
//
// Besides TypeDoc's own validation (typedoc.json: notExported, invalidLink,
// notDocumented), it checks what TypeDoc does not: that every public function
// and every public method of an exported class has an @example. It lists what
// fails; with --strict, any TypeDoc warning or missing @example is an error
// (exit code 1). --json writes the findings as JSON.
"use strict";

const fs = require("node:fs");
const path = require("node:path");

const root = path.join(__dirname, "..");

// TypeDoc is an ES module: its types are imported as such.
/** @typedef {typeof import("typedoc", { with: { "resolution-mode": "import" } })} TypeDoc */
/** @typedef {import("typedoc", { with: { "resolution-mode": "import" } }).DeclarationReflection} DeclarationReflection */
/** @typedef {import("typedoc", { with: { "resolution-mode": "import" } }).ProjectReflection} ProjectReflection */

/**
 * @param {string[]} argv
 * @returns {Promise<number>} the exit code
 */
async function main(argv) {
  const strict = argv.includes("--strict");
  const jsonAt = argv.indexOf("--json");
  // TypeDoc 0.28 is an ES module.
  const td = await import("typedoc");
  process.chdir(root);
  const app = await td.Application.bootstrapWithPlugins({ options: path.join(root, "typedoc.json") }, [
    new td.TypeDocReader(),
    new td.TSConfigReader(),
  ]);

  const project = await app.convert();
  if (!project) {
    process.stderr.write("rfc2396: TypeDoc could not convert the project\n");
    return 1;
  }
  app.validate(project);
  const warnings = app.logger.warningCount;
  const errors = app.logger.errorCount;

  const missing = missingExamples(td, project);
  for (const name of missing) {
    app.logger.warn(`${name} has no @example in its TSDoc comment`);
  }

  const out = app.options.getValue("out");
  await app.generateDocs(project, out);
  process.stdout.write(
    `rfc2396: API documentation in ${path.relative(root, out)}/ ` +
      `(${warnings} TypeDoc warnings, ${missing.length} public functions without @example)\n`,
  );

  if (jsonAt >= 0) {
    fs.writeFileSync(
      path.resolve(argv[jsonAt + 1]),
      JSON.stringify({ warnings, errors, missingExamples: missing }, null, 2) + "\n",
    );
  }
  if (errors > 0) return 1;
  if (strict && (warnings > 0 || missing.length > 0)) return 1;
  return 0;
}

/**
 * The public functions and methods (of exported classes, not inherited)
 * none of whose signatures has an @example block tag, as "name" or
 * "Class.method".
 * @param {TypeDoc} td
 * @param {ProjectReflection} project
 * @returns {string[]}
 */
function missingExamples(td, project) {
  const { ReflectionKind } = td;
  const hasExample = (/** @type {DeclarationReflection} */ reflection) =>
    (reflection.signatures || []).some((s) => s.comment && s.comment.blockTags.some((t) => t.tag === "@example")) ||
    Boolean(reflection.comment && reflection.comment.blockTags.some((t) => t.tag === "@example"));
  /** @type {string[]} */
  const missing = [];
  // Functions and methods are declarations.
  for (const fn of /** @type {DeclarationReflection[]} */ (project.getReflectionsByKind(ReflectionKind.Function))) {
    if (!hasExample(fn)) missing.push(fn.getFriendlyFullName());
  }
  for (const method of /** @type {DeclarationReflection[]} */ (project.getReflectionsByKind(ReflectionKind.Method))) {
    if (method.inheritedFrom || method.flags.isPrivate || method.flags.isProtected) continue;
    if (!hasExample(method)) missing.push(method.getFriendlyFullName());
  }
  return missing.sort();
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (e) => {
    process.stderr.write(`${e && e.stack ? e.stack : e}\n`);
    process.exitCode = 1;
  },
);

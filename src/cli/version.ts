/**
 * The version of the package, for --version and for the formats that name
 * the tool (lint's SARIF): read from package.json at run time.
 *
 * @module
 */
import { existsSync, readFileSync } from "node:fs";
import * as path from "node:path";
import { TroubleError } from "./command.js";

/** The version in package.json, read at run time. */
export function version(): string {
  // The nearest package.json named rfc2396 above this file (dist/rfc2732/cli/ sits one level further down).
  for (let dir = path.join(__dirname, ".."), up = 0; up < 3; up++, dir = path.dirname(dir)) {
    const file = path.join(dir, "package.json");
    if (!existsSync(file)) continue;
    const pkg = JSON.parse(readFileSync(file, "utf8")) as { name?: string; version: string };
    if (pkg.name === "rfc2396") return pkg.version;
  }
  throw new TroubleError("cannot find the package.json of rfc2396");
}

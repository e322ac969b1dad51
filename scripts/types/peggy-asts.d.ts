// Types for peggy's internal module lib/compiler/asts.js (peggy ships none
// for it), as scripts/build-schemes.js calls it: the test of "always
// consumes input on success" that peggy's infinite-loop check uses.
declare module "peggy/lib/compiler/asts" {
  import type { ast } from "peggy";
  export function alwaysConsumesOnSuccess(grammar: ast.Grammar, node: ast.Node<string>): boolean;
}

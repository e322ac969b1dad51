// No module of src/ imports itself through others (type imports and lazy requires included):
// each folder's modules can be read in an order where every import is already read.
import * as fs from "node:fs";
import * as path from "node:path";

const SRC = path.join(__dirname, "..", "src");

/** Every module of src/ (but the generated ones) with the modules of src/ it imports. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== "generated") walk(file);
      } else if (entry.name.endsWith(".ts")) {
        const text = fs.readFileSync(file, "utf8");
        const targets = [...text.matchAll(/(?:from|require\(|import\()\s*"(\.{1,2}\/[^"]+)"/g)]
          .map((m) => path.resolve(path.dirname(file), m[1]).replace(/\.js$/, ".ts"))
          .filter((t) => !t.split(path.sep).includes("generated"));
        graph.set(file, targets);
      }
    }
  };
  walk(SRC);
  return graph;
}

/** A cycle of the graph, as the modules on it, or undefined. */
function findCycle(graph: Map<string, string[]>): string[] | undefined {
  const state = new Map<string, "on" | "done">();
  const stack: string[] = [];
  const visit = (node: string): string[] | undefined => {
    state.set(node, "on");
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === "on") return stack.slice(stack.indexOf(next));
      if (state.get(next) === undefined) {
        const found = visit(next);
        if (found !== undefined) return found;
      }
    }
    stack.pop();
    state.set(node, "done");
    return undefined;
  };
  for (const node of graph.keys()) {
    if (state.get(node) !== undefined) continue;
    const found = visit(node);
    if (found !== undefined) return found.map((f) => path.relative(SRC, f));
  }
  return undefined;
}

test("no module of src/ is in a circle of imports", () => {
  const graph = importGraph();
  expect(graph.size).toBeGreaterThan(60);
  expect(findCycle(graph)).toBeUndefined();
});

test("the check finds a circle when there is one", () => {
  const graph = new Map([
    ["/a.ts", ["/b.ts"]],
    ["/b.ts", ["/c.ts"]],
    ["/c.ts", ["/a.ts"]],
  ]);
  expect(findCycle(graph)?.map((f) => path.basename(f))).toEqual(["a.ts", "b.ts", "c.ts"]);
});

/**
 * The table of every spec's reading (rfc2396/compare) under the
 * components: one column a spec, one row a component, the verdict, the kind
 * of host and the resolution; the cells of a difference marked; then the
 * differences with their codes and citations, and whether the specs agree.
 * WHATWG is the browser's own URL here (Node's in the CLI). The libraries
 * of rfc2396/implementations asked for are columns after the specs, with
 * the host each library reports (the one its client connects to), and a
 * validator and a fetcher are checked against each other (./pair.ts).
 */
import {
  COMPONENT_NAMES,
  IMPLEMENTATION_NAMES,
  SPECS,
  SPEC_TITLES,
  type ComponentKey,
  type Comparison,
  type Difference,
  type ImplementationColumn,
  type SpecReading,
} from "../src/compare/index";
import { IMPLEMENTATION_ROWS } from "../src/implementations/table";
import { code, h, value, type Child } from "./dom";

/** How a cell takes part in the differences: none, only normalizations, or a real difference. */
type Mark = "differs" | "equivalent" | undefined;

/** The mark of each cell, by row and reader: a difference marks the cells of both its sides, in its component's row. */
function marks(c: Comparison): Map<string, Mark> {
  const out = new Map<string, Mark>();
  const mark = (row: string, spec: string, m: Exclude<Mark, undefined>) => {
    const key = `${row} ${spec}`;
    if (out.get(key) !== "differs") out.set(key, m);
  };
  for (const d of c.differences) {
    const row = d.on === "verdict" ? "verdict" : (d.component as string);
    const m = d.equivalent ? "equivalent" : "differs";
    for (const spec of [...d.specs[0], ...d.specs[1]]) mark(row, spec, m);
  }
  return out;
}

function verdictCell(r: SpecReading): Child[] {
  // (An implementation's message is the library's own: java.net.URI's URISyntaxException, Python's ValueError...)
  if (r.valid) return [h("span", { class: "badge same" }, "valid")];
  const where = r.offset === undefined ? "" : ` at ${r.offset}`;
  const rule = r.rule === undefined ? "" : ` (${r.rule})`;
  return [
    h("span", { class: "badge differs" }, "invalid"),
    h("span", { class: "note" }, `${where}${rule}`),
    r.message === undefined ? null : h("span", { class: "prop" }, r.message),
  ];
}

/** A column of the table: a spec's reading or an implementation's. */
interface Column {
  readonly name: string;
  readonly title: string;
  readonly library: boolean;
  readonly reading: SpecReading | ImplementationColumn;
}

/** The columns of a comparison: its specs (SPECS' order: those asked for, and the pair's), then its implementations (the table's order). */
function columnsOf(c: Comparison): Column[] {
  const specs = SPECS.filter((s) => c.specs[s] !== undefined).map((name) => ({
    name,
    title: SPEC_TITLES[name],
    library: false,
    reading: c.specs[name] as SpecReading,
  }));
  const libraries = IMPLEMENTATION_NAMES.filter((n) => c.implementations[n] !== undefined).map((name) => ({
    name,
    title: titleOf(name),
    library: true,
    reading: c.implementations[name] as ImplementationColumn,
  }));
  return [...specs, ...libraries];
}

/** An implementation's title and version, from its row of the implementations table. */
function titleOf(name: string): string {
  const row = IMPLEMENTATION_ROWS.find((r) => r.name === name);
  return row === undefined ? name : `${row.title} (${row.version})`;
}

const none = (): Child => h("span", { class: "note" }, "-");

/** The table and the differences, for a comparison of the specs and implementations it holds. */
export function specsTable(c: Comparison): Child[] {
  const m = marks(c);
  const columns = columnsOf(c);
  const libraries = columns.some((col) => col.library);
  const cell = (row: string, col: Column, ...content: Child[]) =>
    h(
      "td",
      {
        "data-spec": col.name,
        "data-kind": col.library ? "implementation" : undefined,
        class: m.get(`${row} ${col.name}`),
      },
      ...content,
    );
  const row = (key: string, label: Child, make: (r: SpecReading & ImplementationColumn, col: Column) => Child[]) =>
    h(
      "tr",
      { "data-row": key },
      h("th", { scope: "row" }, label),
      columns.map((col) => cell(key, col, ...make(col.reading, col))),
    );
  const rows = [
    row("verdict", "verdict", verdictCell),
    ...COMPONENT_NAMES.map((name: ComponentKey) =>
      row(name, name, (r) => (r.components === undefined ? [none()] : [value(r.components[name])])),
    ),
    row("hostKind", "host kind", (r) => [r.hostKind === undefined ? none() : code(r.hostKind)]),
  ];
  // The host each library reports: the one its HTTP client connects to (a spec has none of its own).
  if (libraries) {
    rows.push(
      row("reportedHost", "host (connects to)", (r, col) => [
        !col.library || !r.valid
          ? none()
          : r.host === undefined
            ? h("span", { class: "note" }, "(none)")
            : code(r.host),
      ]),
    );
  }
  if (c.base !== undefined) {
    rows.push(
      row("resolved", "resolved", (r) =>
        r.resolved !== undefined ? [code(r.resolved)] : [h("span", { class: "note" }, r.resolveError ?? "-")],
      ),
    );
  }
  // The input as the reader that strips controls and spaces sees it (the reading that says so).
  const seenBy = SPECS.find((s) => c.specs[s]?.seen !== undefined);
  const seen = seenBy === undefined ? undefined : c.specs[seenBy]?.seen;
  return [
    h(
      "p",
      { class: c.agree ? "ok" : "bad", id: "specs-agree" },
      c.agree
        ? `The ${libraries ? "specs and libraries" : "specs"} agree: each accepts the input and reads the same scheme, host, port and path (up to normalizations both allow).`
        : `The ${libraries ? "specs and libraries" : "specs"} disagree: a parser of one and a parser of another would not read this input the same way.`,
    ),
    seen === undefined
      ? null
      : h(
          "p",
          { class: "help", id: "whatwg-seen" },
          `${seenBy} reads it as `,
          code(seen),
          " (leading and trailing controls and spaces, tabs and newlines removed).",
        ),
    h(
      "div",
      { class: "scroll" },
      h(
        "table",
        { class: "specs" },
        h(
          "caption",
          null,
          `The input read by each spec${libraries ? " and library" : ""}${c.base === undefined ? "" : ", and resolved against the base"}`,
        ),
        h(
          "thead",
          null,
          h(
            "tr",
            null,
            h("th", { scope: "col" }, "component"),
            columns.map((col) =>
              h(
                "th",
                { scope: "col", title: col.title, "data-kind": col.library ? "implementation" : undefined },
                col.name,
              ),
            ),
          ),
        ),
        h("tbody", null, rows),
      ),
    ),
    c.differences.length === 0
      ? h("p", { class: "help" }, `No difference between the ${libraries ? "readers" : "specs"} shown.`)
      : h("ul", { class: "differences", id: "differences" }, c.differences.map(differenceItem)),
  ];
}

function differenceItem(d: Difference): HTMLElement {
  return h(
    "li",
    { "data-code": d.code, class: d.equivalent ? "equivalent" : "differs" },
    h("code", { class: "code" }, d.code),
    d.component === undefined ? null : h("span", { class: "note" }, ` ${d.component}`),
    h("span", null, `: ${d.specs[0].join(", ")} / ${d.specs[1].join(", ")}`),
    d.equivalent ? h("span", { class: "note" }, " (equivalent)") : null,
    h("span", { class: "prop" }, d.title),
    h("span", { class: "prop" }, `${d.cites[0]} / ${d.cites[1]}`),
  );
}

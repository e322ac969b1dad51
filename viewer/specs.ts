/**
 * The table of every spec's reading (rfc2396/compare) under the
 * components: one column a spec, one row a component, the verdict, the kind
 * of host and the resolution; the cells of a difference marked; then the
 * differences with their codes and citations, and whether the specs agree.
 * WHATWG is the browser's own URL here (Node's in the CLI).
 */
import {
  COMPONENT_NAMES,
  SPECS,
  SPEC_TITLES,
  type ComponentKey,
  type Comparison,
  type Difference,
  type SpecName,
  type SpecReading,
} from "../src/compare/index";
import { code, h, value, type Child } from "./dom";

/** How a cell takes part in the differences: none, only normalizations, or a real difference. */
type Mark = "differs" | "equivalent" | undefined;

/** The mark of each cell, by row and spec: a difference marks the cells of both its sides, in its component's row. */
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
  if (r.valid) return [h("span", { class: "badge same" }, "valid")];
  const where = r.offset === undefined ? "" : ` at ${r.offset}`;
  const rule = r.rule === undefined ? "" : ` (${r.rule})`;
  return [
    h("span", { class: "badge differs" }, "invalid"),
    h("span", { class: "note" }, `${where}${rule}`),
    r.message === undefined ? null : h("span", { class: "prop" }, r.message),
  ];
}

/** The table and the differences, for a comparison of the specs in `shown`. */
export function specsTable(c: Comparison, shown: readonly SpecName[]): Child[] {
  const m = marks(c);
  const specs = SPECS.filter((s) => shown.includes(s) && c.specs[s] !== undefined);
  const cell = (row: string, spec: SpecName, ...content: Child[]) =>
    h("td", { "data-spec": spec, class: m.get(`${row} ${spec}`) }, ...content);
  const row = (key: string, label: Child, make: (r: SpecReading, spec: SpecName) => Child[]) =>
    h(
      "tr",
      { "data-row": key },
      h("th", { scope: "row" }, label),
      specs.map((spec) => cell(key, spec, ...make(c.specs[spec] as SpecReading, spec))),
    );
  const rows = [
    row("verdict", "verdict", verdictCell),
    ...COMPONENT_NAMES.map((name: ComponentKey) =>
      row(name, name, (r) =>
        r.components === undefined ? [h("span", { class: "note" }, "-")] : [value(r.components[name])],
      ),
    ),
    row("hostKind", "host kind", (r) => [
      r.hostKind === undefined ? h("span", { class: "note" }, "-") : code(r.hostKind),
    ]),
  ];
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
        ? "The specs agree: each accepts the input and reads the same scheme, host, port and path (up to normalizations both allow)."
        : "The specs disagree: a parser of one and a parser of another would not read this input the same way.",
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
          c.base === undefined
            ? "The input read by each spec"
            : "The input read by each spec, and resolved against the base",
        ),
        h(
          "thead",
          null,
          h(
            "tr",
            null,
            h("th", { scope: "col" }, "component"),
            specs.map((s) => h("th", { scope: "col", title: SPEC_TITLES[s] }, s)),
          ),
        ),
        h("tbody", null, rows),
      ),
    ),
    c.differences.length === 0
      ? h("p", { class: "help" }, "No difference between the specs shown.")
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

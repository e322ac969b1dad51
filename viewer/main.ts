/**
 * The live viewer: one URI reference read as RFC 2396 reads it, or, with
 * the switch on, as RFC 2396 amended by RFC 2732 (IPv6 literals), kept in
 * the location hash. Built by scripts/build-site.js (npm run site).
 */
import * as strict from "../src/index";
import type {
  CstNode,
  Diagnosis,
  NotServerReason,
  ResolutionTrace,
  URI_reference,
  UriComponents,
  UriSyntaxError,
} from "../src/index";
import strictDiagrams, { rfc2732 as profileDiagrams, type RuleDiagram } from "virtual:railroad";
import { compare } from "./compare";
import { compare as compareSpecs, IMPLEMENTATION_NAMES, SPECS, type SpecName } from "../src/compare/index";
import { pairVerdict } from "./pair";
import { specsTable } from "./specs";
import { code, fill, h, quoted, value, type Child } from "./dom";
import * as profile from "./rfc2732";
import { SCHEMES, checkScheme } from "../src/schemes/index";
import { fromHash, toHash, type AboveRoot, type ViewerState } from "./state";
import { genericSpans, hostOf, hostRule, ruleAt, treeSpans, type Span, type SpanKind } from "./spans";

// ---------------------------------------------------------------------------
// The library, twice
// ---------------------------------------------------------------------------

/**
 * The library is bundled twice (scripts/build-site.js): `strict` reads RFC
 * 2396 as it is, `profile` is the same modules over the tables and parser of
 * RFC 2396 composed with RFC 2732. Each copy has its own classes, so every
 * call and every instanceof goes through the copy of the state's profile.
 */
type Library = typeof strict;

function library(state: ViewerState): Library {
  return state.rfc2732 ? profile : strict;
}

/** How the page names the reading it shows. */
function reading(state: ViewerState): string {
  return state.rfc2732 ? "RFC 2396 with RFC 2732" : "RFC 2396";
}

// ---------------------------------------------------------------------------
// The page's elements
// ---------------------------------------------------------------------------

function byId<T extends HTMLElement>(id: string): T {
  return document.getElementById(id) as T;
}

const ui = {
  input: byId<HTMLTextAreaElement>("input"),
  backdrop: byId<HTMLDivElement>("backdrop"),
  legend: byId<HTMLUListElement>("legend"),
  status: byId<HTMLParagraphElement>("status"),
  components: byId<HTMLDivElement>("components"),
  problems: byId<HTMLDivElement>("problems"),
  scheme: byId<HTMLDivElement>("scheme"),
  resolution: byId<HTMLDivElement>("resolution"),
  whatwg: byId<HTMLDivElement>("whatwg"),
  specs: byId<HTMLDivElement>("specs"),
  specPick: byId<HTMLFieldSetElement>("spec-pick"),
  implementationPick: byId<HTMLFieldSetElement>("implementation-pick"),
  validator: byId<HTMLSelectElement>("validator"),
  fetcher: byId<HTMLSelectElement>("fetcher"),
  pair: byId<HTMLDivElement>("pair"),
  railroadIntro: byId<HTMLDivElement>("railroad-intro"),
  ruleSelect: byId<HTMLSelectElement>("rule-select"),
  railroad: byId<HTMLDivElement>("railroad"),
  tree: byId<HTMLDivElement>("tree"),
  base: byId<HTMLInputElement>("base"),
  aboveRoot: byId<HTMLSelectElement>("above-root"),
  sameScheme: byId<HTMLInputElement>("same-scheme"),
  rfc2732: byId<HTMLInputElement>("rfc2732"),
  reading: byId<HTMLSpanElement>("reading"),
};

const LEGEND: { kind: SpanKind | "error" | "warning" | "why" | "marked"; label: string }[] = [
  { kind: "scheme", label: "scheme" },
  { kind: "userinfo", label: "userinfo" },
  { kind: "host", label: "host" },
  { kind: "port", label: "port" },
  { kind: "registry", label: "registry-based authority" },
  { kind: "path", label: "path" },
  { kind: "query", label: "query" },
  { kind: "fragment", label: "fragment" },
  { kind: "error", label: "error" },
  { kind: "warning", label: "warning" },
  { kind: "why", label: "why not a server" },
  { kind: "marked", label: "tree node pointed at" },
];

// ---------------------------------------------------------------------------
// Reading the input: one parse per change
// ---------------------------------------------------------------------------

interface Analysis {
  state: ViewerState;
  /** The copy of the library that reads this state. */
  lib: Library;
  tree: URI_reference | undefined;
  components: UriComponents | undefined;
  error: UriSyntaxError | undefined;
  diagnosis: Diagnosis;
  spans: Span[];
  /** Why the authority is not a server, with the offset in the input. */
  registry: (NotServerReason & { at: number }) | undefined;
}

function analyze(state: ViewerState): Analysis {
  const input = state.input;
  const lib = library(state);
  let tree: URI_reference | undefined;
  let error: UriSyntaxError | undefined;
  try {
    tree = lib.parseCst(input);
  } catch (e) {
    if (!(e instanceof lib.UriSyntaxError)) throw e;
    error = e;
  }
  const components = tree === undefined ? undefined : lib.componentsOf(tree, input);
  let registry: Analysis["registry"];
  if (tree !== undefined && components?.authorityType === "registry") {
    const authority = findNode(lib, tree, "authority") as CstNode;
    const why = lib.whyNotServer(components.authority as string);
    registry = { ...why, at: authority.start + why.offset };
  }
  return {
    state,
    lib,
    tree,
    components,
    error,
    diagnosis: lib.diagnose(input),
    spans: tree === undefined ? genericSpans(input) : treeSpans(tree),
    registry,
  };
}

function findNode(lib: Library, node: CstNode, type: CstNode["type"]): CstNode | undefined {
  if (node.type === type) return node;
  for (const child of lib.childNodes(node)) {
    const found = findNode(lib, child, type);
    if (found) return found;
  }
  return undefined;
}

// ---------------------------------------------------------------------------
// The field and the colours under it
// ---------------------------------------------------------------------------

let current: Analysis;
/** The span of the tree node pointed at or focused, marked in the field. */
let marked: [number, number] | undefined;

function renderBackdrop(): void {
  const a = current;
  const input = a.state.input;
  const n = input.length;
  const kinds: (SpanKind | undefined)[] = new Array(n);
  for (const s of a.spans) kinds.fill(s.kind, s.start, s.end);
  const flags = new Uint8Array(n);
  const ERROR = 1;
  const WARNING = 2;
  const WHY = 4;
  const MARKED = 8;
  const missing = new Set<number>();
  for (const d of a.diagnosis.diagnostics) {
    if (d.end === d.start) {
      if (d.severity === "error") missing.add(d.start);
      continue;
    }
    const bit = d.severity === "error" ? ERROR : WARNING;
    for (let i = d.start; i < d.end; i++) flags[i] |= bit;
  }
  if (a.registry !== undefined) {
    if (a.registry.at < n && !"/?#".includes(input[a.registry.at])) flags[a.registry.at] |= WHY;
    else missing.add(a.registry.at);
  }
  if (marked !== undefined) for (let i = marked[0]; i < marked[1] && i < n; i++) flags[i] |= MARKED;

  const out = document.createDocumentFragment();
  let i = 0;
  while (i <= n) {
    if (missing.has(i)) out.appendChild(h("span", { class: "missing" }));
    if (i === n) break;
    let j = i + 1;
    while (j < n && kinds[j] === kinds[i] && flags[j] === flags[i] && !missing.has(j)) j++;
    const classes = [kinds[i] ? `c-${kinds[i]}` : "sep"];
    if (flags[i] & ERROR) classes.push("error");
    if (flags[i] & WARNING) classes.push("warning");
    if (flags[i] & WHY) classes.push("why");
    if (flags[i] & MARKED) classes.push("marked");
    // The input as typed (not shownText): this layer lies under the text area, character for character.
    const span = h("span", { class: classes.join(" ") });
    span.appendChild(document.createTextNode(input.slice(i, j)));
    out.appendChild(span);
    i = j;
  }
  // A final newline needs a character after it to take up its line.
  if (input.endsWith("\n")) out.appendChild(document.createTextNode(" "));
  ui.backdrop.replaceChildren(out);
  ui.backdrop.scrollTop = ui.input.scrollTop;
}

function autosize(): void {
  ui.input.style.height = "auto";
  const style = getComputedStyle(ui.input);
  const borders = parseFloat(style.borderTopWidth) + parseFloat(style.borderBottomWidth);
  ui.input.style.height = `${ui.input.scrollHeight + borders}px`;
}

function renderLegend(): void {
  fill(
    ui.legend,
    LEGEND.map(({ kind, label }) =>
      h("li", null, h("span", { class: `swatch k-${kind}`, "aria-hidden": "true" }), label),
    ),
  );
}

// ---------------------------------------------------------------------------
// Status line
// ---------------------------------------------------------------------------

const KIND_WORDS: Record<UriComponents["kind"], string> = {
  absolute: "an absolute URI (Section 3)",
  "network-path": "a network-path reference, starting with // (Section 5)",
  "absolute-path": "an absolute-path reference, starting with / (Section 5)",
  "relative-path": "a relative-path reference (Section 5)",
  "same-document": "a same-document reference: empty or only a fragment (Section 4.2)",
};

function renderStatus(): void {
  const { components, diagnosis, error } = current;
  const errors = diagnosis.diagnostics.filter((d) => d.severity === "error").length;
  const warnings = diagnosis.diagnostics.length - errors;
  if (current.state.input === "") {
    fill(
      ui.status,
      "Type a URI reference above, or try one of the examples below. ",
      "(The empty string is a valid URI reference too: it refers to the current document, Section 4.2.)",
    );
    ui.status.className = "status";
    return;
  }
  if (components !== undefined) {
    const parts: Child[] = [h("strong", null, "Valid."), ` This URI reference is ${KIND_WORDS[components.kind]}`];
    if (components.authorityType === "registry") parts.push(", with a registry-based authority (no host, no port)");
    else if (components.authorityType === "server") parts.push(", with a server-based authority");
    parts.push(".");
    if (warnings > 0) parts.push(` ${plural(warnings, "warning")}: see Problems.`);
    fill(ui.status, parts);
    ui.status.className = "status ok";
  } else {
    const where = error?.component ? ` in the ${error.component}` : "";
    fill(
      ui.status,
      h("strong", null, "Not a URI reference."),
      ` ${plural(errors, "error")}, the first at offset ${error?.offset}${where}. Problems below says how to fix ${errors === 1 ? "it" : "them"}.`,
      error?.code === "ipv6-literal" ? ` ${IPV6_HINT}` : null,
    );
    ui.status.className = "status bad";
  }
}

/** Under strict RFC 2396, for an IPv6 literal: the switch reads it. */
const IPV6_HINT =
  "RFC 2396 has no IPv6 literals: switch on RFC 2732 (IPv6 literals) above to read it as RFC 2732 does.";

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

// ---------------------------------------------------------------------------
// Components
// ---------------------------------------------------------------------------

const COMPONENT_ROWS: { key: keyof UriComponents; label: string; section: string; kind?: SpanKind }[] = [
  { key: "scheme", label: "scheme", section: "3.1", kind: "scheme" },
  { key: "authority", label: "authority", section: "3.2" },
  { key: "userinfo", label: "userinfo", section: "3.2.2", kind: "userinfo" },
  { key: "host", label: "host", section: "3.2.2", kind: "host" },
  { key: "port", label: "port", section: "3.2.2", kind: "port" },
  { key: "path", label: "path", section: "3.3", kind: "path" },
  { key: "query", label: "query", section: "3.4", kind: "query" },
  { key: "fragment", label: "fragment", section: "4.1", kind: "fragment" },
];

function componentTable(c: UriComponents, caption: string): HTMLElement {
  const rows = COMPONENT_ROWS.map(({ key, label, section, kind }) => {
    const swatchKind = key === "authority" && c.authorityType === "registry" ? "registry" : kind;
    return h(
      "tr",
      { "data-component": key },
      h(
        "th",
        { scope: "row" },
        swatchKind ? h("span", { class: `swatch k-${swatchKind}`, "aria-hidden": "true" }) : null,
        label,
        h("span", { class: "section" }, ` ${section}`),
      ),
      h("td", null, value(c[key] as string | undefined)),
    );
  });
  const typeRow = (key: string, label: string, text: Child, note?: Child) =>
    h("tr", { "data-component": key }, h("th", { scope: "row" }, label), h("td", null, text, note));
  rows.push(
    typeRow(
      "authorityType",
      "authorityType",
      value(c.authorityType),
      c.authorityType === undefined ? h("span", { class: "note" }, " no authority") : null,
    ),
    typeRow(
      "hostType",
      "hostType",
      value(c.hostType),
      c.hostType === undefined
        ? h(
            "span",
            { class: "note" },
            c.authorityType === "registry" ? " no host: the authority is registry-based" : " no host",
          )
        : null,
    ),
    typeRow("kind", "kind", code(c.kind)),
    typeRow("opaque", "opaque", code(String(c.opaque))),
  );
  return h(
    "div",
    { class: "scroll" },
    h("table", { class: "components" }, h("caption", null, caption), h("tbody", null, rows)),
  );
}

function renderComponents(): void {
  const { components, diagnosis, registry, state } = current;
  const parts: Child[] = [];
  if (components !== undefined) {
    parts.push(
      componentTable(components, `Each component as ${reading(state)} splits this reference`),
      h(
        "p",
        { class: "help" },
        h("span", { class: "undefined" }, "(undefined)"),
        " means the component's separator is absent; ",
        h("code", null, '""'),
        " means the separator is there with nothing after it (5.2): ",
        h("code", null, "http://a/b?"),
        " has an empty query, ",
        h("code", null, "http://a/b"),
        " has none.",
      ),
    );
    if (registry !== undefined) parts.unshift(registryBox(components, registry, state));
  } else if (diagnosis.fixed !== undefined) {
    parts.push(
      h(
        "p",
        null,
        "The input is not a URI reference, so it has no components. These are the components of the fixed URI ",
        code(diagnosis.fixed),
        " (see Problems):",
      ),
      componentTable(current.lib.parse(diagnosis.fixed), "The components of the fixed URI"),
    );
  } else {
    parts.push(h("p", null, "The input is not a URI reference, so it has no components (see Problems)."));
  }
  fill(ui.components, parts);
}

function registryBox(c: UriComponents, why: NotServerReason & { at: number }, state: ViewerState): HTMLElement {
  const input = state.input;
  const found =
    why.at < input.length ? ` (the ${quoted(input[why.at])} at offset ${why.at})` : ` (at offset ${why.at})`;
  return h(
    "div",
    { class: "explain registry", id: "registry-explanation" },
    h("h3", null, "A registry-based authority: no host, no port"),
    h(
      "p",
      null,
      "The authority ",
      code(c.authority as string),
      state.rfc2732
        ? " is not a host name, an IPv4 address or an IPv6 address in brackets, so it cannot be read as a server"
        : " is not a host name or an IPv4 address, so RFC 2396 cannot read it as a server",
      " (a host with an optional port, Section 3.2.2). It is still valid, as a ",
      h("em", null, "registry-based name"),
      " (Section 3.2.1): a name that the scheme's own registry looks up. So this URI has no host and no port.",
    ),
    h(
      "p",
      { class: "reason" },
      h("strong", null, "Why it is not a server: "),
      `${why.reason}${found}, in the ${why.component}.`,
      why.advice ? ` To make it a server, ${why.advice}.` : null,
    ),
    h("p", { class: "help" }, "Your browser's URL (below) reads any authority as a host, so it will disagree here."),
  );
}

// ---------------------------------------------------------------------------
// The scheme's own grammar (rfc2396/schemes)
// ---------------------------------------------------------------------------

/** The schemes with a grammar, for the text shown when the input's has none. */
const SCHEME_NAMES = Object.keys(SCHEMES).join(", ");

/** What the scheme's RFC reads: checkScheme's verdict, components and diagnostics (docs/schemes.md). */
function renderScheme(): void {
  const input = current.state.input.trim();
  const check = checkScheme(input);
  const parts: Child[] = [];
  if (check === undefined) {
    parts.push(
      h(
        "p",
        { class: "help" },
        `Its scheme has no grammar here; the schemes that have one (RFC 2396's time) are ${SCHEME_NAMES}.`,
      ),
    );
    fill(ui.scheme, parts);
    return;
  }
  const info = SCHEMES[check.scheme];
  parts.push(
    h(
      "p",
      { class: check.valid ? "ok" : "error", id: "scheme-verdict" },
      check.valid
        ? `A valid ${check.scheme} URI as ${info.rfc} section ${info.section} writes it (${info.rule}).`
        : `Not a valid ${check.scheme} URI as ${info.rfc} section ${info.section} writes it (${info.rule}).`,
    ),
  );
  if (current.state.rfc2732)
    parts.push(h("p", { class: "help" }, "The scheme grammars read RFC 2396 URIs (without RFC 2732's IPv6 literals)."));
  if (check.components !== undefined) {
    const rows = Object.entries(check.components).map(([name, v]) =>
      h("tr", null, h("th", { scope: "row" }, name), h("td", null, code(JSON.stringify(v) ?? "(undefined)"))),
    );
    parts.push(
      h(
        "div",
        { class: "scroll" },
        h(
          "table",
          { class: "components", id: "scheme-components" },
          h("caption", null, `The components ${info.rfc} names`),
          h("tbody", null, rows),
        ),
      ),
    );
  }
  if (check.diagnostics.length > 0)
    parts.push(
      h(
        "ul",
        { class: "diagnostics", id: "scheme-diagnostics" },
        check.diagnostics.map((d) =>
          h("li", null, code(`${d.severity}[${d.code}]`), ` at offset ${d.start} (${d.section}): ${d.message}`),
        ),
      ),
    );
  fill(ui.scheme, parts);
}

// ---------------------------------------------------------------------------
// Problems
// ---------------------------------------------------------------------------

/** The page lists this many diagnostics; a long paste can have thousands, and each is marked in the field. */
const MAX_DIAGNOSTICS = 50;

function renderProblems(): void {
  const { diagnosis, state } = current;
  const input = state.input;
  const list = diagnosis.diagnostics;
  const errors = list.filter((d) => d.severity === "error").length;
  const warnings = list.length - errors;
  const parts: Child[] = [];
  if (list.length === 0) {
    parts.push(h("p", { class: "ok" }, "No problems: a valid URI reference, written in its canonical form."));
  } else if (errors > 0) {
    parts.push(
      h(
        "p",
        { class: "summary" },
        h("strong", null, `This is not a URI reference: ${plural(errors, "error")}.`),
        ` Each one below says where it is (the ^ under the input points at it), which section of ${state.rfc2732 ? "RFC 2396 or RFC 2732" : "RFC 2396"} it breaks, and what to write instead.`,
        warnings > 0 ? ` There ${warnings === 1 ? "is" : "are"} also ${plural(warnings, "warning")}.` : null,
      ),
    );
    if (diagnosis.fixed !== undefined) {
      parts.push(
        h(
          "div",
          { class: "fixed" },
          h("p", null, errors === 1 ? "With the fix applied:" : "With every fix applied:"),
          h("output", { id: "fixed", for: "input" }, diagnosis.fixed),
          h("button", { type: "button", id: "use-fixed" }, "Use the fixed URI"),
        ),
      );
    } else {
      parts.push(h("p", null, "Not every error has a sure fix, so there is no fixed URI: edit the input by hand."));
    }
  } else {
    parts.push(
      h(
        "p",
        { class: "summary" },
        h("strong", null, `Valid, with ${plural(warnings, "warning")}.`),
        " A warning is not an error: the reference is valid, but not in its canonical form or risky (Section 7).",
      ),
    );
  }
  if (list.length > 0) {
    parts.push(
      h(
        "ol",
        { class: "diagnostics" },
        list
          .slice(0, MAX_DIAGNOSTICS)
          .map((d) =>
            h(
              "li",
              { class: `diagnostic ${d.severity}`, "data-code": d.code },
              h(
                "p",
                { class: "head" },
                h("span", { class: `badge ${d.severity}` }, d.severity),
                " ",
                h("code", { class: "code" }, d.code),
                " ",
                h("span", { class: "section" }, sectionName(d.section)),
                `, offset ${d.start}`,
                d.component ? ` in the ${d.component}` : "",
              ),
              h("p", { class: "message" }, capitalize(d.message), "."),
              h("pre", { class: "caret" }, current.lib.formatDiagnostic(input, d).split("\n").slice(1).join("\n")),
              d.fix === undefined
                ? null
                : h(
                    "p",
                    { class: "fix" },
                    "Fix: ",
                    d.fix === ""
                      ? ["remove ", code(quoted(input.slice(d.start, d.end)))]
                      : d.end > d.start
                        ? ["write ", code(quoted(d.fix)), " instead of ", code(quoted(input.slice(d.start, d.end)))]
                        : ["insert ", code(quoted(d.fix))],
                  ),
              d.code === "ipv6-literal" ? h("p", { class: "hint" }, IPV6_HINT) : null,
            ),
          ),
      ),
    );
  }
  if (list.length > MAX_DIAGNOSTICS) {
    parts.push(
      h(
        "p",
        { class: "help" },
        `And ${list.length - MAX_DIAGNOSTICS} more, not listed here (all are marked in the field).`,
      ),
    );
  }
  fill(ui.problems, parts);
}

/** "Section 3.2.2" for RFC 2396's sections; "RFC 2732 section 3" for a section of another RFC (written "RFC 2732 3"). */
function sectionName(section: string): string {
  const other = /^(RFC \d+) (.+)$/.exec(section);
  return other ? `${other[1]} section ${other[2]}` : `Section ${section}`;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// ---------------------------------------------------------------------------
// Resolution
// ---------------------------------------------------------------------------

function resolved(a: Analysis): { trace?: ResolutionTrace; failure?: Child[] } {
  const { state, lib } = a;
  if (state.base === "") return {};
  try {
    return {
      trace: lib.resolveTrace(state.base, state.input, {
        aboveRoot: state.aboveRoot,
        allowSameSchemeRelative: state.allowSameSchemeRelative,
      }),
    };
  } catch (e) {
    if (e instanceof lib.UriResolutionError) {
      return { failure: [`It cannot be resolved (step ${e.step} of Section 5.2): ${e.message}.`] };
    }
    if (e instanceof lib.UriSyntaxError) {
      return {
        failure:
          e.input === state.base && e.input !== state.input
            ? ["The base is not a URI reference: ", e.message, "."]
            : ["The reference is not a URI reference, so it cannot be resolved: fix it first (see Problems)."],
      };
    }
    throw e;
  }
}

let lastResolution: ReturnType<typeof resolved> = {};

function renderResolution(): void {
  const r = (lastResolution = resolved(current));
  if (current.state.base === "") {
    const absolute = current.components?.kind === "absolute";
    fill(
      ui.resolution,
      h(
        "p",
        null,
        "Type a base URI above to resolve this reference against it, step by step as Section 5.2 does.",
        absolute ? " This reference is absolute, so against any base it stays itself." : null,
      ),
    );
    return;
  }
  if (r.trace === undefined) {
    fill(ui.resolution, h("p", { class: "bad" }, r.failure ?? []));
    return;
  }
  fill(
    ui.resolution,
    h("p", { class: "result" }, "Result: ", h("output", { id: "resolved" }, r.trace.result)),
    h("p", { class: "help" }, "The steps of Section 5.2, with the path buffer after each sub-step of step 6:"),
    h(
      "ol",
      { class: "trace" },
      r.trace.steps.map((s) =>
        h(
          "li",
          { "data-step": s.step },
          h("span", { class: "step" }, s.step),
          " ",
          h("span", { class: "note" }, s.note),
          s.buffer === undefined ? null : [" ", h("code", { class: "buffer" }, s.buffer === "" ? '""' : s.buffer)],
        ),
      ),
    ),
  );
}

// ---------------------------------------------------------------------------
// Every spec side by side (rfc2396/compare)
// ---------------------------------------------------------------------------

/** The specs the state asks for, known ones only, in SPECS' order (none: all). */
function shownSpecs(state: ViewerState): SpecName[] {
  const asked = SPECS.filter((s) => state.specs.includes(s));
  return asked.length > 0 ? asked : [...SPECS];
}

/** The implementations the state asks for, known ones only, in the table's order. */
function shownImplementations(state: ViewerState): string[] {
  return IMPLEMENTATION_NAMES.filter((n) => state.implementations.includes(n));
}

/** The readers a side of the pair may be: every spec, then every implementation. */
const READER_NAMES: readonly string[] = [...SPECS, ...IMPLEMENTATION_NAMES];

/** The validator and the fetcher the state asks for, when both are set and known. */
function pairOf(state: ViewerState): { validator: string; fetcher: string } | undefined {
  const { validator, fetcher } = state;
  return READER_NAMES.includes(validator) && READER_NAMES.includes(fetcher) ? { validator, fetcher } : undefined;
}

function renderSpecs(): void {
  const { state } = current;
  const specs = shownSpecs(state);
  const base = state.base === "" ? undefined : state.base;
  // (compare adds the pair's implementations to the columns asked for.)
  const c = compareSpecs(state.input, { base, specs, implementations: shownImplementations(state), ...pairOf(state) });
  fill(ui.specs, specsTable(c));
  fill(ui.pair, pairVerdict(c));
}

// ---------------------------------------------------------------------------
// WHATWG URL beside RFC 2396
// ---------------------------------------------------------------------------

function renderWhatwg(): void {
  const { state } = current;
  const withBase = state.base !== "";
  let url: URL | undefined;
  let thrown: string | undefined;
  try {
    url = withBase ? new URL(state.input, state.base) : new URL(state.input);
  } catch (e) {
    thrown = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
  }
  // Ours: the reference itself, or its resolution when there is a base.
  let ours: UriComponents | undefined;
  if (withBase) ours = lastResolution.trace ? current.lib.parse(lastResolution.trace.result) : undefined;
  else ours = current.components;

  const intro = h(
    "p",
    { class: "help" },
    `The WHATWG URL standard is what browsers follow; it is not ${reading(state)}. `,
    withBase
      ? "Compared: new URL(input, base) and our resolution of the reference against the base."
      : "Compared: new URL(input) and our components of the input.",
  );
  if (url === undefined) {
    fill(
      ui.whatwg,
      intro,
      h(
        "p",
        { class: "explain thrown", id: "url-throws" },
        h("strong", null, "Your browser's URL throws: "),
        code(thrown ?? ""),
        ". ",
        withBase
          ? "It cannot read this reference against this base."
          : "URL reads only absolute URLs unless it is given a base; RFC 2396 reads relative references too. Type a base above to compare resolutions.",
      ),
    );
    return;
  }
  if (ours === undefined) {
    fill(
      ui.whatwg,
      intro,
      h(
        "p",
        { class: "explain" },
        withBase
          ? `${reading(state)} gives no resolution to compare (see Resolved against the base). `
          : `${reading(state)} rejects this input (see Problems), but your browser's URL accepts it: `,
        code(url.href),
      ),
    );
    return;
  }
  const rows = compare(url, ours);
  const differences = rows.filter((r) => !r.same).length;
  fill(
    ui.whatwg,
    intro,
    h(
      "p",
      { class: differences ? "bad" : "ok" },
      differences === 0
        ? "They agree on every field."
        : `They differ in ${plural(differences, "field")}, marked below.`,
      " URL's own form: ",
      code(url.href),
    ),
    h(
      "div",
      { class: "scroll" },
      h(
        "table",
        { class: "compare" },
        h(
          "thead",
          null,
          h(
            "tr",
            null,
            h("th", { scope: "col" }, "component", h("span", { class: "prop" }, "URL property")),
            h("th", { scope: "col" }, reading(state)),
            h("th", { scope: "col" }, "URL"),
            h("th", { scope: "col" }, "same?"),
          ),
        ),
        h(
          "tbody",
          null,
          rows.map((r) =>
            h(
              "tr",
              { class: r.same ? "same" : "differs", "data-field": r.component },
              h("th", { scope: "row" }, r.component, h("span", { class: "prop" }, r.property)),
              h("td", null, value(r.ours)),
              h("td", null, code(r.urlValue)),
              h(
                "td",
                null,
                h("span", { class: `badge ${r.same ? "same" : "differs"}` }, r.same ? "same" : "differs"),
                r.note ? h("span", { class: "note" }, ` ${r.note}`) : null,
              ),
            ),
          ),
        ),
      ),
    ),
  );
}

// ---------------------------------------------------------------------------
// Railroad diagrams
// ---------------------------------------------------------------------------

/** The diagrams of the profile shown: the strict grammar's, or the composed grammar's (src/syntax/generated/rfc2732.peggy). */
let diagrams: RuleDiagram[] = [];
let DIAGRAMS = new Map<string, RuleDiagram>();
let diagramsProfile: boolean | undefined;
let suggestedRule = "";

/** Takes the diagrams of a profile, keeping the rule picked when the profile has it too (drawn as the profile draws it). */
function useDiagrams(rfc2732: boolean): void {
  if (diagramsProfile === rfc2732) return;
  diagramsProfile = rfc2732;
  diagrams = rfc2732 ? profileDiagrams : strictDiagrams;
  DIAGRAMS = new Map(diagrams.map((d) => [d.name, d]));
  const picked = ui.ruleSelect.value;
  renderRuleOptions();
  if (DIAGRAMS.has(picked)) {
    ui.ruleSelect.value = picked;
    renderDiagram(picked);
  } else {
    suggestedRule = "";
  }
}

const RULE_GROUPS: { kind: RuleDiagram["kind"]; label: string }[] = [
  { kind: "appendix-a", label: "Appendix A" },
  { kind: "rfc2732", label: "RFC 2732 (and RFC 2373's hex4)" },
  { kind: "helper", label: "helpers of the PEG grammar" },
];

function renderRuleOptions(): void {
  fill(
    ui.ruleSelect,
    RULE_GROUPS.map(({ kind, label }) => {
      const rules = diagrams.filter((d) => d.kind === kind);
      return rules.length === 0
        ? null
        : h(
            "optgroup",
            { label },
            rules.map((d) => h("option", { value: d.name }, d.name)),
          );
    }),
  );
}

function renderRailroadIntro(): void {
  const { error, registry, state } = current;
  let rule: string;
  let intro: Child[];
  if (error !== undefined) {
    rule = ruleAt(state.input, error.offset, error.component, error.code);
    if (!DIAGRAMS.has(rule))
      rule = error.component !== undefined && DIAGRAMS.has(error.component) ? error.component : "URI-reference";
    const found = error.found === null ? "the input ends" : `${quoted(error.found)} is not allowed`;
    intro = [
      h("strong", null, `The input fails in the rule ${rule}`),
      ` at offset ${error.offset}${error.component ? ` (in the ${error.component})` : ""}: ${found} there. `,
      "Follow the tracks from left to right: every way through spells text the rule accepts, so what is off the tracks cannot stand there. Boxes with rounded ends are characters; square boxes are other rules (click one to see it).",
    ];
  } else if (registry !== undefined) {
    const { host, start } = hostOf(current.components?.authority as string);
    rule = registry.component === "host" ? hostRule(host, registry.offset - start) : registry.component;
    intro = [
      h("strong", null, `The authority is not a server: as one, it fails in the rule ${rule}.`),
      " It is valid as a registry-based name (reg_name) instead. Pick any rule below to see its diagram.",
    ];
  } else {
    rule = "URI-reference";
    intro = [
      state.rfc2732
        ? "The input is a URI reference under RFC 2732. Pick any rule below to see its diagram, as RFC 2732 amends it."
        : "The input is a URI reference. Pick any rule below to see its diagram.",
    ];
  }
  fill(ui.railroadIntro, h("p", null, intro));
  if (rule !== suggestedRule) {
    suggestedRule = rule;
    ui.ruleSelect.value = rule;
    renderDiagram(rule);
  }
}

function renderDiagram(name: string): void {
  const d = DIAGRAMS.get(name);
  if (d === undefined) return;
  const figure = h(
    "figure",
    { "data-rule": d.name },
    h("div", { class: "svg" }),
    h("figcaption", null, h("pre", null, h("code", null, d.caption))),
    d.peg ? h("p", { class: "peg" }, h("strong", null, "PEG: "), d.peg) : null,
  );
  // The SVG text is our own build's (scripts/build-railroad.js), not the input's.
  (figure.firstChild as HTMLElement).innerHTML = d.svg;
  // A square box (a rect without rounded corners) names another rule: make it lead there.
  for (const rect of figure.querySelectorAll("svg rect:not([rx])")) {
    const box = rect.parentElement;
    const name = box?.querySelector(":scope > text")?.textContent ?? "";
    if (box === null || !DIAGRAMS.has(name)) continue;
    box.classList.add("non-terminal");
    box.dataset.rule = name;
    box.setAttribute("tabindex", "0");
    box.setAttribute("role", "link");
    box.setAttribute("aria-label", `the rule ${name}`);
  }
  fill(ui.railroad, h("h3", null, d.name), figure);
}

function followRule(target: EventTarget | null): void {
  const box = target instanceof Element ? target.closest<SVGGElement>("g.non-terminal") : null;
  const name = box?.dataset.rule;
  if (name === undefined) return;
  ui.ruleSelect.value = name;
  renderDiagram(name);
  ui.railroad.querySelector("h3")?.setAttribute("tabindex", "-1");
  ui.railroad.querySelector<HTMLElement>("h3")?.focus();
}

// ---------------------------------------------------------------------------
// Syntax tree
// ---------------------------------------------------------------------------

/** The tree shows this many children of a node (a long path has thousands of segments). */
const MAX_CHILDREN = 100;

function renderTree(): void {
  const { tree, state } = current;
  marked = undefined;
  if (tree === undefined) {
    fill(
      ui.tree,
      h(
        "p",
        null,
        "No tree: the input is not a URI reference. Fix the problems above (or use the fixed URI) to see one.",
      ),
    );
    return;
  }
  const input = state.input;
  const node = (n: CstNode): HTMLElement => {
    const children = current.lib.childNodes(n);
    const text = input.slice(n.start, n.end);
    const label: Child[] = [
      h("span", { class: "rule" }, n.type),
      " ",
      h("span", { class: "span" }, `[${n.start}, ${n.end})`),
      " ",
      h("code", { class: "text" }, text.length > 80 ? `${text.slice(0, 77)}...` : text === "" ? '""' : text),
    ];
    const data = { "data-start": n.start, "data-end": n.end, "data-rule": n.type };
    if (children.length === 0) return h("li", null, h("div", { class: "leaf", tabindex: 0, ...data }, label));
    const shown = children.slice(0, MAX_CHILDREN).map(node);
    if (children.length > MAX_CHILDREN) {
      shown.push(
        h("li", { class: "more" }, `and ${children.length - MAX_CHILDREN} more ${children[MAX_CHILDREN].type} nodes`),
      );
    }
    return h("li", null, h("details", { open: true }, h("summary", data, label), h("ul", null, shown)));
  };
  fill(ui.tree, h("ul", { class: "tree", "aria-label": "Syntax tree" }, node(tree)));
}

function markFrom(target: EventTarget | null): void {
  const el = target instanceof Element ? target.closest<HTMLElement>("[data-start]") : null;
  const next: [number, number] | undefined = el ? [Number(el.dataset.start), Number(el.dataset.end)] : undefined;
  if (next?.[0] === marked?.[0] && next?.[1] === marked?.[1]) return;
  marked = next;
  for (const old of ui.tree.querySelectorAll(".pointed")) old.classList.remove("pointed");
  el?.classList.add("pointed");
  renderBackdrop();
}

// ---------------------------------------------------------------------------
// Updating
// ---------------------------------------------------------------------------

function readState(): ViewerState {
  return {
    input: ui.input.value,
    base: ui.base.value,
    aboveRoot: ui.aboveRoot.value as AboveRoot,
    allowSameSchemeRelative: ui.sameScheme.checked,
    rfc2732: ui.rfc2732.checked,
    specs: pickedSpecs(),
    implementations: [...ui.implementationPick.querySelectorAll<HTMLInputElement>("input[data-implementation]")]
      .filter((box) => box.checked)
      .map((box) => box.dataset.implementation as string),
    validator: ui.validator.value,
    fetcher: ui.fetcher.value,
  };
}

/** The specs ticked in the table's picker; none when all are (the default, left out of the hash). */
function pickedSpecs(): string[] {
  const ticked = [...ui.specPick.querySelectorAll<HTMLInputElement>("input[data-spec]")]
    .filter((box) => box.checked)
    .map((box) => box.dataset.spec as string);
  return ticked.length === SPECS.length ? [] : ticked;
}

function writeState(state: ViewerState): void {
  ui.input.value = state.input;
  ui.base.value = state.base;
  ui.aboveRoot.value = state.aboveRoot;
  ui.sameScheme.checked = state.allowSameSchemeRelative;
  ui.rfc2732.checked = state.rfc2732;
  const shown = shownSpecs(state);
  for (const box of ui.specPick.querySelectorAll<HTMLInputElement>("input[data-spec]")) {
    box.checked = shown.includes(box.dataset.spec as SpecName);
  }
  const libraries = shownImplementations(state);
  for (const box of ui.implementationPick.querySelectorAll<HTMLInputElement>("input[data-implementation]")) {
    box.checked = libraries.includes(box.dataset.implementation as string);
  }
  const pair = pairOf(state);
  ui.validator.value = pair?.validator ?? "";
  ui.fetcher.value = pair?.fetcher ?? "";
}

/** The pickers of the implementations and of the pair, from the implementations table (never a list of the page's own). */
function renderReaderPickers(): void {
  for (const name of IMPLEMENTATION_NAMES) {
    ui.implementationPick.append(
      h("label", { class: "check" }, h("input", { type: "checkbox", "data-implementation": name }), ` ${name}`),
    );
  }
  for (const select of [ui.validator, ui.fetcher]) {
    select.append(
      h("option", { value: "" }, "(none)"),
      h(
        "optgroup",
        { label: "specs" },
        SPECS.map((s) => h("option", { value: s }, s)),
      ),
      h(
        "optgroup",
        { label: "libraries" },
        IMPLEMENTATION_NAMES.map((n) => h("option", { value: n }, n)),
      ),
    );
  }
}

let frame = 0;
let treeTimer: ReturnType<typeof setTimeout> | undefined;
const TREE_DELAY_MS = 150;

function schedule(): void {
  // body[data-updating] while a change waits for its frame: tests wait for it to go.
  document.body.dataset.updating = "true";
  if (frame === 0) frame = requestAnimationFrame(update);
}

function update(): void {
  frame = 0;
  current = analyze(readState());
  marked = undefined;
  // body[data-profile]: the PROFILE of the copy of the library that reads the input.
  document.body.dataset.profile = current.lib.PROFILE;
  ui.reading.textContent = current.state.rfc2732 ? "RFC 2396 (1998) with RFC 2732 (1999)" : "RFC 2396 (1998)";
  useDiagrams(current.state.rfc2732);
  autosize();
  renderBackdrop();
  renderStatus();
  renderComponents();
  renderScheme();
  renderProblems();
  renderSpecs();
  renderResolution();
  renderWhatwg();
  renderRailroadIntro();
  // The tree is the largest part of the page: build it once typing pauses.
  clearTimeout(treeTimer);
  ui.tree.setAttribute("aria-busy", "true");
  treeTimer = setTimeout(() => {
    renderTree();
    ui.tree.removeAttribute("aria-busy");
  }, TREE_DELAY_MS);
  delete document.body.dataset.updating;
  const hash = toHash(current.state);
  if (hash !== undefined && hash !== location.hash && !(hash === "#" && location.hash === "")) {
    history.replaceState(null, "", hash === "#" ? location.pathname + location.search : hash);
  }
}

function start(): void {
  if (strict.PROFILE !== "rfc2396" || profile.PROFILE !== "rfc2732") {
    throw new Error(
      `viewer: the library is bundled as ${strict.PROFILE} and ${profile.PROFILE}, not rfc2396 and rfc2732: build it with scripts/build-site.js`,
    );
  }
  renderLegend();
  for (const spec of SPECS) {
    ui.specPick.append(
      h("label", { class: "check" }, h("input", { type: "checkbox", "data-spec": spec, checked: true }), ` ${spec}`),
    );
  }
  renderReaderPickers();
  writeState(fromHash(location.hash));

  ui.input.addEventListener("input", schedule);
  ui.input.addEventListener("keydown", (e) => {
    // A URI reference is one line, and there is nothing to submit.
    if (e.key === "Enter") e.preventDefault();
  });
  ui.input.addEventListener("scroll", () => {
    ui.backdrop.scrollTop = ui.input.scrollTop;
  });
  ui.base.addEventListener("input", schedule);
  ui.aboveRoot.addEventListener("change", schedule);
  ui.sameScheme.addEventListener("change", schedule);
  ui.rfc2732.addEventListener("change", schedule);
  ui.specPick.addEventListener("change", schedule);
  ui.implementationPick.addEventListener("change", schedule);
  ui.validator.addEventListener("change", schedule);
  ui.fetcher.addEventListener("change", schedule);
  window.addEventListener("resize", autosize);
  window.addEventListener("hashchange", () => {
    if (location.hash === toHash(readState())) return;
    writeState(fromHash(location.hash));
    schedule();
  });

  document.querySelector(".examples")?.addEventListener("click", (e) => {
    const button = (e.target as Element).closest<HTMLButtonElement>("button[data-example]");
    if (!button) return;
    ui.input.value = button.dataset.example ?? "";
    ui.base.value = button.dataset.base ?? "";
    // An example that needs RFC 2732 turns the switch on; the others leave it as it is.
    if (button.dataset.rfc2732 !== undefined) ui.rfc2732.checked = true;
    schedule();
    ui.input.focus();
  });
  ui.problems.addEventListener("click", (e) => {
    if (!(e.target as Element).closest("#use-fixed")) return;
    const fixed = current.diagnosis.fixed;
    if (fixed === undefined) return;
    ui.input.value = fixed;
    schedule();
    ui.input.focus();
  });

  ui.ruleSelect.addEventListener("change", () => renderDiagram(ui.ruleSelect.value));
  ui.railroad.addEventListener("click", (e) => followRule(e.target));
  ui.railroad.addEventListener("keydown", (e) => {
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      followRule(e.target);
    }
  });

  ui.tree.addEventListener("mouseover", (e) => markFrom(e.target));
  ui.tree.addEventListener("mouseleave", () =>
    markFrom(ui.tree.contains(document.activeElement) ? document.activeElement : null),
  );
  ui.tree.addEventListener("focusin", (e) => markFrom(e.target));
  ui.tree.addEventListener("focusout", (e) => {
    if (!ui.tree.contains(e.relatedTarget as Node | null)) markFrom(null);
  });

  update();
  clearTimeout(treeTimer);
  renderTree();
  ui.tree.removeAttribute("aria-busy");
  document.body.dataset.ready = "true";
}

start();

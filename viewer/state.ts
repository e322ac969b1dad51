/**
 * The page's state in the location hash, so that every state is a link:
 * `#` and the input as encodeURIComponent writes it, then, only when they
 * are set, `&base=`, `&aboveRoot=`, `&sameScheme=1`, `&rfc2732=1` (the
 * switch that reads the input under the RFC 2732 profile; off, strict RFC
 * 2396) and `&specs=` (the specs of the comparison table, comma-separated,
 * when not all), `&implementations=` (the libraries of rfc2396/implementations
 * whose columns the table adds, comma-separated, when any) and `&validator=`
 * and `&fetcher=` (the pair checked against each other, when both are set).
 * encodeURIComponent writes `&` as `%26`, so the first `&` always ends
 * the input.
 */

export type AboveRoot = "keep" | "remove" | "error";

export interface ViewerState {
  input: string;
  base: string;
  aboveRoot: AboveRoot;
  allowSameSchemeRelative: boolean;
  /** Read the input (and the base) as RFC 2396 amended by RFC 2732 (IPv6 literals), not as strict RFC 2396. */
  rfc2732: boolean;
  /** The specs the comparison table shows (rfc2396/compare's names); empty: all. */
  specs: readonly string[];
  /** The implementations whose columns the table adds (rfc2396/implementations' names); empty: none. */
  implementations: readonly string[];
  /** The reader that checks the input (a spec's or an implementation's name), "" for none. */
  validator: string;
  /** The reader that fetches it, "" for none. */
  fetcher: string;
}

export const INITIAL: ViewerState = Object.freeze({
  input: "",
  base: "",
  aboveRoot: "keep",
  allowSameSchemeRelative: false,
  rfc2732: false,
  specs: [],
  implementations: [],
  validator: "",
  fetcher: "",
});

/** The hash for a state (with its `#`), or undefined when a string cannot be encoded (a lone surrogate). */
export function toHash(state: ViewerState): string | undefined {
  try {
    let hash = `#${encodeURIComponent(state.input)}`;
    if (state.base !== "") hash += `&base=${encodeURIComponent(state.base)}`;
    if (state.aboveRoot !== "keep") hash += `&aboveRoot=${state.aboveRoot}`;
    if (state.allowSameSchemeRelative) hash += "&sameScheme=1";
    if (state.rfc2732) hash += "&rfc2732=1";
    if (state.specs.length > 0) hash += `&specs=${state.specs.map(encodeURIComponent).join(",")}`;
    if (state.implementations.length > 0)
      hash += `&implementations=${state.implementations.map(encodeURIComponent).join(",")}`;
    if (state.validator !== "" && state.fetcher !== "")
      hash += `&validator=${encodeURIComponent(state.validator)}&fetcher=${encodeURIComponent(state.fetcher)}`;
    return hash;
  } catch {
    return undefined;
  }
}

/** The state a hash stands for (with or without its `#`). Whatever cannot be decoded is taken as written. */
export function fromHash(hash: string): ViewerState {
  const text = hash.startsWith("#") ? hash.slice(1) : hash;
  const [first, ...rest] = text.split("&");
  const state: ViewerState = { ...INITIAL, input: decode(first) };
  for (const part of rest) {
    const eq = part.indexOf("=");
    const key = eq < 0 ? part : part.slice(0, eq);
    const raw = eq < 0 ? "" : part.slice(eq + 1);
    const value = decode(raw);
    if (key === "base") state.base = value;
    else if (key === "aboveRoot" && (value === "remove" || value === "error")) state.aboveRoot = value;
    else if (key === "sameScheme") state.allowSameSchemeRelative = value === "1";
    else if (key === "rfc2732") state.rfc2732 = value === "1";
    else if (key === "specs") state.specs = list(raw);
    else if (key === "implementations") state.implementations = list(raw);
    else if (key === "validator") state.validator = value;
    else if (key === "fetcher") state.fetcher = value;
  }
  return state;
}

/** A comma-separated list, each name decoded (a name holds no comma: encodeURIComponent writes it %2C). */
function list(text: string): string[] {
  return text
    .split(",")
    .filter((s) => s !== "")
    .map(decode);
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

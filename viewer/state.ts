/**
 * The page's state in the location hash, so that every state is a link:
 * `#` and the input as encodeURIComponent writes it, then, only when they
 * are set, `&base=`, `&aboveRoot=` and `&sameScheme=1`. encodeURIComponent
 * writes `&` as `%26`, so the first `&` always ends the input.
 */

export type AboveRoot = "keep" | "remove" | "error";

export interface ViewerState {
  input: string;
  base: string;
  aboveRoot: AboveRoot;
  allowSameSchemeRelative: boolean;
}

export const INITIAL: ViewerState = Object.freeze({
  input: "",
  base: "",
  aboveRoot: "keep",
  allowSameSchemeRelative: false,
});

/** The hash for a state (with its `#`), or undefined when a string cannot be encoded (a lone surrogate). */
export function toHash(state: ViewerState): string | undefined {
  try {
    let hash = `#${encodeURIComponent(state.input)}`;
    if (state.base !== "") hash += `&base=${encodeURIComponent(state.base)}`;
    if (state.aboveRoot !== "keep") hash += `&aboveRoot=${state.aboveRoot}`;
    if (state.allowSameSchemeRelative) hash += "&sameScheme=1";
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
    const value = eq < 0 ? "" : decode(part.slice(eq + 1));
    if (key === "base") state.base = value;
    else if (key === "aboveRoot" && (value === "remove" || value === "error")) state.aboveRoot = value;
    else if (key === "sameScheme") state.allowSameSchemeRelative = value === "1";
  }
  return state;
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * Template placeholders (`{{ x }}`, `{% x %}`, `{x}`, `${x}`, `%(x)s`,
 * `<%= x %>`): a URI that holds one is a template to be filled in, not a URI.
 * They are found in a file's text before its reader reads it, and each is
 * blanked out with a character no URI holds ({@link MASK}, a private-use
 * character; line breaks are kept), so that the spaces and quotes inside
 * `{{ "/a" | relative_url }}` neither end the URI nor the attribute around
 * it; every URI that then holds the mask is passed over (reading R109).
 *
 * @module
 */

/** What stands for a placeholder's characters in the text a reader reads. */
export const MASK = "\ue000";

/** The forms of placeholders recognized by default, `x` standing for what is inside. */
export const DEFAULT_PLACEHOLDERS: readonly string[] = Object.freeze([
  "{{x}}",
  "{%x%}",
  "{x}",
  "${x}",
  "%(x)s",
  "<%=x%>",
]);

/** A placeholder form: what opens it and what closes it. */
export interface PlaceholderForm {
  readonly open: string;
  readonly close: string;
}

/** The longest placeholder recognized, in UTF-16 code units: a longer one is text. */
export const MAX_PLACEHOLDER = 256;

/**
 * The forms of `list` (each a string with one `x` between its opening and
 * its closing: `[[x]]`); spaces around `x` are allowed in the text whether
 * or not the form writes them.
 * @throws {RangeError} for a form without an `x`, or with nothing before or after it.
 */
export function placeholderForms(list: readonly string[]): PlaceholderForm[] {
  return list.map((form) => {
    const x = form.indexOf("x");
    const open = form.slice(0, Math.max(0, x)).trim();
    const close = form.slice(x + 1).trim();
    if (x < 0 || open === "" || close === "")
      throw new RangeError(
        `the placeholder ${JSON.stringify(form)} must be written as what opens it, x, and what closes it ("{{x}}")`,
      );
    return { open, close };
  });
}

const DEFAULT_FORMS = placeholderForms(DEFAULT_PLACEHOLDERS);

/**
 * Whether the inside of a placeholder is one: not empty, on one line, and,
 * for a form opened by one character (`{x}`), a name or an RFC 6570
 * expression (`{id}`, `{ id }`, `{?q,page}`), never JSON's or YAML's
 * `{"a": 1}` or `{a: 1}`.
 */
function isInside(inside: string, form: PlaceholderForm): boolean {
  if (inside.trim() === "" || /[\n\r]/.test(inside)) return false;
  if (form.open.length > 1) return !inside.includes(form.open);
  return /^\s*[+#./;?&=,!@|]?[\w.%*:-]+(?:,[\w.%*:-]+)*\s*$/.test(inside) && !/:\s/.test(inside);
}

/**
 * The spans [from, to) of the placeholders of `text`, in order, not
 * overlapping: at each opening, the next closing, when it is within
 * {@link MAX_PLACEHOLDER} characters and what is between is a placeholder's
 * inside. Linear: each form's next closing is searched for once and reused
 * while it is still ahead.
 */
export function placeholderSpans(text: string, forms: readonly PlaceholderForm[] = DEFAULT_FORMS): [number, number][] {
  const out: [number, number][] = [];
  // Longer openings first: `{{` before `{`.
  const sorted = [...forms].sort((a, b) => b.open.length - a.open.length);
  // The first characters of the openings, found by one RegExp (fast on long runs without them).
  const firsts = new RegExp(`[${[...new Set(sorted.map((f) => f.open[0]))].map((c) => "\\" + c).join("")}]`, "g");
  const next = sorted.map(() => -2); // each form's next closing: -2 not searched yet; -1 none ahead
  for (let m = firsts.exec(text); m !== null; m = firsts.exec(text)) {
    const i = m.index;
    for (let f = 0; f < sorted.length; f++) {
      const form = sorted[f];
      if (!text.startsWith(form.open, i)) continue;
      const from = i + form.open.length;
      if (next[f] === -2 || (next[f] >= 0 && next[f] < from)) next[f] = text.indexOf(form.close, from);
      const at = next[f];
      if (at < 0 || at - from > MAX_PLACEHOLDER || !isInside(text.slice(from, at), form)) continue;
      const end = at + form.close.length;
      out.push([i, end]);
      firsts.lastIndex = end;
      break;
    }
  }
  return out;
}

/** `text` with each placeholder's characters replaced by {@link MASK}. */
export function maskPlaceholders(text: string, forms: readonly PlaceholderForm[] = DEFAULT_FORMS): string {
  const spans = placeholderSpans(text, forms);
  if (spans.length === 0) return text;
  const parts: string[] = [];
  let at = 0;
  for (const [from, to] of spans) {
    parts.push(text.slice(at, from), MASK.repeat(to - from));
    at = to;
  }
  parts.push(text.slice(at));
  return parts.join("");
}

/** Whether `value` holds a placeholder (or a masked one). */
export function holdsPlaceholder(value: string, forms: readonly PlaceholderForm[] = DEFAULT_FORMS): boolean {
  return value.includes(MASK) || placeholderSpans(value, forms).length > 0;
}

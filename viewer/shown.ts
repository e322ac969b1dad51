/** Text as the viewer shows it (no DOM here: the tests import it). */
import { shown } from "../src/args";

/**
 * Text as the page shows it: what would break a line or show it reversed
 * (U+2028, U+202E and the other bidirectional controls, control
 * characters, lone surrogates) written as `\u{202E}`, line by line, so that
 * a message quoting the input reads as it is written. Line breaks stay (the
 * caret lines of a diagnostic are two lines).
 */
export function shownText(text: string): string {
  return text.includes("\n") ? text.split("\n").map(shown).join("\n") : shown(text);
}

/**
 * libcurl reads C strings: the reading runs on a "byte string" (one
 * character per byte, 0 to 255) made from the input's UTF-8, ended at its
 * first NUL as a C string is (R134), and gives each part back as text, its
 * bytes read as UTF-8 with the replacement of the WHATWG decoder (R135).
 *
 * @module
 */
import { byteString, bytesOf } from "../unicode/bytes.js";

const encoder = new TextEncoder();
const decoder = new TextDecoder("utf-8", { ignoreBOM: true });

// READING: R134
/** The UTF-8 of `s` as a byte string, up to its first NUL (a lone surrogate is U+FFFD, as its UTF-8 has it). */
export function toCString(s: string): string {
  const bytes = encoder.encode(s);
  const nul = bytes.indexOf(0);
  return byteString(bytes, nul < 0 ? bytes.length : nul);
}

// READING: R135
/** A byte string as text: valid UTF-8 as it is, each maximal invalid subpart one U+FFFD. */
export function fromBytes(b: string): string {
  // eslint-disable-next-line no-control-regex
  if (/^[\x00-\x7f]*$/.test(b)) return b;
  return decoder.decode(bytesOf(b));
}

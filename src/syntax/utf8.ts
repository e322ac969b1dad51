/**
 * UTF-8 (RFC 3629), the one statement of which octet sequences it allows:
 * what `unescape` decodes from escapes (2.1) and what the command line
 * accepts as text. A lead octet says how many continuation octets follow
 * and what range the first of them must lie in (which rules out overlong
 * forms, surrogates and code points above U+10FFFF); every other
 * continuation octet lies in 80-BF.
 *
 * @module
 */

/** Per octet: how many continuation octets follow it as a lead (0 for ASCII), or -1 when it is never a lead. */
const NEEDED = new Int8Array(256).fill(-1);
/** Per lead octet: the lowest and highest first continuation octet. */
const FIRST_LOW = new Uint8Array(256).fill(0x80);
const FIRST_HIGH = new Uint8Array(256).fill(0xbf);
for (let b = 0; b < 0x80; b++) NEEDED[b] = 0;
for (let b = 0xc2; b <= 0xdf; b++) NEEDED[b] = 1;
for (let b = 0xe0; b <= 0xef; b++) NEEDED[b] = 2;
for (let b = 0xf0; b <= 0xf4; b++) NEEDED[b] = 3;
FIRST_LOW[0xe0] = 0xa0; // no overlong three-octet form
FIRST_HIGH[0xed] = 0x9f; // no surrogate
FIRST_LOW[0xf0] = 0x90; // no overlong four-octet form
FIRST_HIGH[0xf4] = 0x8f; // nothing above U+10FFFF

/** How many continuation octets follow the octet `b` as a lead: 0 for ASCII, 1 to 3, or -1 when it never leads. */
export function utf8Needed(b: number): number {
  return NEEDED[b];
}

/** Whether `c` may follow the lead octet `lead` as the continuation octet number `k` (1 for the first). */
export function utf8Continues(lead: number, k: number, c: number): boolean {
  return k === 1 ? c >= FIRST_LOW[lead] && c <= FIRST_HIGH[lead] : c >= 0x80 && c <= 0xbf;
}

/** The index of the first octet of `bytes` that does not begin a well-formed UTF-8 sequence, or -1 when all is UTF-8. */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  const n = bytes.length;
  let i = 0;
  while (i < n) {
    const b = bytes[i];
    const need = NEEDED[b];
    if (need === 0) {
      i++;
      continue;
    }
    if (need < 0 || i + need >= n) return i;
    for (let k = 1; k <= need; k++) if (!utf8Continues(b, k, bytes[i + k])) return i;
    i += need + 1;
  }
  return -1;
}

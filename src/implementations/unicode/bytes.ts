/**
 * "Byte strings": how the readings of libraries whose strings are bytes (Go,
 * libcurl's C strings) hold their input, one character a byte (0 to 255),
 * and the two conversions they share. Each reading's own UTF-8 (where the
 * string ends, how invalid bytes are replaced) stays in its module.
 *
 * @module
 */

/** The first `length` bytes of `bytes` as a byte string (in slices, so a long input does not overflow the call's arguments). */
export function byteString(bytes: Uint8Array, length = bytes.length): string {
  let out = "";
  for (let k = 0; k < length; k += 8192) out += String.fromCharCode(...bytes.subarray(k, Math.min(k + 8192, length)));
  return out;
}

/** The bytes of a byte string. */
export function bytesOf(b: string): Uint8Array {
  const bytes = new Uint8Array(b.length);
  for (let i = 0; i < b.length; i++) bytes[i] = b.charCodeAt(i);
  return bytes;
}

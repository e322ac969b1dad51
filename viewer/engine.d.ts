/**
 * What src/ uses of the JavaScript engine beyond ES2022 and the DOM, which
 * @types/node declares for the library's own build but this tsconfig (the
 * DOM's types, no node's) does not: V8's Error.stackTraceLimit, which
 * Chromium has too (src/syntax/errors.ts sets it to 0 around errors made in
 * bulk; elsewhere setting it is harmless).
 */
interface ErrorConstructor {
  stackTraceLimit: number;
}

// rfc2396/compare's WHATWG column: the platform's URL, read. The column
// must equal new URL() on every input: by construction (readWhatwg calls it)
// and here by a property over URL-like strings, with and without a base.
import fc from "fast-check";
import { readWhatwg, whatwgPreprocess, SPECIAL_SCHEMES, type WhatwgReading } from "../src/implementations/whatwg/url";

/** The components recomposed as RFC 3986 5.3 does. */
function recompose(r: WhatwgReading): string {
  const c = r.components!;
  let s = `${c.scheme}:`;
  if (c.authority !== undefined) s += `//${c.authority}`;
  // URL Standard 4.5: a path that starts with "//" without a host is written after "/.".
  else if (c.path.startsWith("//")) s += "/.";
  s += c.path;
  if (c.query !== undefined) s += `?${c.query}`;
  if (c.fragment !== undefined) s += `#${c.fragment}`;
  return s;
}

function platform(input: string, base?: string): URL | undefined {
  try {
    return base === undefined ? new URL(input) : new URL(input, base);
  } catch {
    return undefined;
  }
}

/** The reading agrees with URL's getters, and its components recompose to href. */
function expectSameAsUrl(input: string, base?: string): void {
  const r = readWhatwg(input, base);
  const url = platform(input, base);
  expect(r.valid).toBe(url !== undefined);
  if (url === undefined) {
    expect(r.components).toBeUndefined();
    return;
  }
  const c = r.components!;
  expect(r.href).toBe(url.href);
  expect(`${c.scheme}:`).toBe(url.protocol);
  expect(c.host ?? "").toBe(url.hostname);
  expect(c.port ?? "").toBe(url.port);
  expect(c.path).toBe(url.pathname);
  expect(c.query === undefined || c.query === "" ? "" : `?${c.query}`).toBe(url.search);
  expect(c.fragment === undefined || c.fragment === "" ? "" : `#${c.fragment}`).toBe(url.hash);
  expect(c.userinfo ?? "").toBe(url.username + (url.password === "" ? "" : `:${url.password}`));
  expect(recompose(r)).toBe(url.href);
  // The host's kind fits the host.
  if (c.host === undefined) expect(r.hostKind).toBeUndefined();
  else if (c.host === "") expect(r.hostKind).toBe("empty");
  else if (c.host.startsWith("[")) expect(r.hostKind).toBe("IPv6");
  else if (!SPECIAL_SCHEMES.includes(c.scheme!)) expect(r.hostKind).toBe("opaque");
  else expect(["domain", "IPv4"]).toContain(r.hostKind);
}

const ALPHABET = [..."abAB019:/?#[]@%.\\ \t\n-_~!$&'()*+,;=\u00e9\u0000"];
const urlish = fc.oneof(
  fc.string({ unit: fc.constantFrom(...ALPHABET), maxLength: 30 }),
  fc
    .tuple(
      fc.constantFrom("http:", "HTTP:", "https:", "file:", "foo:", "mailto:", "ws:", ""),
      fc.constantFrom("", "/", "//", "///", "\\\\", "/\\"),
      fc.string({ unit: fc.constantFrom(...ALPHABET), maxLength: 24 }),
    )
    .map(([a, b, c]) => a + b + c),
  fc.string({ maxLength: 20 }),
);

describe("readWhatwg: the platform's URL, read", () => {
  test("components, href and host kind agree with new URL() on every input (property)", () => {
    fc.assert(
      fc.property(urlish, (input) => expectSameAsUrl(input)),
      { numRuns: 3000 },
    );
  });

  test("with a base: the reading is new URL(input, base)'s (property)", () => {
    const bases = fc.constantFrom("http://a/b/c/d;p?q", "foo://h/x/y", "file:///etc/", "mailto:x@y", "http://[::1]:8/");
    fc.assert(
      fc.property(urlish, bases, (input, base) => expectSameAsUrl(input, base)),
      { numRuns: 2000 },
    );
  });

  test.each([
    ["http://a/b?", { query: "" }],
    ["http://a/b#", { fragment: "" }],
    ["http://a/b?#", { query: "", fragment: "" }],
    ["http://a/b", {}],
  ])("an empty query or fragment is told from none: %s", (input, expected) => {
    const c = readWhatwg(input).components!;
    expect(c.query).toBe((expected as { query?: string }).query);
    expect(c.fragment).toBe((expected as { fragment?: string }).fragment);
  });

  test.each([
    ["http://example.com/", "domain"],
    ["http://0x7f.1/", "IPv4"],
    ["http://[::1]/", "IPv6"],
    ["foo://h/", "opaque"],
    ["file:///x", "empty"],
  ])("the host of %s is a %s", (input, kind) => {
    expect(readWhatwg(input).hostKind).toBe(kind);
  });

  test("a URL without a host has no authority, even when its path starts with //", () => {
    const r = readWhatwg("web+demo:/.//not-a-host/");
    expect(r.components).toEqual({ scheme: "web+demo", path: "//not-a-host/" });
  });

  test("every throw of URL is a reading, never an exception (fault: a URL that throws anything)", () => {
    const original = globalThis.URL;
    for (const thrown of [new TypeError("Invalid URL"), "a string", undefined, new RangeError("odd")]) {
      globalThis.URL = class {
        constructor() {
          throw thrown;
        }
      } as unknown as typeof URL;
      try {
        const r = readWhatwg("http://a/");
        expect(r.valid).toBe(false);
        expect(typeof r.message).toBe("string");
      } finally {
        globalThis.URL = original;
      }
    }
  });
});

describe("whatwgPreprocess: the input as the URL parser sees it (URL Standard 4.4, steps 1 to 3)", () => {
  test.each([
    [" http://a/ ", "http://a/"],
    ["\u0000\u001f http://a/\u0001", "http://a/"],
    ["http://a/\tb\nc\rd", "http://a/bcd"],
    ["  \t\n ", ""],
    ["http://a/ b", "http://a/ b"],
  ])("%j is seen as %j", (input, seen) => {
    expect(whatwgPreprocess(input)).toBe(seen);
  });

  test("what URL reads is what it would read of the preprocessed input (property)", () => {
    fc.assert(
      fc.property(urlish, (input) => {
        expect(platform(input)?.href).toBe(platform(whatwgPreprocess(input))?.href);
      }),
      { numRuns: 2000 },
    );
  });

  test("linear on a long run of spaces at both ends", () => {
    const input = " ".repeat(1 << 20) + "http://a/" + " ".repeat(1 << 20);
    const t = performance.now();
    expect(whatwgPreprocess(input)).toBe("http://a/");
    expect(performance.now() - t).toBeLessThan(2000);
  });
});

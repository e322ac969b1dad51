// Tables built on first use and kept for the process (the recognizers, diagnose's codes) are
// built from the built-ins as the library found them, or built again when a build fails: a
// built-in that a caller replaces during one call may give that call wrong answers, but once
// it is put back, every later call is right. Each case loads a fresh copy of the library,
// replaces a built-in for its first call only, puts it back and checks the calls after it.
type Library = typeof import("../src");
type Diagnose = typeof import("../src/diagnose/diagnose");

/** A fresh copy of the library's modules, none of whose tables is built yet. */
function freshLibrary(): Library {
  let lib: Library | undefined;
  jest.isolateModules(() => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    lib = require("../src") as Library;
  });
  return lib as Library;
}

/**
 * Runs `first` while `owner[name]` is `replacement`, and puts the original back. What
 * `first` returns or throws is not looked at: a replaced built-in may give wrong answers.
 */
function whileReplaced<T extends object>(owner: T, name: keyof T, replacement: unknown, first: () => unknown): void {
  const original = owner[name];
  (owner as Record<keyof T, unknown>)[name] = replacement;
  try {
    first();
  } catch {
    // (the call made while the built-in was replaced)
  } finally {
    (owner as Record<keyof T, unknown>)[name] = original;
  }
}

test("String.prototype.charCodeAt replaced during the first isValid", () => {
  const lib = freshLibrary();
  whileReplaced(
    String.prototype,
    "charCodeAt",
    () => 0x41,
    () => lib.isValid("x"),
  );
  expect(lib.isValid("http://example.com/")).toBe(true);
  expect(lib.isValid("http://a/b c")).toBe(false);
  expect(lib.isValid("192.168.0.1", "IPv4address")).toBe(true);
  expect(lib.parse("http://a/b?q#f")).toMatchObject({ scheme: "http", host: "a", path: "/b", query: "q" });
  expect(lib.tryParse("http://a/b c")).toMatchObject({ ok: false, error: { offset: 10 } });
});

test("String.prototype.slice replaced during the first parse", () => {
  const lib = freshLibrary();
  whileReplaced(
    String.prototype,
    "slice",
    () => "",
    () => lib.parse("http://a/b"),
  );
  expect(lib.parse("http://a/b").scheme).toBe("http");
  expect(lib.parse("file:///x").scheme).toBe("file");
  expect(lib.parse("HTTP://A/b")).toMatchObject({ scheme: "HTTP", host: "A", path: "/b" });
  expect(lib.normalize("HTTP://A:80/%7e")).toBe("http://a/~");
});

test("Array.prototype.includes replaced during the first diagnose", () => {
  // The CommonJS entry loads diagnose's code on its first call, and builds its tables then:
  // here, the module is loaded during that call.
  let lib: Diagnose | undefined;
  jest.isolateModules(() => {
    whileReplaced(
      Array.prototype,
      "includes",
      () => true,
      () => {
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        lib = require("../src/diagnose/diagnose") as Diagnose;
        return lib.diagnose("a b");
      },
    );
  });
  const { diagnose, isWarningCode } = lib as Diagnose;
  expect(diagnose("a b").diagnostics.map((d) => d.code)).toEqual(["space"]);
  expect(diagnose("<http://a/b c>").diagnostics.map((d) => d.code)).toEqual([
    "excluded-delimiter",
    "space",
    "excluded-delimiter",
  ]);
  expect(diagnose("HTTP://a/%7e").diagnostics.map((d) => d.code)).toEqual(["uppercase-scheme", "escaped-unreserved"]);
  expect(isWarningCode("space")).toBe(false);
  expect(isWarningCode("uppercase-scheme")).toBe(true);
});

test("Uint8Array.prototype.subarray replaced during the first isValid", () => {
  const lib = freshLibrary();
  const typed = Object.getPrototypeOf(Uint8Array.prototype) as { subarray: unknown };
  whileReplaced(
    typed,
    "subarray",
    () => new Uint8Array(0),
    () => lib.isValid("x"),
  );
  expect(lib.isValid("http://example.com/")).toBe(true);
  expect(lib.isValid("http://a/b c")).toBe(false);
});

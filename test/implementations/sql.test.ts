// The SQL layers over the reading of java.net.URI, with every example of
// the engines' own test suites: Spark's StringExpressionsSuite ("ParseUrl",
// "SPARK-33468") and UrlFunctionsSuite ("url parse_url function"), and
// Trino's TestUrlFunctions (testUrlExtract, testUrlExtractParameter,
// testUrlDecode's decoding through url_extract_parameter).
import { SparkInvalidUrlError, sparkParseUrl } from "../../src/implementations/sql/spark";
import { TrinoError, trinoUrlExtract, urlDecode } from "../../src/implementations/sql/trino";

const off = { ansi: false };

describe("sparkParseUrl: Spark's ParseUrl", () => {
  test("StringExpressionsSuite, ParseUrl", () => {
    const u = "http://spark.apache.org/path?query=1";
    expect(sparkParseUrl(u, "HOST")).toBe("spark.apache.org");
    expect(sparkParseUrl(u, "PATH")).toBe("/path");
    expect(sparkParseUrl(u, "QUERY")).toBe("query=1");
    expect(sparkParseUrl("http://spark.apache.org/path?query=1#Ref", "REF")).toBe("Ref");
    expect(sparkParseUrl(u, "PROTOCOL")).toBe("http");
    expect(sparkParseUrl(u, "FILE")).toBe("/path?query=1");
    expect(sparkParseUrl("http://spark.apache.org:8080/path?query=1", "AUTHORITY")).toBe("spark.apache.org:8080");
    expect(sparkParseUrl("http://userinfo@spark.apache.org/path?query=1", "USERINFO")).toBe("userinfo");
    expect(sparkParseUrl(u, "QUERY", "query")).toBe("1");
    // Null checking
    expect(sparkParseUrl(null, "HOST")).toBeNull();
    expect(sparkParseUrl(u, null)).toBeNull();
    expect(sparkParseUrl(null, null)).toBeNull();
    expect(sparkParseUrl("test", "HOST")).toBeNull();
    expect(sparkParseUrl(u, "NO")).toBeNull();
    expect(sparkParseUrl(u, "USERINFO")).toBeNull();
    expect(sparkParseUrl(u, "HOST", "query")).toBeNull();
    expect(sparkParseUrl(u, "QUERY", "quer")).toBeNull();
    expect(sparkParseUrl(u, "QUERY", null)).toBeNull();
    expect(sparkParseUrl(u, "QUERY", "")).toBeNull();
    // exceptional cases: the key is a regular expression
    expect(() => sparkParseUrl("http://spark.apache.org/path?", "QUERY", "???")).toThrow(SyntaxError);
  });

  test("SPARK-33468: under ANSI mode an invalid URL fails; without, it is null", () => {
    const bad = "https://a.b.c/index.php?params1=a|b&params2=x";
    expect(() => sparkParseUrl(bad, "HOST", undefined, { ansi: true })).toThrow(SparkInvalidUrlError);
    expect(sparkParseUrl(bad, "HOST", undefined, off)).toBeNull();
  });

  test("UrlFunctionsSuite, url parse_url function", () => {
    const parts = ["HOST", "PATH", "QUERY", "REF", "PROTOCOL", "FILE", "AUTHORITY", "USERINFO"];
    const row = (url: string, options = {}) => [
      ...parts.map((p) => sparkParseUrl(url, p, undefined, options)),
      sparkParseUrl(url, "QUERY", "query", options),
    ];
    expect(row("http://userinfo@spark.apache.org/path?query=1#Ref")).toEqual([
      "spark.apache.org",
      "/path",
      "query=1",
      "Ref",
      "http",
      "/path?query=1",
      "userinfo@spark.apache.org",
      "userinfo",
      "1",
    ]);
    expect(row("https://use%20r:pas%20s@example.com/dir%20/pa%20th.HTML?query=x%20y&q2=2#Ref%20two")).toEqual([
      "example.com",
      "/dir%20/pa%20th.HTML",
      "query=x%20y&q2=2",
      "Ref%20two",
      "https",
      "/dir%20/pa%20th.HTML?query=x%20y&q2=2",
      "use%20r:pas%20s@example.com",
      "use%20r:pas%20s",
      "x%20y",
    ]);
    expect(row("http://user:pass@host")).toEqual([
      "host",
      "",
      null,
      null,
      "http",
      "",
      "user:pass@host",
      "user:pass",
      null,
    ]);
    expect(row("http://user:pass@host/")).toEqual([
      "host",
      "/",
      null,
      null,
      "http",
      "/",
      "user:pass@host",
      "user:pass",
      null,
    ]);
    expect(row("http://user:pass@host/?#")).toEqual([
      "host",
      "/",
      "",
      "",
      "http",
      "/?",
      "user:pass@host",
      "user:pass",
      null,
    ]);
    expect(row("http://user:pass@host/file;param?query;p2")).toEqual([
      "host",
      "/file;param",
      "query;p2",
      null,
      "http",
      "/file;param?query;p2",
      "user:pass@host",
      "user:pass",
      null,
    ]);
    const invalid = "inva lid://user:pass@host/file;param?query;p2";
    expect(row(invalid, off)).toEqual([null, null, null, null, null, null, null, null, null]);
    let error: unknown;
    try {
      sparkParseUrl(invalid, "HOST");
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(SparkInvalidUrlError);
    expect((error as SparkInvalidUrlError).errorClass).toBe("INVALID_URL");
    expect((error as SparkInvalidUrlError).url).toBe(invalid);
    expect((error as SparkInvalidUrlError).message).toBe(
      "[INVALID_URL] The url is invalid: inva lid://user:pass@host/file;param?query;p2. Use `try_parse_url` to tolerate invalid URL and return NULL instead. SQLSTATE: 22P02",
    );
    expect((error as SparkInvalidUrlError).javaCause.reason).toBe("Illegal character in scheme name");
  });

  test("the part is checked before the URL when there is a key; a non-string is a TypeError", () => {
    expect(sparkParseUrl("inva lid", "HOST", "k")).toBeNull();
    expect(() => sparkParseUrl(42 as unknown as string, "HOST")).toThrow(TypeError);
  });
});

describe("trinoUrlExtract: Trino's UrlFunctions", () => {
  const extract = (url: string) =>
    (["protocol", "host", "port", "path", "query", "fragment"] as const).map((p) => trinoUrlExtract(p, url));

  test("testUrlExtract", () => {
    expect(extract("http://example.com/path1/p.php?k1=v1&k2=v2#Ref1")).toEqual([
      "http",
      "example.com",
      null,
      "/path1/p.php",
      "k1=v1&k2=v2",
      "Ref1",
    ]);
    expect(extract("http://example.com/path1/p.php?")).toEqual(["http", "example.com", null, "/path1/p.php", "", ""]);
    expect(extract("http://example.com/path1/p.php")).toEqual(["http", "example.com", null, "/path1/p.php", "", ""]);
    expect(extract("http://example.com:8080/path1/p.php?k1=v1&k2=v2#Ref1")).toEqual([
      "http",
      "example.com",
      8080,
      "/path1/p.php",
      "k1=v1&k2=v2",
      "Ref1",
    ]);
    expect(extract("https://username@example.com")).toEqual(["https", "example.com", null, "", "", ""]);
    expect(extract("https://username:password@example.com")).toEqual(["https", "example.com", null, "", "", ""]);
    expect(extract("mailto:test@example.com")).toEqual(["mailto", "", null, "", "", ""]);
    expect(extract("foo")).toEqual(["", "", null, "foo", "", ""]);
    expect(extract("http://example.com/^")).toEqual([null, null, null, null, null, null]);
  });

  test("testUrlExtractParameter", () => {
    const u = "http://example.com/path1/p.php?k1=v1&k2=v2&k3&k4#Ref1";
    expect(trinoUrlExtract("parameter", u, "k1")).toBe("v1");
    expect(trinoUrlExtract("parameter", u, "k2")).toBe("v2");
    expect(trinoUrlExtract("parameter", u, "k3")).toBe("");
    expect(trinoUrlExtract("parameter", u, "k4")).toBe("");
    expect(trinoUrlExtract("parameter", u, "k5")).toBeNull();
    expect(trinoUrlExtract("parameter", "http://example.com/path1/p.php?k1=v1&k1=v2&k1&k1#Ref1", "k1")).toBe("v1");
    expect(trinoUrlExtract("parameter", "http://example.com/path1/p.php?k1&k1=v1&k1&k1#Ref1", "k1")).toBe("");
    expect(trinoUrlExtract("parameter", "http://example.com/path1/p.php?k=a=b=c&x=y#Ref1", "k")).toBe("a=b=c");
    expect(trinoUrlExtract("parameter", "http://example.com/path1/p.php?k1=a%26k2%3Db&k2=c#Ref1", "k2")).toBe("c");
    expect(trinoUrlExtract("parameter", "foo", "k1")).toBeNull();
  });

  test("testUrlDecode: the decoding a parameter's value goes through (java.net.URLDecoder)", () => {
    expect(urlDecode("http%3A%2F%2Ftest")).toBe("http://test");
    expect(urlDecode("http%3A%2F%2Ftest%3Fa%3Db%26c%3Dd")).toBe("http://test?a=b&c=d");
    expect(urlDecode("http%3A%2F%2F%E3%83%86%E3%82%B9%E3%83%88")).toBe("http://\u30c6\u30b9\u30c8");
    expect(urlDecode("%7E%40%3A.-*_%2B+%E2%98%83")).toBe("~@:.-*_+ \u2603");
    expect(urlDecode("test")).toBe("test");
    expect(trinoUrlExtract("parameter", "http://a/?x=%E2%98%83+y", "x")).toBe("\u2603 y");
  });

  test("a bad escape in a parameter's value is Trino's INVALID_FUNCTION_ARGUMENT, with URLDecoder's message", () => {
    // (Through a URL, the JDK has refused every bad escape before: null.)
    expect(trinoUrlExtract("parameter", "http://a/?x=%2s", "x")).toBeNull();
    expect(() => urlDecode("%2s")).toThrow(
      new TrinoError(
        "INVALID_FUNCTION_ARGUMENT",
        'URLDecoder: Illegal hex characters in escape (%) pattern - Error at index 1 in: "2s"',
      ),
    );
    expect(() => urlDecode("a%4")).toThrow("URLDecoder: Incomplete trailing escape (%) pattern");
    expect(() => urlDecode("%-1")).toThrow("URLDecoder: Illegal hex characters in escape (%) pattern - negative value");
    expect(() => trinoUrlExtract("nope" as "host", "http://a/")).toThrow(RangeError);
  });
});

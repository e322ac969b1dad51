// The strings of the studies of URL parsing confusion, each with where it
// comes from: Orange Tsai, "A New Era of SSRF" (Black Hat USA 2017);
// Claroty and Snyk, "Exploiting URL Parsing Confusion" (2022); the list of
// whatwg/url#766; and the short and odd IPv4 forms behind most SSRF
// filters' bypasses. docs/implementations.md's table is what each reading
// makes of them (test/implementations/docs.test.ts checks it), and each
// library's test compares them with the real library.
export const STUDIES: readonly { input: string; source: string }[] = [
  { input: "http://example.com\\@evil.com", source: "whatwg/url#766" },
  { input: "http://a@b@c/", source: "Orange Tsai 2017" },
  { input: "http://1.1.1.1 &@2.2.2.2# @3.3.3.3/", source: "Orange Tsai 2017" },
  { input: "http://foo@evil.com:80@google.com/", source: "Orange Tsai 2017" },
  { input: "http://foo@127.0.0.1 @google.com/", source: "Orange Tsai 2017" },
  { input: "http://google.com:80\\\\@yahoo.com/#/", source: "Orange Tsai 2017" },
  { input: "http://127.0.0.1:11211:80/", source: "Orange Tsai 2017" },
  { input: "http://[::1]:80@evil/", source: "whatwg/url#766" },
  { input: "http://evil.com#@good.com/", source: "Claroty/Snyk 2022" },
  { input: "http://evil.com?@good.com/", source: "Claroty/Snyk 2022" },
  { input: "http://good.com@evil.com/", source: "Claroty/Snyk 2022" },
  { input: "http:/\\evil.com/", source: "Claroty/Snyk 2022" },
  { input: "http:\\\\evil.com/", source: "Claroty/Snyk 2022" },
  { input: "https:evil.com", source: "Claroty/Snyk 2022" },
  { input: "//evil.com/", source: "Claroty/Snyk 2022" },
  { input: "/\\evil.com", source: "Claroty/Snyk 2022" },
  { input: " http://evil.com/", source: "Claroty/Snyk 2022" },
  { input: "http://127.1/", source: "IPv4 short form" },
  { input: "http://0x7f.1/", source: "IPv4 hex form" },
  { input: "http://0177.0.0.1/", source: "IPv4 octal form" },
  { input: "http://2130706433/", source: "IPv4 decimal form" },
  { input: "http://[::ffff:127.0.0.1]/", source: "IPv4-mapped IPv6" },
  { input: "http://[::1%25eth0]/", source: "IPv6 zone (RFC 6874)" },
  { input: "http://ex%61mple.com/", source: "encoded host" },
  { input: "http://example.com%2F@evil.com/", source: "encoded delimiter" },
  { input: "http://evil.com\u3002example.com/", source: "U+3002 ideographic full stop" },
  { input: "http://\uff45\uff56\uff49\uff4c.com/", source: "fullwidth letters" },
  { input: "http://example.com:99999/", source: "port out of range" },
  { input: "HTTP://EXAMPLE.COM/", source: "capital scheme and host" },
];

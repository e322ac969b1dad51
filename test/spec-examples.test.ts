// Every example URI of the spec text, with its expected components.
import { parse, isValid, type UriComponents } from "../src";

type Expected = Partial<UriComponents>;

const NONE: Expected = {
  scheme: undefined,
  authority: undefined,
  userinfo: undefined,
  host: undefined,
  port: undefined,
  query: undefined,
  fragment: undefined,
  opaque: false,
  authorityType: undefined,
  hostType: undefined,
};

function server(host: string, rest: Expected = {}): Expected {
  return { ...NONE, authority: host, host, authorityType: "server", hostType: "hostname", kind: "absolute", ...rest };
}

// Section 1.3 "Example URI"
const SECTION_1_3: [string, Expected][] = [
  ["ftp://ftp.is.co.za/rfc/rfc1808.txt", server("ftp.is.co.za", { scheme: "ftp", path: "/rfc/rfc1808.txt" })],
  [
    "gopher://spinaltap.micro.umn.edu/00/Weather/California/Los%20Angeles",
    server("spinaltap.micro.umn.edu", { scheme: "gopher", path: "/00/Weather/California/Los%20Angeles" }),
  ],
  [
    "http://www.math.uio.no/faq/compression-faq/part1.html",
    server("www.math.uio.no", { scheme: "http", path: "/faq/compression-faq/part1.html" }),
  ],
  [
    "mailto:mduerst@ifi.unizh.ch",
    { ...NONE, scheme: "mailto", path: "mduerst@ifi.unizh.ch", opaque: true, kind: "absolute" },
  ],
  [
    "news:comp.infosystems.www.servers.unix",
    { ...NONE, scheme: "news", path: "comp.infosystems.www.servers.unix", opaque: true, kind: "absolute" },
  ],
  ["telnet://melvyl.ucop.edu/", server("melvyl.ucop.edu", { scheme: "telnet", path: "/" })],
];

// Appendix B's worked example, and the Appendix C base.
const APPENDIX_B_AND_C: [string, Expected][] = [
  [
    "http://www.ics.uci.edu/pub/ietf/uri/#Related",
    server("www.ics.uci.edu", { scheme: "http", path: "/pub/ietf/uri/", fragment: "Related" }),
  ],
  ["http://a/b/c/d;p?q", server("a", { scheme: "http", path: "/b/c/d;p", query: "q" })],
];

// Section 6: equivalent spellings parse with the components as written.
const SECTION_6: [string, Expected][] = [
  ["http://www.XEROX.com", server("www.XEROX.com", { scheme: "http", path: "" })],
  ["http://www.xerox.com", server("www.xerox.com", { scheme: "http", path: "" })],
];

// Appendix D's base and its resolved example, Appendix E's three URIs, Appendix F's target.
const APPENDICES_D_E_F: [string, Expected][] = [
  ["http://www.ics.uci.edu/Test/a/b/c", server("www.ics.uci.edu", { scheme: "http", path: "/Test/a/b/c" })],
  ["http://www.ics.uci.edu/Test/a/x", server("www.ics.uci.edu", { scheme: "http", path: "/Test/a/x" })],
  ["http://test.com/", server("test.com", { scheme: "http", path: "/" })],
  ["http://www.w3.org/Addressing/", server("www.w3.org", { scheme: "http", path: "/Addressing/" })],
  ["ftp://ds.internic.net/rfc/", server("ds.internic.net", { scheme: "ftp", path: "/rfc/" })],
  [
    "http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING",
    server("www.ics.uci.edu", { scheme: "http", path: "/pub/ietf/uri/historical.html", fragment: "WARNING" }),
  ],
];

describe.each([
  ["Section 1.3", SECTION_1_3],
  ["Appendices B and C", APPENDIX_B_AND_C],
  ["Section 6", SECTION_6],
  ["Appendices D, E, F", APPENDICES_D_E_F],
])("%s example URIs", (_section, table) => {
  test.each(table)("%s", (input, expected) => {
    // A URI with a fragment is a URI-reference; the URI before the '#' is an absoluteURI (4).
    const uri = expected.fragment === undefined ? input : input.slice(0, input.length - expected.fragment.length - 1);
    expect(isValid(uri, "absoluteURI")).toBe(true);
    expect(parse(input)).toEqual({ ...NONE, ...expected });
  });
});

// Appendix C: every reference, as a reference (its syntax, not its resolution).
const APPENDIX_C_REFERENCES: [string, Expected][] = [
  ["g:h", { ...NONE, scheme: "g", path: "h", opaque: true, kind: "absolute" }],
  ["g", { ...NONE, path: "g", kind: "relative-path" }],
  ["./g", { ...NONE, path: "./g", kind: "relative-path" }],
  ["g/", { ...NONE, path: "g/", kind: "relative-path" }],
  ["/g", { ...NONE, path: "/g", kind: "absolute-path" }],
  [
    "//g",
    {
      ...NONE,
      authority: "g",
      host: "g",
      authorityType: "server",
      hostType: "hostname",
      path: "",
      kind: "network-path",
    },
  ],
  ["g?y", { ...NONE, path: "g", query: "y", kind: "relative-path" }],
  ["#s", { ...NONE, path: "", fragment: "s", kind: "same-document" }],
  ["g#s", { ...NONE, path: "g", fragment: "s", kind: "relative-path" }],
  ["g?y#s", { ...NONE, path: "g", query: "y", fragment: "s", kind: "relative-path" }],
  [";x", { ...NONE, path: ";x", kind: "relative-path" }],
  ["g;x", { ...NONE, path: "g;x", kind: "relative-path" }],
  ["g;x?y#s", { ...NONE, path: "g;x", query: "y", fragment: "s", kind: "relative-path" }],
  [".", { ...NONE, path: ".", kind: "relative-path" }],
  ["./", { ...NONE, path: "./", kind: "relative-path" }],
  ["..", { ...NONE, path: "..", kind: "relative-path" }],
  ["../", { ...NONE, path: "../", kind: "relative-path" }],
  ["../g", { ...NONE, path: "../g", kind: "relative-path" }],
  ["../..", { ...NONE, path: "../..", kind: "relative-path" }],
  ["../../", { ...NONE, path: "../../", kind: "relative-path" }],
  ["../../g", { ...NONE, path: "../../g", kind: "relative-path" }],
  ["", { ...NONE, path: "", kind: "same-document" }],
  ["../../../g", { ...NONE, path: "../../../g", kind: "relative-path" }],
  ["../../../../g", { ...NONE, path: "../../../../g", kind: "relative-path" }],
  ["/./g", { ...NONE, path: "/./g", kind: "absolute-path" }],
  ["/../g", { ...NONE, path: "/../g", kind: "absolute-path" }],
  ["g.", { ...NONE, path: "g.", kind: "relative-path" }],
  [".g", { ...NONE, path: ".g", kind: "relative-path" }],
  ["g..", { ...NONE, path: "g..", kind: "relative-path" }],
  ["..g", { ...NONE, path: "..g", kind: "relative-path" }],
  ["./../g", { ...NONE, path: "./../g", kind: "relative-path" }],
  ["./g/.", { ...NONE, path: "./g/.", kind: "relative-path" }],
  ["g/./h", { ...NONE, path: "g/./h", kind: "relative-path" }],
  ["g/../h", { ...NONE, path: "g/../h", kind: "relative-path" }],
  ["g;x=1/./y", { ...NONE, path: "g;x=1/./y", kind: "relative-path" }],
  ["g;x=1/../y", { ...NONE, path: "g;x=1/../y", kind: "relative-path" }],
  ["g?y/./x", { ...NONE, path: "g", query: "y/./x", kind: "relative-path" }],
  ["g?y/../x", { ...NONE, path: "g", query: "y/../x", kind: "relative-path" }],
  ["g#s/./x", { ...NONE, path: "g", fragment: "s/./x", kind: "relative-path" }],
  ["g#s/../x", { ...NONE, path: "g", fragment: "s/../x", kind: "relative-path" }],
  ["http:g", { ...NONE, scheme: "http", path: "g", opaque: true, kind: "absolute" }],
];

describe("Appendix C references parse as references", () => {
  test.each(APPENDIX_C_REFERENCES)("%j", (input, expected) => {
    expect(parse(input)).toEqual({ ...NONE, ...expected });
  });

  test("?y, which Appendix C resolves, is not derivable from Appendix A (relativeURI needs a path)", () => {
    expect(isValid("?y")).toBe(false);
    expect(isValid("?y", "relativeURI")).toBe(false);
  });
});

describe("Section 5: a colon in the first segment of a relative path", () => {
  test("this:that is an absolute URI with scheme 'this'", () => {
    expect(parse("this:that")).toMatchObject({ scheme: "this", path: "that", opaque: true, kind: "absolute" });
  });
  test("./this:that is a relative path", () => {
    expect(parse("./this:that")).toMatchObject({ scheme: undefined, path: "./this:that", kind: "relative-path" });
    expect(isValid("./this:that", "relativeURI")).toBe(true);
  });
});

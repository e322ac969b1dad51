import { isValid, parse, parseCst, PROFILE, RULES } from "../../src/rfc2732";

test("profile", () => {
  expect(PROFILE).toBe("rfc2732");
  expect(RULES).toContain("IPv6address");
  expect(isValid("http://[::1]/")).toBe(true);
  expect(parse("http://[::1]:80/").host).toBe("[::1]");
  expect(parse("http://[::1]:80/").hostType).toBe("IPv6reference");
  expect(parseCst("http://[::1]/").uri?.type).toBe("absoluteURI");
});

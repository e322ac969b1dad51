// locate tells a host's alternative (hostname, IPv4address, IPv6reference)
// by the state the host's recognizer stops in (hostKinds in
// src/components/parse.ts). These tests hold that table to the hosts the
// peggy parser's CST finds, over the corpus and literals of every kind.
// Shared by the two profiles: test/host-kinds.test.ts and
// test/rfc2732/host-kinds.test.ts.
import { componentsOf, parseCst } from "../src";
import { HOST_KINDS, hostKinds } from "../src/components/parse";
import { scan, scanStop, withCapitals } from "../src/syntax/recognizer";
import { corpusLines, profiledTest } from "./helpers";
import { DEFAULT_PROFILE, type Profile, withProfile } from "../src/syntax/profile";

export function hostKindsTests(profile: Profile = DEFAULT_PROFILE): void {
  const test = profiledTest(profile);
  const PROFILE = profile.name;
  const { host, kinds } = withProfile(profile, () => {
    const recognizer = withCapitals("host").recognizer;
    return { host: recognizer, kinds: hostKinds(recognizer) };
  });

  test("no state of the host's recognizer is reached both with and without a bracket", () => {
    expect(kinds.includes(HOST_KINDS.ASK_THE_TEXT)).toBe(false);
    expect(kinds.includes(HOST_KINDS.IS_IPV6)).toBe(PROFILE === "rfc2732");
    expect(kinds.includes(HOST_KINDS.MAY_BE_IPV4)).toBe(true);
  });

  test("the state a host stops in agrees with the CST's alternative, over the corpus", () => {
    const literals = [
      "1.2.3.4",
      "255.255.255.255",
      "1.2.3.4.",
      "1.2.3",
      "1a.2.3.4",
      "a.1.2.3",
      "3com.com",
      "ex-ample.COM.",
      "WWW.W3.ORG",
      "[::1]",
      "[1:2:3:4:5:6:7:8]",
      "[::FFFF:1.2.3.4]",
      "[fe80::1]",
    ];
    const hosts = new Map<string, string>();
    for (const line of [...corpusLines("uris.txt"), ...literals.map((h) => `http://${h}/`)]) {
      let c;
      try {
        c = componentsOf(parseCst(line), line);
      } catch {
        continue;
      }
      if (c.host !== undefined && c.hostType !== undefined) hosts.set(c.host, c.hostType);
    }
    expect(hosts.size).toBeGreaterThan(1000);
    const seen = new Set<string>();
    const wrong: string[] = [];
    for (const [h, type] of hosts) {
      seen.add(type);
      const at = scanStop();
      expect(scan(host, h, 0, at)).toBe(h.length);
      const kind = kinds[at.stopState];
      const fits =
        type === "IPv4address"
          ? kind === HOST_KINDS.MAY_BE_IPV4
          : type === "IPv6reference"
            ? kind === HOST_KINDS.IS_IPV6
            : kind === 0 || (kind === HOST_KINDS.MAY_BE_IPV4 && /^[0-9.]+$/.test(h));
      if (!fits) wrong.push(`${h} (${type}): kind ${kind}`);
    }
    expect(wrong).toEqual([]);
    expect([...seen].sort()).toEqual(
      PROFILE === "rfc2732" ? ["IPv4address", "IPv6reference", "hostname"] : ["IPv4address", "hostname"],
    );
  });
}

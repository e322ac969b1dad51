// check's block path against its line path (test/check-blocks.ts) under RFC 2732, whose
// recognizer reads a block's lines first in the states of the grammar without brackets.
import { RFC2732 } from "../../src/profiles/generated/rfc2732";
import { withProfile } from "../../src/syntax/profile";
import { acceptsAsIsValid, blocksAgreeWithLines, shortLinesCounted } from "../check-blocks";

test("blocks of lines give what lines one at a time gave, under RFC 2732", async () => {
  await withProfile(RFC2732, () => blocksAgreeWithLines(120, 2732));
});

test("a line's validity is isValid's under RFC 2732, without the parser's module", () => {
  withProfile(RFC2732, () => acceptsAsIsValid(2732));
});

test("stretches of short lines among longer ones are counted as lines checked alone under RFC 2732", () => {
  withProfile(RFC2732, () => shortLinesCounted(2732));
});

// Reading many lines in one call, under RFC 2732 (see ../lines-cases.ts).
import { RFC2732 } from "../../src/profiles/generated/rfc2732";
import { linesTests } from "../lines-cases";

linesTests(RFC2732);

// The CST's lists under the RFC 2732 profile, built on first read, against the eager trees
// (see ../cst-lazy-cases.ts).
import { RFC2732 } from "../../src/profiles/generated/rfc2732";
import { lazyListTests } from "../cst-lazy-cases";

lazyListTests(RFC2732);

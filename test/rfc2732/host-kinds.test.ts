// The host's alternative from its recognizer's stop state, under RFC 2732 (see ../host-kinds-cases.ts).
import { RFC2732 } from "../../src/profiles/generated/rfc2732";
import { hostKindsTests } from "../host-kinds-cases";

hostKindsTests(RFC2732);

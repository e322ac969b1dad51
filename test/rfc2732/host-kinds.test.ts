// The host's alternative from its recognizer's stop state, under RFC 2732 (see ../host-kinds-cases.ts).
import { hostKindsTests } from "../host-kinds-cases";

hostKindsTests();

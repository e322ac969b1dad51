// The host's alternative from its recognizer's stop state (see ./host-kinds-cases.ts).
import { hostKindsTests } from "./host-kinds-cases";

hostKindsTests();

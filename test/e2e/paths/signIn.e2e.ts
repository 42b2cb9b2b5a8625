import { pathSuite } from "./drive";
import { signInMap } from "./signIn.map";

pathSuite(signInMap);

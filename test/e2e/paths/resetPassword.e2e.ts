import { pathSuite } from "./drive";
import { resetPasswordMap } from "./resetPassword.map";

pathSuite(resetPasswordMap);

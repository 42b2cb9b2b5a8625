import { pathSuite } from "./drive";
import { recoverPasswordMap } from "./recoverPassword.map";

pathSuite(recoverPasswordMap);

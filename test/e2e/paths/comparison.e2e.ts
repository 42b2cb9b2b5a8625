import { pathSuite } from "./drive";
import { comparisonMap } from "./comparison.map";

pathSuite(comparisonMap);

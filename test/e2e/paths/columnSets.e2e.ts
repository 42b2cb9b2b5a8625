import { pathSuite } from "./drive";
import { columnSetsMap } from "./columnSets.map";

pathSuite(columnSetsMap);

import { pathSuite } from "./drive";
import { journeyFilterMap } from "./journeyFilter.map";

pathSuite(journeyFilterMap);

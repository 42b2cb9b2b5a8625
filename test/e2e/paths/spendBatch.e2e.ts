import { pathSuite } from "./drive";
import { spendBatchMap } from "./spendBatch.map";

pathSuite(spendBatchMap);

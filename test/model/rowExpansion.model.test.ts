import { modelSuite } from "./modelSuite";
import { rowExpansionModel } from "./models/rowExpansion.model";

modelSuite(rowExpansionModel);

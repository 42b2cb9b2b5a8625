import { modelSuite } from "../modelSuite";
import { rowExpansionModel } from "./rowExpansion.model";

modelSuite(rowExpansionModel);

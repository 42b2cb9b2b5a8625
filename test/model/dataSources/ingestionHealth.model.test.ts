import { modelSuite } from "../modelSuite";
import { ingestionHealthModel } from "./dataSources.model";

modelSuite(ingestionHealthModel);

import { modelSuite } from "../modelSuite";
import { dataSourcesModel, ingestionHealthModel } from "./dataSources.model";

modelSuite(dataSourcesModel);
modelSuite(ingestionHealthModel);

import { modelSuite } from "../modelSuite";
import { dataSourcesModel } from "./dataSources.model";

modelSuite(dataSourcesModel);

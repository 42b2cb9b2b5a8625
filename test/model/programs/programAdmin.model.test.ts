import { modelSuite } from "../modelSuite";
import { programAdminModel } from "./programAdmin.model";

modelSuite(programAdminModel);

import { modelSuite } from "../modelSuite";
import { peopleAdminModel } from "./peopleAdmin.model";

modelSuite(peopleAdminModel);

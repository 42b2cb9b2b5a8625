import { modelSuite } from "../modelSuite";
import { auditTrailModel } from "./auditTrail.model";

modelSuite(auditTrailModel);

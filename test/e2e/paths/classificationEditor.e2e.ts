import { pathSuite } from "./drive";
import { classificationEditorMap } from "./classificationEditor.map";

pathSuite(classificationEditorMap);

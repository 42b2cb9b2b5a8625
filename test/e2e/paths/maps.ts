/** Every machine the browser path suite drives (one `<machine>.e2e.ts` each), for the map check and `npm run paths -- --browser`. */
import type { BrowserMap } from "./pathMap";
import { classificationEditorMap } from "./classificationEditor.map";
import { columnSetsMap } from "./columnSets.map";
import { comparisonMap } from "./comparison.map";
import { journeyFilterMap } from "./journeyFilter.map";
import { recoverPasswordMap } from "./recoverPassword.map";
import { resetPasswordMap } from "./resetPassword.map";
import { signInMap } from "./signIn.map";
import { spendBatchMap } from "./spendBatch.map";

export const browserMaps: ReadonlyArray<BrowserMap> = [signInMap, recoverPasswordMap, resetPasswordMap, journeyFilterMap, columnSetsMap, spendBatchMap, comparisonMap, classificationEditorMap];

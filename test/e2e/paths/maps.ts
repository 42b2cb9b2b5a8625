/** Every machine the browser path suite drives (one `<machine>.e2e.ts` each), for the map check and `npm run paths -- --browser`. */
import type { BrowserMap } from "./pathMap";
import { signInMap } from "./signIn.map";

export const browserMaps: ReadonlyArray<BrowserMap> = [signInMap];

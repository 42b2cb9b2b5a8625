import { modelSuite } from "../modelSuite";
import { searchResultsModel } from "./searchResults.model";

modelSuite(searchResultsModel, {
  mustInclude: [
    "results.loading + tree.loading → searchRows resolves [five] → results.loaded + tree.loading",
    // A search failure, silently, empties the headers; a taxonomy failure only stops the loading.
    "results.loading + tree.loading → searchRows rejects [server] → results.failed + tree.loading",
    "results.loading + tree.loading → loadTaxonomies rejects [server] → results.loading + tree.idle",
    "results.loaded + tree.idle → search.nodeToggled [firstBranch] → results.loaded + tree.idle",
    "results.loaded + tree.idle → search.filterReset → results.loaded + tree.idle",
    "results.loaded + tree.idle → search.pageChanged [pastTheLast] → results.loaded + tree.idle",
    "results.loaded + tree.idle → search.scopeChanged [later] → results.loading + tree.loading",
  ],
});

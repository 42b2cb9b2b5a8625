import { modelSuite } from "../modelSuite";
import { seasonalityConfigurationModel } from "./seasonalityConfiguration.model";

modelSuite(seasonalityConfigurationModel, {
  mustInclude: [
    "data.loading + writes.idle + picker.closed + create.idle + removal.idle → loadSeasonality resolves [twoTypes] → data.ready + writes.idle + picker.closed + create.idle + removal.idle",
    "data.loading + writes.idle + picker.closed + create.idle + removal.idle → loadSeasonality rejects [server] → data.failed + writes.idle + picker.closed + create.idle + removal.idle",
    "data.ready + writes.idle + picker.open + create.idle + removal.idle → week.tagged [sale] → data.ready + writes.writing + picker.closed + create.idle + removal.idle",
    "data.ready + writes.writing + picker.closed + create.idle + removal.idle → writeWeek rejects [network] → data.ready + writes.idle + picker.closed + create.idle + removal.idle",
    "data.ready + writes.idle + picker.closed + create.saving + removal.idle → createType rejects [duplicate] → data.ready + writes.idle + picker.closed + create.idle + removal.idle",
    "data.ready + writes.idle + picker.closed + create.idle + removal.confirming → deletion.confirmed → data.ready + writes.idle + picker.closed + create.idle + removal.removing",
    "data.ready + writes.idle + picker.closed + create.idle + removal.removing → deleteType rejects [network] → data.ready + writes.idle + picker.closed + create.idle + removal.idle",
    "data.ready + writes.writing + picker.open + create.idle + removal.idle → week.tagged [sale] → data.ready + writes.writing + picker.closed + create.idle + removal.idle",
  ],
});

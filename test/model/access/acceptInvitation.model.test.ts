import { modelSuite } from "../modelSuite";
import { acceptInvitationModel } from "./acceptInvitation.model";

modelSuite(acceptInvitationModel, {
  transient: ["acceptInvitation.checkingLink"],
  mustInclude: ["start (input: noEmail) → badLink", "submitting → acceptInvitation rejects [dead] → badLink"],
});

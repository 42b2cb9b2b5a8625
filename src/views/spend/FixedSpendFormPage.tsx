import { fixedSpendCreateSegment } from "../../domain/spend/fixedSpendForm";
import { routeParam } from "../shell/rawLocation";
import { FixedSpendFormScreen } from "./FixedSpendFormScreen";

/**
 * /account/costs/fixed/create (a new configuration, breadcrumb Fixed Spend > Create) and
 * /account/costs/fixed/{spend} (the configuration the route names): one lazily loaded
 * route of the account area, after the batch import's. The parameter is decoded once here
 * and checked as an id by the screen; another parameter is another screen (keyed by it).
 */
export const FixedSpendFormPage = ({ params }: { readonly params: { readonly spend?: string } }) => {
  const spend = routeParam(params.spend);
  return <FixedSpendFormScreen key={spend} route={spend === fixedSpendCreateSegment ? { kind: "create" } : { kind: "edit", param: spend }} />;
};

import { useSelector } from "@xstate/react";
import { Redirect } from "wouter";
import { firstRunTexts } from "../../domain/access/firstRun";
import { firstRunMachine, firstRunSelectors as sel, type FirstRunActorRef } from "../../machines/access/firstRun.machine";
import { useAppPart } from "../shell/appChildren";
import { paths } from "../shell/routePaths";

/**
 * The login page's part: the first-run machine's check of the server. A server without
 * accounts opens /setup; a demo reachable from other machines is said in red. Nothing else
 * shows (a failed check leaves the sign-in form as it is).
 */
export const FirstRunCheck = () => {
  const check = useAppPart("firstRunCheck", firstRunMachine);
  return check ? <FirstRunNotice check={check} /> : null;
};

export const FirstRunNotice = ({ check }: { readonly check: FirstRunActorRef }) => {
  const needed = useSelector(check, sel.showsForm);
  const exposedDemo = useSelector(check, sel.isExposedDemo);
  if (needed) return <Redirect to={paths.setup} replace />;
  return exposedDemo ? (
    <p className="notification is-danger exposed-demo" role="alert">
      {firstRunTexts.exposedDemo}
    </p>
  ) : null;
};

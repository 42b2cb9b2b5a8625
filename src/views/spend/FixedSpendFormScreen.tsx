import type { ActorRefFrom } from "xstate";
import { useSelector } from "@xstate/react";
import { useState } from "react";
import { Link, useLocation } from "wouter";
import { fixedSpendFormTexts as t } from "../../domain/spend/fixedSpendForm";
import { spendListTexts } from "../../domain/spend/spendList";
import {
  fixedSpendFormMachine,
  fixedSpendFormSelectors as sel,
  type FixedSpendFormActorRef,
  type FixedSpendFormRoute,
} from "../../machines/spend/fixedSpendForm.machine";
import { Breadcrumbs } from "../components/Breadcrumbs";
import { useDocumentTitle } from "../components/useDocumentTitle";
import { useSelected } from "../components/useSelected";
import { Screen } from "../shell/appChildren";
import { AppShell } from "../shell/AppShell";
import { paths } from "../shell/routePaths";
import { RemoveSpendDialog } from "./RemoveSpendDialog";
import { SpendFieldsForm } from "./SpendFields";
import "./spend.css";

/** A random id for one opened form (128 bits, hex): part of its creates' Idempotency-Key. */
const newFormId = (): string => Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");

/**
 * The create and edit screen of a fixed spend configuration: the breadcrumb (Fixed Spend >
 * Create, or Fixed Spend > the configuration), the spend fields, Save, and on edit Remove
 * with its confirmation. One actor per route owns the scope; this view only renders it and
 * sends what the person does.
 */
export const FixedSpendFormScreen = ({ route }: { readonly route: FixedSpendFormRoute }) => (
  <AppShell>
    <FixedSpendFormBody route={route} />
  </AppShell>
);

const FixedSpendFormBody = ({ route }: { readonly route: FixedSpendFormRoute }) => {
  const [, navigate] = useLocation();
  const [formId] = useState(newFormId);
  // The app root's screen child for this route (given the session and toasts by the root).
  return (
    <Screen name="fixedSpendForm" routeKey={JSON.stringify([route])} logic={fixedSpendFormMachine.provide({ actions: { goToList: () => navigate(paths.fixedSpend) } })} route={{ route, formId }}>
      {(screen) => <FixedSpendFormBodyScreen screen={screen} />}
    </Screen>
  );
};

const FixedSpendFormBodyScreen = ({ screen }: { readonly screen: ActorRefFrom<typeof fixedSpendFormMachine> }) => {
  const create = useSelector(screen, sel.isCreate);
  const title = create ? t.createTitle : t.editTitle;
  useDocumentTitle(title);
  return (
    <article className="report fixed-spend-form">
      <FixedSpendCrumbs screen={screen} />
      <h1 className="report-title">{title}</h1>
      <FixedSpendFormState screen={screen} />
    </article>
  );
};

const FixedSpendCrumbs = ({ screen }: { readonly screen: FixedSpendFormActorRef }) => {
  const create = useSelector(screen, sel.isCreate);
  const id = useSelector(screen, sel.spendId);
  const path = useSelector(screen, sel.storedPath);
  const last = create ? spendListTexts.create : id === null ? t.editTitle : t.editCrumb(id, path);
  return <Breadcrumbs crumbs={[{ label: spendListTexts.fixedTitle, href: paths.fixedSpend }, { label: last }]} />;
};

const FixedSpendFormState = ({ screen }: { readonly screen: FixedSpendFormActorRef }) => {
  const loading = useSelector(screen, sel.isLoading);
  const notFound = useSelector(screen, sel.isNotFound);
  const loadFailed = useSelector(screen, sel.hasLoadFailed);
  const showsForm = useSelector(screen, sel.showsForm);
  if (notFound) {
    return (
      <section className="notification is-warning fixed-spend-not-found" aria-labelledby="fixed-spend-not-found">
        <h2 id="fixed-spend-not-found">{t.notFoundTitle}</h2>
        <p>{t.notFound}</p>
        <Link href={paths.fixedSpend}>{t.backToList}</Link>
      </section>
    );
  }
  if (loadFailed) {
    return (
      <div className="notification is-warning fixed-spend-load-failed" role="alert">
        <p>{t.loadFailed}</p>
        <button type="button" className="button" onClick={() => screen.send({ type: "spend.loadRetried" })}>
          {t.retry}
        </button>{" "}
        <Link href={paths.fixedSpend}>{t.backToList}</Link>
      </div>
    );
  }
  if (showsForm) return <FixedSpendEditor screen={screen} />;
  return loading ? (
    <p className="loading" role="status">
      {t.loading}
    </p>
  ) : null;
};

const FixedSpendEditor = ({ screen }: { readonly screen: FixedSpendFormActorRef }) => {
  const { isCreate: create, isSaving: saving, isRemoving: removing, isConfirming: confirming, isBusy: busy } = useSelected(screen, sel, ["isCreate", "isSaving", "isRemoving", "isConfirming", "isBusy"]);
  return (
    <SpendFieldsForm
      form={screen}
      sel={sel}
      className="spend-form fixed-spend-editor"
      label={create ? t.createTitle : t.editTitle}
      disabled={busy}
      actions={
        <>
          {saving || removing ? (
            <span className="loading" role="status">
              {saving ? t.saving : t.removing}
            </span>
          ) : null}
          <Link href={paths.fixedSpend} className="button">
            {spendListTexts.cancel}
          </Link>
          {create ? null : (
            <button type="button" className="button is-danger" disabled={busy} onClick={() => screen.send({ type: "spend.removeAsked" })}>
              {t.remove}
            </button>
          )}
          <button type="submit" className="button is-primary" disabled={busy} aria-busy={saving}>
            {t.save}
          </button>
        </>
      }
    >
      {confirming || removing ? (
        <RemoveSpendDialog
          busy={removing}
          onConfirm={() => screen.send({ type: "spend.removeConfirmed" })}
          onCancel={() => screen.send({ type: "spend.removeCancelled" })}
        />
      ) : null}
    </SpendFieldsForm>
  );
};

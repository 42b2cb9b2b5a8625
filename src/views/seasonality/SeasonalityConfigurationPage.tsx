import { useSelector } from "@xstate/react";
import { useId, type KeyboardEvent } from "react";
import { formatDate, formatRange } from "../../domain/report/dateFormat";
import { defaultLocale } from "../../domain/report/numberFormat";
import { analysisReportTexts } from "../../domain/report/analysisReportTexts";
import { seasonalityTexts as t } from "../../domain/seasonality/seasonalityTexts";
import {
  seasonalityConfigurationMachine,
  seasonalityConfigurationSelectors as sel,
  type SeasonalityConfigurationActorRef,
  type ShownWeek,
} from "../../machines/seasonality/seasonalityConfiguration.machine";
import { ConfirmDialog, InfoDialog } from "../components/Modal";
import { useDocumentTitle } from "../components/useDocumentTitle";
import { Screen as AppScreen } from "../shell/appChildren";
import { AppShell } from "../shell/AppShell";
import "./seasonality.css";
import { SubmitForm } from "../components/SubmitForm";

type Screen = { readonly screen: SeasonalityConfigurationActorRef };

/**
 * /seasonality-configuration: the program's seasonality types (each with its weeks in the
 * session's dates and how many it tags in all; create, delete), and the calendar of the
 * dates by weeks, where a week's button opens the type picker. Everything shown is read
 * from the screen's actor; controls only send it events.
 */
export const SeasonalityConfigurationPage = () => (
  <AppShell>
    <SeasonalityBody />
  </AppShell>
);

const SeasonalityBody = () => {
  // The app root's screen child (given the session by the root).
  return (
    <AppScreen name="seasonalityConfiguration" routeKey="" logic={seasonalityConfigurationMachine} route={{}}>
      {(screen) => <SeasonalityScreen screen={screen} />}
    </AppScreen>
  );
};

/** The screen of an actor: its title, its load states, the types and the calendar, and the open dialogs. */
export const SeasonalityScreen = ({ screen }: Screen) => {
  const status = useSelector(screen, sel.status);
  useDocumentTitle(t.title);
  return (
    <article className="report seasonality">
      <h1 className="report-title">{t.title}</h1>
      <p className="seasonality-intro">{t.intro}</p>
      <div aria-busy={status === "loading" || undefined}>
        {status === "loading" ? (
          <p className="loading" role="status">
            {analysisReportTexts.loading}
          </p>
        ) : status === "failed" ? (
          <div className="notification is-warning" role="alert">
            <p>{analysisReportTexts.failed}</p>
            <button type="button" className="button" onClick={() => screen.send({ type: "data.retried" })}>
              {analysisReportTexts.tryAgain}
            </button>
          </div>
        ) : (
          <>
            <TagProblem screen={screen} />
            <div className="seasonality-layout">
              <TypesSection screen={screen} />
              <CalendarSection screen={screen} />
            </div>
            <WeekPicker screen={screen} />
            <RemovalDialog screen={screen} />
          </>
        )}
      </div>
    </article>
  );
};

const useLocale = (screen: SeasonalityConfigurationActorRef): string => useSelector(screen, sel.locale) ?? defaultLocale;

const TagProblem = ({ screen }: Screen) => {
  const week = useSelector(screen, sel.failedWeek);
  const locale = useLocale(screen);
  if (week === null) return null;
  return (
    <div className="notification is-danger seasonality-tag-problem" role="alert">
      <p>{t.tagFailed(formatDate(week, locale))}</p>
      <button type="button" className="button is-small" onClick={() => screen.send({ type: "tagProblem.dismissed" })}>
        {t.dismiss}
      </button>
    </div>
  );
};

/** The types, each with its weeks in the dates (each untaggable) and its counts, then the new type's form. */
const TypesSection = ({ screen }: Screen) => {
  const types = useSelector(screen, sel.types);
  const noTypes = useSelector(screen, sel.hasNoTypes);
  const removalProblem = useSelector(screen, sel.removalProblem);
  const locale = useLocale(screen);
  const headingId = useId();
  return (
    <section className="seasonality-types" aria-labelledby={headingId}>
      <h2 id={headingId}>{t.types}</h2>
      {noTypes ? (
        <p className="seasonality-empty" role="status">
          {t.noTypes}
        </p>
      ) : (
        <ul className="seasonality-type-list" aria-label={t.types}>
          {types.map((type) => (
            <li key={type.id} className="seasonality-type">
              <div className="seasonality-type-head">
                <h3>{type.name}</h3>
                <button type="button" className="button is-small is-danger" onClick={() => screen.send({ type: "type.deleteRequested", id: type.id })}>
                  {t.delete(type.name)}
                </button>
              </div>
              <dl className="seasonality-counts">
                <div>
                  <dt>{t.weeksInDates}</dt>
                  <dd data-count="in-dates">{type.inDates.length}</dd>
                </div>
                <div>
                  <dt>{t.weeksTagged}</dt>
                  <dd data-count="total">{type.total}</dd>
                </div>
              </dl>
              {type.inDates.length === 0 ? (
                <p className="field-help">{t.noWeeksInDates}</p>
              ) : (
                <ul className="seasonality-week-chips" aria-label={`${t.taggedWeeks}: ${type.name}`}>
                  {type.inDates.map((week) => (
                    <li key={week}>
                      <time dateTime={week}>{formatDate(week, locale)}</time>
                      <button
                        type="button"
                        className="seasonality-chip-remove"
                        aria-label={t.untagWeek(formatDate(week, locale), type.name)}
                        onClick={() => screen.send({ type: "week.untagged", week })}
                      >
                        ×
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      )}
      {removalProblem === null ? null : (
        <p className="field-error" role="alert">
          {removalProblem}
        </p>
      )}
      <CreateTypeForm screen={screen} />
    </section>
  );
};

const CreateTypeForm = ({ screen }: Screen) => {
  const draft = useSelector(screen, sel.draft);
  const problem = useSelector(screen, sel.createProblem);
  const creating = useSelector(screen, sel.isCreating);
  const inputId = useId();
  const problemId = useId();
  return (
    <SubmitForm
      className="seasonality-create"
      aria-label={t.newType}
      onSubmit={() => screen.send({ type: "type.created" })}
    >
      <h3>{t.newType}</h3>
      <div className="field">
        <label htmlFor={inputId}>{t.name}</label>
        <input
          id={inputId}
          value={draft}
          readOnly={creating}
          aria-invalid={problem !== null || undefined}
          aria-describedby={problem === null ? undefined : problemId}
          onChange={(e) => screen.send({ type: "type.draftChanged", name: e.target.value })}
        />
        {problem === null ? null : (
          <p id={problemId} className="field-error" role="alert">
            {problem}
          </p>
        )}
      </div>
      <button type="submit" className="button is-primary" disabled={creating}>
        {creating ? t.creating : t.create}
      </button>
    </SubmitForm>
  );
};

/** Arrow keys, Home and End move between the week buttons. */
const moveBetweenWeeks = (e: KeyboardEvent<HTMLOListElement>) => {
  const buttons = [...e.currentTarget.querySelectorAll<HTMLButtonElement>("button[data-week]")];
  const at = buttons.indexOf(e.target as HTMLButtonElement);
  if (at < 0) return;
  const next =
    e.key === "ArrowRight" || e.key === "ArrowDown" ? at + 1 : e.key === "ArrowLeft" || e.key === "ArrowUp" ? at - 1 : e.key === "Home" ? 0 : e.key === "End" ? buttons.length - 1 : null;
  if (next === null) return;
  e.preventDefault();
  buttons[Math.max(0, Math.min(buttons.length - 1, next))]?.focus();
};

const weekNotes = (week: ShownWeek): ReadonlyArray<string> => [...(week.current ? [t.thisWeek] : []), ...(week.part ? [t.partWeek] : []), ...(week.saving ? [t.saving] : [])];

/** The dates by weeks: a button per week showing its type; it opens the picker. */
const CalendarSection = ({ screen }: Screen) => {
  const weeks = useSelector(screen, sel.calendar);
  const range = useSelector(screen, sel.range);
  const noTypes = useSelector(screen, sel.hasNoTypes);
  const pending = useSelector(screen, sel.pendingWrites);
  const locale = useLocale(screen);
  const headingId = useId();
  return (
    <section className="seasonality-calendar" aria-labelledby={headingId}>
      <h2 id={headingId}>
        {t.calendar}
        {range === null ? null : <span className="seasonality-range"> {formatRange(range, locale)}</span>}
      </h2>
      <p className="field-help">{noTypes ? t.calendarNoTypes : t.calendarHint}</p>
      <p className="visually-hidden" role="status">
        {pending > 0 ? t.saving : ""}
      </p>
      <ol className="seasonality-weeks" aria-label={t.calendar} onKeyDown={moveBetweenWeeks}>
        {weeks.map((week) => {
          const date = formatDate(week.start, locale);
          return (
            <li key={week.start}>
              <button
                type="button"
                data-week={week.start}
                className={`seasonality-week${week.type ? " is-tagged" : ""}${week.part ? " is-part" : ""}${week.current ? " is-current" : ""}`}
                aria-label={t.weekButton(date, week.type?.name ?? null, weekNotes(week))}
                aria-busy={week.saving || undefined}
                disabled={noTypes && week.type === null}
                onClick={() => screen.send({ type: "week.opened", week: week.start })}
              >
                {/* Spaces between the parts, so the words read as the button's name says them ("26 Oct 2026 Untagged"). */}
                <time dateTime={week.start}>{date}</time>{" "}
                <span className="seasonality-week-type">{week.type?.name ?? t.untagged}</span>
                {week.saving ? <> <span className="seasonality-week-note">{t.saving}…</span></> : null}
              </button>
            </li>
          );
        })}
      </ol>
    </section>
  );
};

/** The picker of one week: a button per type (the week's own is pressed), untag, close. */
const WeekPicker = ({ screen }: Screen) => {
  const week = useSelector(screen, sel.picked);
  const types = useSelector(screen, sel.types);
  const locale = useLocale(screen);
  if (week === null) return null;
  const date = formatDate(week.start, locale);
  const close = () => screen.send({ type: "picker.closed" });
  return (
    <InfoDialog
      title={t.pickerTitle(date)}
      close={{ label: t.close, onClick: close }}
    >
      <p>{t.pickerHint}</p>
      <ul className="seasonality-picker" aria-label={t.types}>
        {types.map((type) => (
          <li key={type.id}>
            <button
              type="button"
              className={`button${week.type?.id === type.id ? " is-primary" : ""}`}
              aria-pressed={week.type?.id === type.id}
              onClick={() => screen.send({ type: "week.tagged", week: week.start, typeId: type.id })}
            >
              {type.name}
            </button>
          </li>
        ))}
        {week.type === null ? null : (
          <li>
            <button type="button" className="button is-text" onClick={() => screen.send({ type: "week.untagged", week: week.start })}>
              {t.untag}
            </button>
          </li>
        )}
      </ul>
    </InfoDialog>
  );
};

const RemovalDialog = ({ screen }: Screen) => {
  const question = useSelector(screen, sel.removalQuestion);
  const removing = useSelector(screen, sel.isRemoving);
  if (question === null) return null;
  const cancel = () => screen.send({ type: "deletion.cancelled" });
  return (
    <ConfirmDialog
      title={t.deleteTitle}
      cancel={{ label: t.deleteCancel, disabled: removing, onClick: cancel }}
      confirm={{ label: removing ? t.deleting : t.deleteConfirm, look: "danger", busy: removing, onClick: () => screen.send({ type: "deletion.confirmed" }) }}
    >
      <p>{t.deleteQuestion(question.name, question.weeks)}</p>
    </ConfirmDialog>
  );
};

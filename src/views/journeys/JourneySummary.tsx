import { useSelector } from "@xstate/react";
import { useMemo } from "react";
import { journeysTexts } from "../../domain/journeys/journeysTexts";
import { pathName, samePath, type JourneyPath, type JourneyPathShare, type JourneyShare } from "../../domain/journeys/journeySummary";
import { formatMoney, formatNumber, formatPercent } from "../../domain/report/numberFormat";
import { journeysReportSelectors as sel, type JourneysReportActorRef } from "../../machines/journeys/journeysReport.machine";
import { sessionSelectors } from "../../machines/shell/session.machine";
import { useAppActors } from "../shell/AppActorsContext";
import { MetricTable, type TableColumn } from "../table/MetricTable";

const t = journeysTexts.summary;

/** A row of the paths table: a path (null for 'Other') with its share of the filtered orders. */
type PathRow = JourneyShare & { readonly steps: JourneyPath | null; readonly name: string };

/**
 * Above the table: the filtered orders (how many, their share of every order in the range,
 * their revenue and AOV against every order's) and the 10 most common paths at the level
 * with their share and AOV, the rest as 'Other'. A path's button shows only its orders; the
 * chosen path's own figures follow the totals (also when it is not among the 10, from a link).
 */
export const JourneySummary = ({ report }: { readonly report: JourneysReportActorRef }) => {
  const summary = useSelector(report, sel.summary);
  const loading = useSelector(report, sel.isSummaryLoading);
  const chosen = useSelector(report, sel.path);
  const { session } = useAppActors();
  const program = useSelector(session, sessionSelectors.program);
  const money = useMemo(() => {
    const options = { currency: program?.currency ?? null, locale: program?.locale ?? null };
    return (value: number | null) => formatMoney(value, 2, options);
  }, [program]);
  const locale = program?.locale ?? null;
  const columns = useMemo(
    (): ReadonlyArray<TableColumn<PathRow>> => [
      {
        key: "name",
        header: t.path,
        cell: (row) =>
          row.steps === null ? (
            t.other
          ) : (
            <button
              type="button"
              className="journey-path-choice"
              aria-pressed={samePath(row.steps, chosen)}
              title={t.choose(row.name)}
              onClick={() => row.steps !== null && report.send({ type: "journeys.pathChosen", path: row.steps })}
            >
              {row.name}
            </button>
          ),
      },
      { key: "orders", header: t.orders, value: (row) => Number(row["orders"]), format: (v) => formatNumber(v, 0, locale) },
      { key: "share", header: t.share, value: (row) => Number(row["share"]), format: (v) => formatPercent(v, 1, locale) },
      { key: "aov", header: t.aov, value: (row) => Number(row["aov"]), format: money },
    ],
    [chosen, locale, money, report],
  );
  if (summary === null) {
    return loading ? (
      <p className="journey-summary-loading" role="status">
        {t.loading}
      </p>
    ) : null;
  }
  const rows: ReadonlyArray<PathRow> = [
    ...summary.paths.map((p: JourneyPathShare): PathRow => ({ ...p, name: pathName(p.steps) })),
    ...(summary.other.orders > 0 ? [{ ...summary.other, steps: null, name: t.other }] : []),
  ];
  return (
    <section className="journey-summary" aria-label={t.heading} aria-busy={loading || undefined}>
      <dl className="journey-summary-figures">
        <div>
          <dt>{t.orders}</dt>
          <dd data-testid="journey-summary-orders">{formatNumber(summary.filtered.orders, 0, locale)}</dd>
          <dd className="journey-summary-beside">{t.ofAll(formatPercent(summary.filtered.share, 1, locale))}</dd>
        </div>
        <div>
          <dt>{t.revenue}</dt>
          <dd>{money(summary.filtered.revenue)}</dd>
          <dd className="journey-summary-beside">
            {t.allOrders}: {money(summary.all.revenue)}
          </dd>
        </div>
        <div>
          <dt>{t.aov}</dt>
          <dd>{money(summary.filtered.aov)}</dd>
          <dd className="journey-summary-beside">
            {t.allOrders}: {money(summary.all.aov)}
          </dd>
        </div>
        {summary.chosen !== null ? (
          <div>
            <dt>{t.chosenPath}</dt>
            <dd>{formatNumber(summary.chosen.orders, 0, locale)}</dd>
            <dd className="journey-summary-beside">{t.chosenFigures(formatPercent(summary.chosen.share, 1, locale), money(summary.chosen.aov))}</dd>
          </div>
        ) : null}
      </dl>
      {rows.length > 0 ? (
        <>
          <h2 className="journey-summary-heading">{t.pathsHeading}</h2>
          <MetricTable<PathRow> label={t.pathsLabel} className="journey-paths-table" columns={columns} rows={rows} rowName={(row) => row.name} rowKey={(row) => row.name} />
        </>
      ) : null}
    </section>
  );
};

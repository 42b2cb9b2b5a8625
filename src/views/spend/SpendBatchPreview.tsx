import { useId } from "react";
import { spendBatchColumnLabels, spendBatchColumns, spendBatchTexts as t } from "../../domain/spend/spendBatch";
import { spendBatchSelectors as sel, type SpendBatchActorRef } from "../../machines/spend/spendBatch.machine";
import "../exports/exports.css";
import { useSelected } from "../components/useSelected";

/** Rows shown in the preview table; the rest are counted. */
export const previewRowLimit = 200;

/**
 * The spend rows of a dropped sheet: the sheet options (header row, rows to skip), a
 * table of the parsed rows with each row's status and message, 'Send', the progress
 * while sending, and 'Finished: A total of {n} records were processed'.
 */
export const SpendBatchPreview = ({ batch }: { readonly batch: SpendBatchActorRef }) => {
  const { isEmpty: empty, isRefused: refused, isPreview: preview, isSending: sending, problem, options, rows, readyCount, canSend, settledCount: settled, sendTotal: total, finishedMessage: finished } = useSelected(batch, sel, ["isEmpty", "isRefused", "isPreview", "isSending", "problem", "options", "rows", "readyCount", "canSend", "settledCount", "sendTotal", "finishedMessage"]);
  const headerId = useId();
  const skipId = useId();
  const progressId = useId();

  if (empty) return null;
  const editable = preview || refused;
  const shown = rows.slice(0, previewRowLimit);

  return (
    <section className="spend-batch" aria-label="Spend rows">
      <div className="spend-batch-options">
        <label className="field-inline" htmlFor={headerId}>
          <input
            id={headerId}
            type="checkbox"
            checked={options.headerRow}
            disabled={!editable}
            onChange={(e) => batch.send({ type: "batch.optionsChanged", headerRow: e.target.checked })}
          />
          The top row holds the headers
        </label>
        <span className="field-inline">
          <label htmlFor={skipId}>Rows to skip</label>
          <input
            id={skipId}
            type="number"
            min={0}
            step={1}
            className="spend-batch-skip"
            value={options.skip}
            disabled={!editable}
            onChange={(e) => batch.send({ type: "batch.optionsChanged", skip: Number(e.target.value) })}
          />
        </span>
      </div>

      {problem ? (
        <p className="field-error" role="alert">
          {problem}
        </p>
      ) : null}

      {rows.length > 0 ? (
        <div className="spend-batch-table-wrap">
          <table className="spend-batch-table">
            <caption className="visually-hidden">Spend rows of the file</caption>
            <thead>
              <tr>
                <th scope="col">Row</th>
                {spendBatchColumns.map((c) => (
                  <th key={c} scope="col">
                    {spendBatchColumnLabels[c]}
                  </th>
                ))}
                <th scope="col">Status</th>
                <th scope="col">Message</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((r) => (
                <tr key={r.index} className={`is-${r.status}`}>
                  <th scope="row">{r.row.line}</th>
                  {spendBatchColumns.map((c) => (
                    <td key={c} className={c === "cost" ? "is-number" : undefined}>
                      {r.row.values[c]}
                    </td>
                  ))}
                  <td>
                    <span className={`batch-status batch-status-${r.status}`}>{t.statuses[r.status]}</span>
                  </td>
                  <td>{r.message ?? ""}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {rows.length > shown.length ? (
            <p className="field-help">
              Showing the first {shown.length.toLocaleString("en-GB")} of {rows.length.toLocaleString("en-GB")} rows.
            </p>
          ) : null}
        </div>
      ) : null}

      <div className="spend-batch-actions">
        {preview ? (
          <p className="field-help">
            {readyCount.toLocaleString("en-GB")} of {rows.length.toLocaleString("en-GB")} rows will be sent.
          </p>
        ) : null}
        {sending ? (
          <div className="spend-batch-progress" role="status">
            <label htmlFor={progressId}>
              Sent {settled.toLocaleString("en-GB")} of {total.toLocaleString("en-GB")}
            </label>
            <progress id={progressId} max={total} value={settled} />
          </div>
        ) : null}
        {finished ? (
          <p className="spend-batch-finished" role="status">
            {finished}
          </p>
        ) : null}
        <button type="button" className="button is-primary" disabled={!canSend} onClick={() => batch.send({ type: "batch.sent" })}>
          {t.send}
        </button>
      </div>
    </section>
  );
};

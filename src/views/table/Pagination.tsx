import { useId } from "react";
import { pageBounds } from "../../domain/table/pagination";
import { performanceTexts } from "../../domain/performance/performanceTexts";
import "./metricTable.css";

interface Props {
  /** Names the control ("Pagination" by default); several on a page need distinct names. */
  readonly label?: string;
  readonly page: number;
  readonly pageCount: number;
  readonly total: number;
  readonly perPage: number;
  /** Rows-per-page choices; the select shows only when there is more than one. */
  readonly perPageOptions?: ReadonlyArray<number>;
  readonly onPage: (page: number) => void;
  readonly onPerPage?: (perPage: number) => void;
}

/** The page numbers to offer: the first, the last, and the current page with its neighbours; `null` marks a gap. */
const pageItems = (page: number, count: number): Array<number | null> => {
  const wanted = new Set([1, count, page - 1, page, page + 1].filter((p) => p >= 1 && p <= count));
  const sorted = [...wanted].sort((a, b) => a - b);
  const items: Array<number | null> = [];
  for (const p of sorted) {
    const last = items[items.length - 1];
    if (typeof last === "number" && p - last > 1) items.push(null);
    items.push(p);
  }
  return items;
};

/**
 * The pagination control of a table: previous and next, the
 * page numbers, "1–15 of 40", and the rows-per-page choice where the table has options.
 * Every control is a native button or select, so it works with the keyboard.
 */
export const Pagination = ({ label = performanceTexts.performanceTable.pagination, page, pageCount, total, perPage, perPageOptions = [], onPage, onPerPage }: Props) => {
  const sizeId = useId();
  const { first, last } = pageBounds(page, total, perPage);
  return (
    <nav className="pagination" aria-label={label}>
      <p className="pagination-range" aria-live="polite">
        {first}–{last} of {total}
      </p>
      {pageCount > 1 ? (
        <ul className="pagination-pages">
          <li>
            <button type="button" className="pagination-button" onClick={() => onPage(page - 1)} disabled={page <= 1} aria-label="Previous page">
              ‹
            </button>
          </li>
          {pageItems(page, pageCount).map((p, i) =>
            p === null ? (
              <li key={`gap-${i}`} className="pagination-gap" aria-hidden="true">
                …
              </li>
            ) : (
              <li key={p}>
                <button
                  type="button"
                  className="pagination-button"
                  aria-label={`Page ${p}`}
                  aria-current={p === page ? "page" : undefined}
                  onClick={() => onPage(p)}
                >
                  {p}
                </button>
              </li>
            ),
          )}
          <li>
            <button type="button" className="pagination-button" onClick={() => onPage(page + 1)} disabled={page >= pageCount} aria-label="Next page">
              ›
            </button>
          </li>
        </ul>
      ) : null}
      {perPageOptions.length > 1 && onPerPage ? (
        <span className="pagination-size field-inline">
          <label htmlFor={sizeId}>{performanceTexts.performanceTable.perPage}</label>
          <select id={sizeId} value={perPage} onChange={(e) => onPerPage(Number(e.target.value))}>
            {perPageOptions.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </span>
      ) : null}
    </nav>
  );
};

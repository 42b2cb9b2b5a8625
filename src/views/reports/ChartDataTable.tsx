import type { ReactNode } from "react";

export interface ChartDataColumn {
  readonly header: string;
  /** The value of row `i`, as the chart's tooltip shows it. */
  readonly cell: (i: number) => string;
}

interface Props {
  readonly caption: string;
  /** The header of the row names (a date, a channel name). */
  readonly rowHeader: string;
  /** Each row's name (the x axis's labels, in order). */
  readonly rowNames: ReadonlyArray<ReactNode>;
  readonly columns: ReadonlyArray<ChartDataColumn>;
}

/**
 * What a report's chart shows, as a table for screen readers (and tests): visually
 * hidden, one row per point of the x axis, one column per series, each value as the
 * chart's tooltip formats it. Every analysis chart draws one beside its canvas.
 */
export const ChartDataTable = ({ caption, rowHeader, rowNames, columns }: Props) => (
  <table className="visually-hidden">
    <caption>{caption}</caption>
    <thead>
      <tr>
        <th scope="col">{rowHeader}</th>
        {columns.map((c) => (
          <th key={c.header} scope="col">
            {c.header}
          </th>
        ))}
      </tr>
    </thead>
    <tbody>
      {rowNames.map((name, i) => (
        <tr key={i}>
          <th scope="row">{name}</th>
          {columns.map((c) => (
            <td key={c.header}>{c.cell(i)}</td>
          ))}
        </tr>
      ))}
    </tbody>
  </table>
);

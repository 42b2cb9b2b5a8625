import type { ChartTable } from "./chartKinds";

/**
 * What a report's chart shows, as a table for screen readers (and tests): visually
 * hidden, one row per point of the category axis (a period as a `<time>`), one column per
 * series, each value as the chart's tooltip formats it. `ChartCanvas` draws it beside its
 * canvas when given a `table`. The box that hides it is a block around the table: a table is
 * never narrower than its text, so on the table itself the 1px width would not hold and the
 * hidden columns would widen the page.
 */
export const ChartDataTable = ({ caption, rowHeader, rowNames, columns }: ChartTable) => (
  <div className="visually-hidden">
    <table>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{rowHeader}</th>
          {columns.map((c, j) => (
            <th key={j} scope="col">
              {c.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rowNames.map((name, i) => (
          <tr key={i}>
            <th scope="row">{typeof name === "string" ? name : <time dateTime={name.date}>{name.text}</time>}</th>
            {columns.map((c, j) => (
              <td key={j}>{c.cell(i)}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  </div>
);

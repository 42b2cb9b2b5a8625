import { Link } from "wouter";

export interface Crumb {
  readonly label: string;
  /** A crumb without a link is plain text (the current page, or a 'None' value). */
  readonly href?: string;
}

export const Breadcrumbs = ({ crumbs }: { readonly crumbs: ReadonlyArray<Crumb> }) => (
  <nav aria-label="Breadcrumb" className="breadcrumbs">
    <ol>
      {crumbs.map((c, i) => (
        <li key={`${i}-${c.label}`}>
          {c.href && i < crumbs.length - 1 ? <Link href={c.href}>{c.label}</Link> : <span aria-current={i === crumbs.length - 1 ? "page" : undefined}>{c.label}</span>}
        </li>
      ))}
    </ol>
  </nav>
);

import { Link } from "wouter";
import type { TaxonomySidebarEntries } from "../../domain/report/taxonomySidebar";
import "./taxonomySidebar.css";

interface Props {
  /** The sidebar's name and heading. */
  readonly label: string;
  readonly entries: TaxonomySidebarEntries;
  /** The parent link's words for a parent's name. */
  readonly parentText: (name: string) => string;
  /** An Explore link's accessible words for a value's name. */
  readonly exploreText: (name: string) => string;
}

/**
 * The taxonomies of a level beside a report (diminishing returns, funnel trends): the
 * parent level's link, then each value choosing its series (the current one marked) and,
 * where it has children, an Explore link one level down. 'None' is plain text.
 */
export const TaxonomySidebar = ({ label, entries, parentText, exploreText }: Props) => (
  <nav className="taxonomy-sidebar" aria-label={label}>
    <h2>{label}</h2>
    {entries.parent ? (
      <p className="taxonomy-sidebar-parent">
        <Link href={entries.parent.href}>← {parentText(entries.parent.label)}</Link>
      </p>
    ) : null}
    <ul>
      {entries.items.map((item) => (
        <li key={item.name} className={item.current ? "is-current" : undefined}>
          {item.href ? (
            <Link href={item.href} aria-current={item.current ? "page" : undefined}>
              {item.name}
            </Link>
          ) : (
            <span aria-current={item.current ? "page" : undefined}>{item.name}</span>
          )}
          {item.exploreHref ? (
            <Link href={item.exploreHref} className="taxonomy-sidebar-explore" aria-label={exploreText(item.name)}>
              ›
            </Link>
          ) : null}
        </li>
      ))}
    </ul>
  </nav>
);

import { useSelector } from "@xstate/react";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { noneTaxonomy } from "../../domain/performance/performance";
import { reportTexts } from "../../domain/report/reportTexts";
import { performanceTexts } from "../../domain/performance/performanceTexts";
import { nodeState, type Selection, type TaxonomyNode, type TaxonomyTree, type TreeState } from "../../domain/report/treeSelection";
import { searchResultsSelectors as sel, type SearchResultsActorRef } from "../../machines/performance/searchResults.machine";
import { Popover } from "../components/Popover";
import "./search.css";

const t = performanceTexts.searchResults;

/** A checkbox that is ticked (all), unticked (none) or mixed (some): `indeterminate` and `aria-checked="mixed"`. */
export const TriStateCheckbox = ({ state, onChange, id }: { readonly state: TreeState; readonly onChange: () => void; readonly id?: string }) => {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = state === "some";
  }, [state]);
  return (
    <input
      ref={ref}
      id={id}
      type="checkbox"
      className="tri-state"
      checked={state === "all"}
      aria-checked={state === "some" ? "mixed" : undefined}
      onChange={onChange}
    />
  );
};

interface TreeProps {
  readonly tree: TaxonomyTree;
  readonly selection: Selection;
  readonly onToggle: (key: string) => void;
  readonly label: string;
}

/**
 * A checkbox tree of taxonomies 1 to 4: each node is
 * all, none or some of its leaves; a click on an 'all' node unticks its leaves, on any
 * other node ticks them. Branches expand and collapse (their button, or ArrowRight and
 * ArrowLeft on the row); a 'None' node is never expandable. Only open branches are drawn.
 */
export const TaxonomyCheckboxTree = ({ tree, selection, onToggle, label }: TreeProps) => {
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const setOpen = (key: string, open: boolean) =>
    setExpanded((current) => {
      if (current.has(key) === open) return current;
      const next = new Set(current);
      if (open) next.add(key);
      else next.delete(key);
      return next;
    });
  return (
    <ul className="filter-tree" aria-label={label}>
      {tree.roots.map((node) => (
        <TreeNode key={node.key} node={node} selection={selection} expanded={expanded} onToggle={onToggle} setOpen={setOpen} />
      ))}
    </ul>
  );
};

interface NodeProps {
  readonly node: TaxonomyNode;
  readonly selection: Selection;
  readonly expanded: ReadonlySet<string>;
  readonly onToggle: (key: string) => void;
  readonly setOpen: (key: string, open: boolean) => void;
}

const TreeNode = ({ node, selection, expanded, onToggle, setOpen }: NodeProps) => {
  const id = useId();
  const expandable = node.children.length > 0 && node.name !== noneTaxonomy;
  const open = expandable && expanded.has(node.key);
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (!expandable) return;
    if (e.key === "ArrowRight" && !open) {
      e.preventDefault();
      setOpen(node.key, true);
    } else if (e.key === "ArrowLeft" && open) {
      e.preventDefault();
      setOpen(node.key, false);
    }
  };
  return (
    <li className={`filter-tree-node level-${node.level}`}>
      <div className="filter-tree-row" onKeyDown={onKeyDown}>
        {expandable ? (
          <button
            type="button"
            className="filter-tree-expand"
            aria-expanded={open}
            aria-controls={open ? `${id}-children` : undefined}
            aria-label={t.expand(node.name)}
            onClick={() => setOpen(node.key, !open)}
          >
            <span aria-hidden="true">▸</span>
          </button>
        ) : (
          <span className="filter-tree-spacer" aria-hidden="true" />
        )}
        <TriStateCheckbox id={`${id}-check`} state={nodeState(node, selection)} onChange={() => onToggle(node.key)} />
        <label htmlFor={`${id}-check`} className="filter-tree-name">
          {node.name}
        </label>
      </div>
      {open ? (
        <ul id={`${id}-children`} className="filter-tree-children" aria-label={node.name}>
          {node.children.map((child) => (
            <TreeNode key={child.key} node={child} selection={selection} expanded={expanded} onToggle={onToggle} setOpen={setOpen} />
          ))}
        </ul>
      ) : null}
    </li>
  );
};

/**
 * The search results' 'Filter' dropdown: the button shows the number of
 * selected branches ('9+' above 9); its panel holds the checkbox tree and 'Reset filter'.
 * The panel is a popover: Escape or a click outside closes it, and focus inside it goes back to the button.
 */
export const FilterTree = ({ results }: { readonly results: SearchResultsActorRef }) => {
  const tree = useSelector(results, sel.tree);
  const selection = useSelector(results, sel.selection);
  const count = useSelector(results, sel.branchCount);
  const badge = useSelector(results, sel.branchBadge);
  const loading = useSelector(results, sel.isLoadingTree);
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const countId = useId();
  const button = useRef<HTMLButtonElement>(null);

  return (
    <div className="filter-dropdown">
      <button
        ref={button}
        type="button"
        className="button filter-button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-describedby={countId}
        popoverTarget={panelId}
        onClick={(e) => {
          e.preventDefault();
          setOpen((o) => !o);
        }}
      >
        {t.filter}
        <span className="filter-badge" aria-hidden="true" data-count={count}>
          {badge}
        </span>
      </button>
      <span id={countId} className="visually-hidden">
        {t.selectedBranches(count)}
      </span>
      {open ? (
        <Popover id={panelId} anchor={button} onDismiss={() => setOpen(false)} className="dropdown-panel filter-panel" role="group" aria-label={t.filter}>
          <div className="filter-panel-actions">
            <button type="button" className="button is-text" onClick={() => results.send({ type: "search.filterReset" })}>
              {t.resetFilter}
            </button>
            {loading ? (
              <span role="status" className="loading">
                {t.loadingTree}
              </span>
            ) : null}
          </div>
          {tree.roots.length > 0 ? (
            <TaxonomyCheckboxTree tree={tree} selection={selection} onToggle={(key) => results.send({ type: "search.nodeToggled", key })} label={t.filterTree} />
          ) : loading ? null : (
            <p className="filter-empty">{reportTexts.empty.chart}</p>
          )}
        </Popover>
      ) : null}
    </div>
  );
};

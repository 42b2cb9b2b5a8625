import { taxonomyLevels, type TaxonomyLevel } from "./taxonomyLevels";

/**
 * The search results' Filter: a tree of taxonomies 1 to 4 with a checkbox per node
 * (every leaf is all or none; a parent is all, none or some).
 *
 * The selection is the set of selected leaf keys. A leaf is 'all' or 'none'; a parent is
 * 'all' when every child is 'all', 'none' when every child is 'none', otherwise 'some'.
 */

export type TreeState = "all" | "none" | "some";

export { taxonomyLevels };

/** A row carrying taxonomy names (the /performance/taxonomies rows, search result rows). */
export type TaxonomyRow = Readonly<Partial<Record<TaxonomyLevel, string | null>>>;

export interface TaxonomyNode {
  /** Unique per path; see `nodeKey`. */
  readonly key: string;
  readonly name: string;
  /** 1 to 4. */
  readonly level: number;
  readonly path: ReadonlyArray<string>;
  readonly children: ReadonlyArray<TaxonomyNode>;
  /** Keys of the leaves under this node (itself when it is a leaf). */
  readonly leaves: ReadonlyArray<string>;
}

export interface TaxonomyTree {
  readonly roots: ReadonlyArray<TaxonomyNode>;
  /** Every leaf key, in tree order. */
  readonly leaves: ReadonlyArray<string>;
  readonly byKey: ReadonlyMap<string, TaxonomyNode>;
}

export type Selection = ReadonlySet<string>;

/** A node's key: its path joined by a unit separator (a character no taxonomy name holds). */
export const nodeKey = (path: ReadonlyArray<string>): string => path.join("\u001f");

/**
 * A row's path: taxonomy_1, taxonomy_2, ... up to the first level that is absent (null or
 * undefined); an empty name is 'None'.
 */
export const rowPath = (row: TaxonomyRow): string[] => {
  const path: string[] = [];
  for (const level of taxonomyLevels) {
    const v = row[level];
    if (v == null) break;
    path.push(v === "" ? "None" : v);
  }
  return path;
};

/** Names in alphabetical order (case-insensitive, numbers inside names as numbers), 'None' last. */
const compareNames = (() => {
  const collator = new Intl.Collator("en", { numeric: true, sensitivity: "base" });
  return (a: string, b: string): number => (a === "None") !== (b === "None") ? (a === "None" ? 1 : -1) : collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
})();

interface Draft {
  readonly name: string;
  readonly children: Map<string, Draft>;
}

/** The tree of the rows' taxonomy paths; siblings sorted by `compareNames`; duplicate rows merge. */
export const buildTaxonomyTree = (rows: ReadonlyArray<TaxonomyRow>): TaxonomyTree => {
  const root = new Map<string, Draft>();
  for (const row of rows) {
    let level = root;
    for (const name of rowPath(row)) {
      let node = level.get(name);
      if (!node) {
        node = { name, children: new Map() };
        level.set(name, node);
      }
      level = node.children;
    }
  }
  const byKey = new Map<string, TaxonomyNode>();
  const leaves: string[] = [];
  const freeze = (drafts: Map<string, Draft>, parentPath: ReadonlyArray<string>): TaxonomyNode[] =>
    [...drafts.values()]
      .sort((a, b) => compareNames(a.name, b.name))
      .map((d) => {
        const path = [...parentPath, d.name];
        const key = nodeKey(path);
        const children = freeze(d.children, path);
        if (children.length === 0) leaves.push(key);
        const node: TaxonomyNode = {
          key,
          name: d.name,
          level: path.length,
          path,
          children,
          leaves: children.length === 0 ? [key] : children.flatMap((c) => c.leaves),
        };
        byKey.set(key, node);
        return node;
      });
  return { roots: freeze(root, []), leaves, byKey };
};

/** The state of a node under a selection (computed from its leaves, which is equivalent to the parent rule). */
export const nodeState = (node: TaxonomyNode, selected: Selection): TreeState => {
  let some = false;
  let every = true;
  for (const leaf of node.leaves) {
    if (selected.has(leaf)) some = true;
    else every = false;
  }
  return every ? "all" : some ? "some" : "none";
};

/** 'Reset filter', and the selection of a first load: every leaf. */
export const selectAll = (tree: TaxonomyTree): Selection => new Set(tree.leaves);

/**
 * Clicking a node's checkbox: a node that is 'all' becomes 'none' (all its leaves
 * unselected); a node that is 'none' or 'some' becomes 'all'. An unknown key changes nothing.
 */
export const toggleNode = (tree: TaxonomyTree, key: string, selected: Selection): Selection => {
  const node = tree.byKey.get(key);
  if (!node) return selected;
  const next = new Set(selected);
  const select = nodeState(node, selected) !== "all";
  for (const leaf of node.leaves) {
    if (select) next.add(leaf);
    else next.delete(leaf);
  }
  return next;
};

/**
 * The number of selected branches shown on the Filter button: the fewest nodes that
 * together cover exactly the selected leaves, i.e. every node that is 'all' while its
 * parent is not (a whole selected taxonomy 1 counts once; a partly selected one counts
 * its top-most fully selected descendants). Nothing selected: 0.
 */
export const selectedBranchCount = (tree: TaxonomyTree, selected: Selection): number => {
  const count = (nodes: ReadonlyArray<TaxonomyNode>): number =>
    nodes.reduce((n, node) => {
      const s = nodeState(node, selected);
      return n + (s === "all" ? 1 : s === "some" ? count(node.children) : 0);
    }, 0);
  return count(tree.roots);
};

/**
 * The unticked part of a selection in the fewest nodes: every node that is 'none' while its
 * parent is not (a whole unticked taxonomy 1 is one key), in tree order. Nothing unticked: none.
 */
export const uncheckedBranches = (tree: TaxonomyTree, selected: Selection): string[] => {
  const walk = (nodes: ReadonlyArray<TaxonomyNode>): string[] =>
    nodes.flatMap((node) => {
      const s = nodeState(node, selected);
      return s === "none" ? [node.key] : s === "some" ? walk(node.children) : [];
    });
  return walk(tree.roots);
};

/** Every leaf ticked but those under the given nodes (`uncheckedBranches`' keys); a key the tree does not hold unticks nothing. */
export const selectionWithout = (tree: TaxonomyTree, unchecked: ReadonlyArray<string>): Selection => {
  const out = new Set(unchecked.flatMap((key) => tree.byKey.get(key)?.leaves ?? []));
  return new Set(tree.leaves.filter((leaf) => !out.has(leaf)));
};

/** The badge text: the count, or '9+' above 9. */
export const branchBadge = (count: number): string => (count > 9 ? "9+" : String(Math.max(0, Math.floor(count))));

/**
 * The rows the Filter lets through. A row is matched to the node of its path (`rowPath`):
 * a leaf passes when selected, a parent when it is not 'none'. A row whose path is not in
 * the tree (the filter knows nothing of it, so it cannot have been unticked) passes.
 */
export const filterRows = <R extends TaxonomyRow>(rows: ReadonlyArray<R>, tree: TaxonomyTree, selected: Selection): R[] =>
  rows.filter((row) => {
    const node = tree.byKey.get(nodeKey(rowPath(row)));
    return !node || nodeState(node, selected) !== "none";
  });

export interface PreviousSelection {
  /** The number of rows the previous tree was built from. */
  readonly size: number;
  /** The leaves of the previous tree. */
  readonly leaves: ReadonlyArray<string> | ReadonlySet<string>;
  readonly selected: Selection;
}

/**
 * The selection after the taxonomy rows (re)load: on load all leaves are selected,
 * unless the previous selection is kept (when the data size differs).
 * Read literally: with no previous selection, or when the new data has the same number of
 * rows as before, every leaf is selected; when the size differs the previous selection is
 * kept. Keeping it means: leaves that were unticked stay unticked, leaves that no longer
 * exist are dropped, and leaves the previous tree did not have are selected (a person
 * cannot have unticked what was not shown).
 */
export const selectionOnLoad = (previous: PreviousSelection | null, tree: TaxonomyTree, size: number): Selection => {
  if (!previous || previous.size === size) return selectAll(tree);
  const known = new Set(previous.leaves);
  return new Set(tree.leaves.filter((leaf) => previous.selected.has(leaf) || !known.has(leaf)));
};

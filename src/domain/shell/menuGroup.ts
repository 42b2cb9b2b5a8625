/**
 * The main menu's groups, in the order the menu shows them; each name is also the
 * group's label. Every menu entry belongs to one.
 */
export const menuGroups = ["Reports", "Analysis", "Account", "Admin", "Help"] as const;
export type MenuGroup = (typeof menuGroups)[number];

export interface MenuSection<T> {
  readonly group: MenuGroup;
  readonly entries: ReadonlyArray<T>;
}

/** Entries sorted into their groups, groups in menu order, entries in their given order; empty groups left out. */
export const groupedEntries = <T extends { readonly group: MenuGroup }>(entries: ReadonlyArray<T>): ReadonlyArray<MenuSection<T>> =>
  menuGroups
    .map((group) => ({ group, entries: entries.filter((entry) => entry.group === group) }))
    .filter((section) => section.entries.length > 0);

/** The changelog page's words (/changelog). */
export const changelogTexts = {
  /** The page's heading and tab title when the changelog names no title of its own; the menu's entry. */
  title: "Changelog",
  /** The table of contents: a navigation landmark listing each version. */
  contents: "Versions",
} as const;

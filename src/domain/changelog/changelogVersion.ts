/**
 * A version of the changelog as its section heading names it: `0.3.0 (2026-11-23)` is
 * version 0.3.0 of 23 November 2026; a heading without a version number (`Unreleased`)
 * names the changes not released yet. Each version has an anchor, the `#…` part of a
 * link that opens the changelog at it: `v` and the version number (`#v0.3.0`), or the
 * heading's words in lower case joined by hyphens (`#unreleased`).
 */
export interface ChangelogVersion {
  /** The heading as written: the table of contents shows it. */
  readonly title: string;
  readonly version: string | null;
  /** The release date as written (YYYY-MM-DD), when the heading gives one. */
  readonly date: string | null;
  readonly anchor: string;
}

const versionHeading = /^v?(\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?)(?:\s*(?:\(|[-–—]\s*)(\d{4}-\d{2}-\d{2})\)?)?/;

/** The words of a heading as an anchor: lower case, every run of other characters one hyphen. */
export const anchorOf = (words: string): string =>
  words
    .toLowerCase()
    .replace(/[^a-z0-9.]+/g, "-")
    .replace(/^-+|-+$/g, "");

/** A changelog section heading read as a version: its number, date and anchor. */
export const changelogVersion = (heading: string): ChangelogVersion => {
  const title = heading.trim();
  const match = versionHeading.exec(title);
  const version = match?.[1] ?? null;
  return { title, version, date: match?.[2] ?? null, anchor: version === null ? anchorOf(title) || "version" : `v${version}` };
};

/**
 * The versions of a changelog, in its order, each with an anchor of its own: a heading
 * whose anchor an earlier one took gets `-2`, `-3`… after it.
 */
export const changelogVersions = (headings: ReadonlyArray<string>): ReadonlyArray<ChangelogVersion> => {
  const taken = new Set<string>();
  return headings.map((heading) => {
    const read = changelogVersion(heading);
    let anchor = read.anchor;
    for (let n = 2; taken.has(anchor); n++) anchor = `${read.anchor}-${n}`;
    taken.add(anchor);
    return { ...read, anchor };
  });
};

import { Lexer, Parser, type Token, type Tokens } from "marked";
import { changelogVersions, type ChangelogVersion } from "../../domain/changelog/changelogVersion";
import { allowedElements, messageFragment } from "../components/messageHtml";

/**
 * The elements a changelog may show: the message allow-list (formatting, links, lists,
 * code) and what markdown adds for a document: section headings below the page's own
 * title, code blocks, quotes, rules, struck text and tables. Attributes stay the message
 * rule's (`href` to http(s), mailto or a path on this site, and `title`).
 */
export const changelogElements: ReadonlySet<string> = new Set<string>([
  ...allowedElements,
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "pre",
  "blockquote",
  "hr",
  "del",
  "table",
  "thead",
  "tbody",
  "tr",
  "th",
  "td",
]);

export interface ChangelogDocument {
  /** The document's own title (its first-level heading), when it has one. */
  readonly title: string | null;
  /** Its versions (second-level headings), in its order: the table of contents. */
  readonly versions: ReadonlyArray<ChangelogVersion>;
  /** What it says before its first version, as HTML; not yet safe to show. */
  readonly introduction: string;
  /** Its versions' sections as HTML; not yet safe to show. */
  readonly html: string;
}

const isHeading = (token: Token, depth: number): token is Tokens.Heading => token.type === "heading" && (token as Tokens.Heading).depth === depth;

/** A changelog in markdown read once: its title, its versions for the contents, its introduction and sections as HTML (GitHub-flavoured markdown). */
export const readChangelog = (markdown: string): ChangelogDocument => {
  const tokens = Lexer.lex(markdown, { gfm: true });
  const title = tokens.find((token) => isHeading(token, 1));
  const rest = tokens.filter((token) => !isHeading(token, 1));
  const first = rest.findIndex((token) => isHeading(token, 2));
  const sections = first < 0 ? [] : rest.slice(first);
  const html = (part: Token[]) => Parser.parse(part, { gfm: true, async: false });
  return {
    title: title === undefined ? null : (title as Tokens.Heading).text.trim(),
    versions: changelogVersions(sections.filter((token) => isHeading(token, 2)).map((token) => (token as Tokens.Heading).text)),
    introduction: html(first < 0 ? rest : rest.slice(0, first)),
    html: html(sections),
  };
};

/**
 * Changelog HTML as nodes of the page's document, made safe by the message rule (see
 * components/messageHtml.ts: the HTML never meets the browser's parser, scripts and
 * `on…` attributes cannot come through), each version's heading given its anchor as its
 * id, in order, so `#v0.3.0` opens the page at it.
 */
export const changelogFragment = (html: string, versions: ReadonlyArray<ChangelogVersion>, doc: Document = document): DocumentFragment => {
  const fragment = messageFragment(html, doc, changelogElements);
  fragment.querySelectorAll("h2").forEach((heading, index) => {
    const version = versions[index];
    if (version === undefined) return;
    heading.id = version.anchor;
  });
  return fragment;
};

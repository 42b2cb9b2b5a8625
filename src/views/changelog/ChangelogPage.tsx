import { useLayoutEffect, useRef } from "react";
import { changelogTexts as t } from "../../domain/changelog/changelogTexts";
import { useDocumentTitle } from "../components/useDocumentTitle";
import { AppShell } from "../shell/AppShell";
// The project's own CHANGELOG.md, bundled into this page's chunk at build time.
import changelogMarkdown from "../../../CHANGELOG.md?raw";
import { changelogFragment, readChangelog } from "./changelogDocument";
import "./changelog.css";

/**
 * The changelog (/changelog): the project's CHANGELOG.md, newest version first, with a
 * table of contents whose links open the page at each version (`/changelog#v0.3.0`, a
 * link to share). The markdown is read when the page's chunk loads; its HTML is made
 * safe node by node (changelogDocument.ts) before it meets the document. A static page:
 * no flow, so no machine.
 */
export const ChangelogPage = () => (
  <AppShell>
    <ChangelogBody />
  </AppShell>
);

// Read once, as the page's chunk loads (the menu loads it ahead while the page is quiet), not on
// each visit after its click: the markdown is long and growing (issue 27, "Ready fast").
const changelog = readChangelog(changelogMarkdown);

const ChangelogBody = () => {
  const title = changelog.title ?? t.title;
  const introduction = useRef<HTMLDivElement>(null);
  const body = useRef<HTMLDivElement>(null);
  useDocumentTitle(title);
  useLayoutEffect(() => {
    const el = body.current;
    if (el === null) return;
    introduction.current?.replaceChildren(changelogFragment(changelog.introduction, [], el.ownerDocument));
    el.replaceChildren(changelogFragment(changelog.html, changelog.versions, el.ownerDocument));
    // A shared link's version: the browser looked for it before the page's chunk loaded.
    const anchor = decodeURIComponent(window.location.hash.slice(1));
    if (anchor !== "") el.ownerDocument.getElementById(anchor)?.scrollIntoView();
  }, []);
  return (
    <article className="report changelog">
      <h1 className="report-title">{title}</h1>
      <div className="changelog-introduction" ref={introduction} />
      <nav className="changelog-contents" aria-label={t.contents}>
        <ol>
          {changelog.versions.map((version) => (
            <li key={version.anchor}>
              <a href={`#${version.anchor}`}>{version.title}</a>
            </li>
          ))}
        </ol>
      </nav>
      <div className="changelog-body" ref={body} />
    </article>
  );
};

// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { changelogFragment, readChangelog } from "../../../src/views/changelog/changelogDocument";
// As the page bundles it.
import changelogMarkdown from "../../../CHANGELOG.md?raw";
import packageJson from "../../../package.json";

const sample = `# Release notes

Newest first. <script>alert("intro")</script>

## Unreleased

- A line with **bold**, \`code\` and a [link](https://example.com/x).

## 1.1.0 (2020-03-01)

### Added
- An image <img src="x" onerror="alert(1)"> and a <a href="javascript:alert(2)" onclick="alert(3)">bad link</a>.

<script>alert("body")</script>

<div onmouseover="alert(4)"><iframe src="https://example.com"></iframe>kept text</div>

| a | b |
|---|---|
| 1 | 2 |

## 1.0.0 (2020-02-21)

\`\`\`
## not a heading
\`\`\`
`;

const holder = (fragment: DocumentFragment): HTMLElement => {
  const div = document.createElement("div");
  div.append(fragment);
  return div;
};

describe("readChangelog", () => {
  const changelog = readChangelog(sample);

  it("reads the title, and the second-level headings as the contents in order (not a heading inside a code block)", () => {
    expect(changelog.title).toBe("Release notes");
    expect(changelog.versions.map((v) => [v.title, v.anchor, v.date])).toEqual([
      ["Unreleased", "unreleased", null],
      ["1.1.0 (2020-03-01)", "v1.1.0", "2020-03-01"],
      ["1.0.0 (2020-02-21)", "v1.0.0", "2020-02-21"],
    ]);
  });

  it("keeps the introduction apart from the versions, and the title out of both", () => {
    expect(changelog.introduction).toContain("Newest first.");
    expect(changelog.introduction).not.toContain("Unreleased");
    expect(changelog.html).not.toContain("Release notes");
    expect(changelog.html).not.toContain("Newest first.");
  });

  it("a changelog without versions is all introduction", () => {
    const plain = readChangelog("Nothing released yet.");
    expect(plain).toMatchObject({ title: null, versions: [] });
    expect(plain.introduction).toContain("Nothing released yet.");
  });
});

describe("changelogFragment", () => {
  const changelog = readChangelog(sample);
  const body = holder(changelogFragment(changelog.html, changelog.versions));

  it("drops scripts, event handlers, frames, images and javascript: links, and keeps their text", () => {
    // marked passes raw HTML through: the sanitiser is what stops it.
    expect(changelog.html).toContain("<script>");
    expect(changelog.html).toContain("onerror");
    expect(body.querySelectorAll("script, img, iframe, div").length).toBe(0);
    expect(body.innerHTML).not.toMatch(/onerror|onclick|onmouseover|javascript:|alert/);
    expect(body.textContent).toContain("bad link");
    expect(body.textContent).toContain("kept text");
    const introduction = holder(changelogFragment(changelog.introduction, []));
    expect(introduction.querySelector("script")).toBeNull();
    expect(introduction.textContent).not.toContain("alert");
  });

  it("keeps the markdown's formatting: headings, lists, code, links, tables", () => {
    expect([...body.querySelectorAll("h2, h3")].map((h) => h.tagName)).toEqual(["H2", "H2", "H3", "H2"]);
    expect(body.querySelector("li strong")?.textContent).toBe("bold");
    expect(body.querySelector("li code")?.textContent).toBe("code");
    expect(body.querySelector("a")?.getAttribute("href")).toBe("https://example.com/x");
    expect([...body.querySelectorAll("table td")].map((td) => td.textContent)).toEqual(["1", "2"]);
    expect(body.querySelector("pre code")?.textContent).toContain("## not a heading");
  });

  it("gives each version's heading its anchor as id", () => {
    expect([...body.querySelectorAll("h2")].map((h) => [h.id, h.textContent])).toEqual([
      ["unreleased", "Unreleased"],
      ["v1.1.0", "1.1.0 (2020-03-01)"],
      ["v1.0.0", "1.0.0 (2020-02-21)"],
    ]);
    expect(body.querySelectorAll("[id]").length).toBe(3);
  });
});

describe("the project's CHANGELOG.md", () => {
  const changelog = readChangelog(changelogMarkdown);
  const released = changelog.versions.filter((v) => v.version !== null);

  it("is titled, opens with Unreleased, and every released version has a date", () => {
    expect(changelog.title).toBe("Changelog");
    expect(changelog.versions[0]?.anchor).toBe("unreleased");
    expect(released.length).toBeGreaterThan(0);
    for (const version of released) expect([version.title, version.date]).toEqual([version.title, expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/)]);
  });

  it("names package.json's version as its latest release", () => {
    expect(released[0]?.version).toBe(packageJson.version);
  });

  it("lists its versions newest first: dates never rise, version numbers fall", () => {
    const dates = released.map((v) => v.date ?? "");
    expect(dates).toEqual([...dates].sort().reverse());
    const numbers = released.map((v) => (v.version ?? "").split(".").map(Number));
    for (let i = 1; i < numbers.length; i++) {
      const [a = [], b = []] = [numbers[i - 1], numbers[i]];
      const newer = a.findIndex((part, at) => part !== b[at]);
      expect(newer >= 0 && (a[newer] ?? 0) > (b[newer] ?? 0)).toBe(true);
    }
  });
});

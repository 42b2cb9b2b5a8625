// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { dropUnsafeLinks, hasNativeSanitizer, renderMessageHtml, sanitiseWithDomPurify } from "../../../src/views/components/messageHtml";

describe("message HTML", () => {
  it.each([
    ["<strong>Hello</strong> <em>there</em>", "<strong>Hello</strong> <em>there</em>"],
    ['<img src=x onerror="alert(1)">text', "text"],
    ["<script>alert(1)</script>ok", "ok"],
    ['<a href="javascript:alert(1)">x</a>', "<a>x</a>"],
    ['<a href="https://example.com" onclick="steal()">x</a>', '<a href="https://example.com">x</a>'],
    ['<a href="/performance">x</a>', '<a href="/performance">x</a>'],
    ['<a href="data:text/html,<script>1</script>">x</a>', "<a>x</a>"],
    ['<span style="position:fixed">x</span>', "<span>x</span>"],
    ['<iframe src="https://evil.example"></iframe>ok', "ok"],
  ])("DOMPurify keeps only the allow-list: %s", async (input, expected) => {
    expect(await sanitiseWithDomPurify(input)).toBe(expected);
  });

  it("renders through DOMPurify where there is no native sanitizer", async () => {
    const el = document.createElement("span");
    document.body.append(el);
    expect(hasNativeSanitizer(el)).toBe(false);
    await renderMessageHtml(el, '<b>Hi</b><img src=x onerror="alert(1)"><a href="//evil.example">x</a>');
    expect(el.innerHTML).toBe("<b>Hi</b><a>x</a>");
  });

  it("drops protocol-relative and odd links after any sanitiser", () => {
    const el = document.createElement("div");
    el.innerHTML = '<a href="//evil.example">a</a><a href=" mailto:x@example.com">b</a><a href="vbscript:x">c</a>';
    dropUnsafeLinks(el);
    expect([...el.querySelectorAll("a")].map((a) => a.getAttribute("href"))).toEqual([null, " mailto:x@example.com", null]);
  });
});

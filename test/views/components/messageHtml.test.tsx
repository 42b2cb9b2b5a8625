// @vitest-environment jsdom
import { render } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SafeHtml } from "../../../src/views/components/SafeHtml";
import { decodeReferences, messageFragment, readMarkup, renderMessageHtml } from "../../../src/views/components/messageHtml";

/** What a message's HTML shows as, serialised by the browser. */
const shown = (html: string): string => {
  const el = document.createElement("div");
  el.append(messageFragment(html));
  return el.innerHTML;
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe("message HTML", () => {
  it.each([
    ["<strong>Hello</strong> <em>there</em>", "<strong>Hello</strong> <em>there</em>"],
    ['<img src=x onerror="alert(1)">text', "text"],
    ["Imported campaign name: <img src=x onerror=alert(1)> (text)", "Imported campaign name:  (text)"],
    ["<IMG SRC=x OnError=alert(1)/>after", "after"],
    ["<svg onload=alert(1)><circle/></svg>ok", "ok"],
    ['<b onclick="steal()" title="Bold">x</b>', '<b title="Bold">x</b>'],
    ["<script>alert(1)</script>ok", "ok"],
    ["<SCRIPT type=module>import('x')</SCRIPT >ok", "ok"],
    ["<script>never closed", ""],
    ["<style>body{display:none}</style>ok", "ok"],
    ['<iframe src="https://evil.example"></iframe>ok', "ok"],
    ["<textarea><img src=x onerror=alert(1)></textarea>ok", "ok"],
    ["<noscript><p title=\"</noscript><img src=x onerror=alert(1)>\"></noscript>ok", '"&gt;ok'],
    ['<a href="javascript:alert(1)">x</a>', "<a>x</a>"],
    ['<a href=" JaVaScRiPt:alert(1)">x</a>', "<a>x</a>"],
    ['<a href="java&#115;cript:alert(1)">x</a>', "<a>x</a>"],
    ['<a href="https://example.com" onclick="steal()">x</a>', '<a href="https://example.com">x</a>'],
    ["<a href=https://example.com/?a=1&amp;b=2>x</a>", '<a href="https://example.com/?a=1&amp;b=2">x</a>'],
    ['<a href="/performance">x</a>', '<a href="/performance">x</a>'],
    ['<a href="//evil.example">x</a>', "<a>x</a>"],
    ['<a href="/\\evil.example">x</a>', "<a>x</a>"],
    ['<a href="/&#9;/evil.example">x</a>', "<a>x</a>"],
    ['<a href="/\n/evil.example">x</a>', "<a>x</a>"],
    ['<a href="java&#10;script:alert(1)">x</a>', "<a>x</a>"],
    ['<a href=" /reports\t/june ">x</a>', '<a href="/reports/june">x</a>'],
    ['<a href="mailto:ops@example.com">mail</a>', '<a href="mailto:ops@example.com">mail</a>'],
    ['<a href="data:text/html,<script>1</script>">x</a>', "<a>x</a>"],
    ['<a href="vbscript:x">x</a>', "<a>x</a>"],
    ['<a href="/one" href="javascript:x">x</a>', '<a href="/one">x</a>'],
    ['<span style="position:fixed">x</span>', "<span>x</span>"],
    ['<div class="x"><p>kept text</p></div>', "<p>kept text</p>"],
    ["<ul><li>one<li>two</ul>", "<ul><li>one<li>two</li></li></ul>"],
    ["line<br>break<br/>again", "line<br>break<br>again"],
    ["<!-- a comment --><b>x</b><!doctype html><?xml x?>", "<b>x</b>"],
    ["1 < 2 &amp; 3 > 2", "1 &lt; 2 &amp; 3 &gt; 2"],
    ["&lt;b&gt;not bold&lt;/b&gt;", "&lt;b&gt;not bold&lt;/b&gt;"],
    ["<b>unclosed <i>both", "<b>unclosed <i>both</i></b>"],
    ["</b>stray end", "stray end"],
    ["<b>bold <i>both</b> after", "<b>bold <i>both</i></b> after"],
    ["<plaintext><b>x</b>", ""],
    ["", ""],
  ])("%j shows as %j", (input, expected) => {
    expect(shown(input)).toBe(expected);
  });

  it.each([
    ["&amp;&lt;&gt;&quot;&apos;", "&<>\"'"],
    ["&#163;5 &#x20AC;5 &pound;&euro;", "£5 €5 £€"],
    ["&nbsp;", "\u00A0"],
    ["&unknown; &amp", "&unknown; &"],
    ["&#0; &#xD800; &#x110000;", "\uFFFD \uFFFD \uFFFD"],
  ])("decodes %j as %j", (text, expected) => {
    expect(decodeReferences(text)).toBe(expected);
  });

  it("reads tags, attributes (quoted or not) and text", () => {
    expect(readMarkup(`a<A HREF='/x' title="T &amp; U" data-x=1 hidden>b</a>`)).toEqual([
      { kind: "text", text: "a" },
      {
        kind: "start",
        name: "a",
        attributes: [
          ["href", "/x"],
          ["title", "T & U"],
          ["data-x", "1"],
          ["hidden", ""],
        ],
      },
      { kind: "text", text: "b" },
      { kind: "end", name: "a" },
    ]);
  });

  it("never hands the markup to the browser's HTML parser", () => {
    const parse = vi.spyOn(DOMParser.prototype, "parseFromString");
    const innerHTML = vi.spyOn(Element.prototype, "innerHTML", "set");
    const insertAdjacent = vi.spyOn(Element.prototype, "insertAdjacentHTML");
    const createRange = vi.spyOn(document, "createRange");
    const el = document.createElement("span");
    renderMessageHtml(el, '<b>Hi</b><img src=x onerror="alert(1)"><a href="/performance">x</a>');
    expect(el.querySelectorAll("*")).toHaveLength(2);
    expect([parse, innerHTML, insertAdjacent, createRange].map((spy) => spy.mock.calls.length)).toEqual([0, 0, 0, 0]);
  });

  it("a SafeHtml shows its newest HTML, sanitised, replacing the old, with its plain text as the tooltip", () => {
    const { container, rerender } = render(<SafeHtml html={'<em>one</em><img src=x onerror="alert(1)">'} className="notification-text" />);
    expect(container.innerHTML).toBe('<span class="notification-text" title="one"><em>one</em></span>');
    rerender(<SafeHtml html="<i>two</i>" className="notification-text" />);
    expect(container.innerHTML).toBe('<span class="notification-text" title="two"><i>two</i></span>');
  });
});

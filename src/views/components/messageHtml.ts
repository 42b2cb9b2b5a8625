/**
 * Server-sent message HTML, made safe before it is shown: formatting and links only —
 * no scripts, event handlers, styles, frames or images — and links only to http(s),
 * mailto or a path on this site.
 *
 * The markup is never handed to the browser's HTML parser, not even in a detached or
 * inert document: Chromium checks an `on…` attribute against the Content Security Policy
 * as soon as its parser sets it, in any document of the page (DOMParser, `<template>`,
 * `createHTMLDocument`, and the Sanitizer API's `setHTML` / `Document.parseHTML`, which
 * parse before they sanitise), so `<img onerror=…>` in a message was stopped only by the
 * policy. Instead the text is read here into tags and text, and only allow-listed
 * elements with allow-listed attributes are built, node by node, with `createElement`,
 * `setAttribute` and `createTextNode`. Whatever the reading makes of odd markup, nothing
 * else can come out of it: at worst a stray tag shows as text or is dropped.
 */
export const allowedElements = ["a", "b", "strong", "i", "em", "u", "br", "p", "span", "ul", "ol", "li", "code"] as const;
export const allowedAttributes = ["href", "title"] as const;
/** http(s), mailto, or a path on this site (`/x`, not `//host` nor `/\host`, which browsers read as another host). */
const safeUrl = /^(?:https?:|mailto:|\/(?![/\\]))/i;

const allowed: ReadonlySet<string> = new Set(allowedElements);
const allowedAttribute: ReadonlySet<string> = new Set(allowedAttributes);
const voidElements: ReadonlySet<string> = new Set(["br", "img", "input", "hr", "meta", "link", "area", "base", "col", "embed", "source", "track", "wbr", "param"]);
/** Elements whose content is not markup (raw text): skipped up to their end tag, content and all. */
const skippedWithContent: ReadonlySet<string> = new Set(["script", "style", "iframe", "noembed", "noframes", "noscript", "xmp", "textarea", "title", "template", "object"]);

const namedReferences: Readonly<Record<string, string>> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: "\u00A0",
  copy: "©",
  reg: "®",
  trade: "™",
  hellip: "…",
  mdash: "—",
  ndash: "–",
  lsquo: "‘",
  rsquo: "’",
  ldquo: "“",
  rdquo: "”",
  pound: "£",
  euro: "€",
};

/** Character references decoded: numeric ones and the common named ones; others stay as written. */
export const decodeReferences = (text: string): string =>
  text.replace(/&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([a-zA-Z]{2,8}));?/g, (whole, dec?: string, hex?: string, name?: string) => {
    if (name !== undefined) return namedReferences[name] ?? whole;
    const code = dec !== undefined ? Number.parseInt(dec, 10) : Number.parseInt(hex ?? "", 16);
    return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : "\uFFFD";
  });

/** A piece of message markup: text, a start tag with its attributes, or an end tag. */
export type MarkupToken =
  | { readonly kind: "text"; readonly text: string }
  | { readonly kind: "start"; readonly name: string; readonly attributes: ReadonlyArray<readonly [string, string]> }
  | { readonly kind: "end"; readonly name: string };

const tagName = /^[a-zA-Z][^\s/>]*/;
const attributeName = /^[^\s/>][^\s/>=]*/;
const unquotedValue = /^[^\s>]*/;

/**
 * Message markup read as HTML's tokenizer reads it, in the cases that matter here: text
 * (references decoded), start tags with attributes (quoted or not), end tags; comments,
 * doctypes and processing instructions dropped; raw-text elements (script, style, …)
 * dropped with their content.
 */
export const readMarkup = (html: string): MarkupToken[] => {
  const tokens: MarkupToken[] = [];
  let text = "";
  const flushText = () => {
    if (text !== "") tokens.push({ kind: "text", text: decodeReferences(text) });
    text = "";
  };
  let i = 0;
  while (i < html.length) {
    const lt = html.indexOf("<", i);
    if (lt < 0) {
      text += html.slice(i);
      break;
    }
    text += html.slice(i, lt);
    const rest = html.slice(lt);
    if (rest.startsWith("<!--")) {
      const close = html.indexOf("-->", lt + 4);
      i = close < 0 ? html.length : close + 3;
      continue;
    }
    if (/^<[!?]/.test(rest) || /^<\/[^a-zA-Z>]/.test(rest)) {
      const close = html.indexOf(">", lt + 2);
      i = close < 0 ? html.length : close + 1;
      continue;
    }
    const end = rest.startsWith("</");
    const name = tagName.exec(rest.slice(end ? 2 : 1))?.[0];
    if (name === undefined) {
      text += "<";
      i = lt + 1;
      continue;
    }
    flushText();
    let j = lt + (end ? 2 : 1) + name.length;
    const attributes: Array<[string, string]> = [];
    while (j < html.length && html[j] !== ">") {
      const space = /^[\s/]+/.exec(html.slice(j));
      if (space) {
        j += space[0].length;
        continue;
      }
      const attribute = attributeName.exec(html.slice(j))?.[0] ?? html.charAt(j);
      j += attribute.length;
      let value = "";
      const equals = /^\s*=\s*/.exec(html.slice(j));
      if (equals) {
        j += equals[0].length;
        const quote = html[j];
        if (quote === '"' || quote === "'") {
          const close = html.indexOf(quote, j + 1);
          value = html.slice(j + 1, close < 0 ? html.length : close);
          j = close < 0 ? html.length : close + 1;
        } else {
          value = unquotedValue.exec(html.slice(j))?.[0] ?? "";
          j += value.length;
        }
      }
      attributes.push([attribute.toLowerCase(), decodeReferences(value)]);
    }
    i = j + 1;
    const lower = name.toLowerCase();
    if (end) {
      tokens.push({ kind: "end", name: lower });
    } else if (skippedWithContent.has(lower)) {
      const close = new RegExp(`</${lower}[\\s/>]`, "i").exec(html.slice(i));
      i = close ? i + close.index + close[0].length - 1 : html.length;
      const gt = html.indexOf(">", i);
      i = gt < 0 ? html.length : gt + 1;
    } else if (lower === "plaintext") {
      i = html.length;
    } else {
      tokens.push({ kind: "start", name: lower, attributes });
    }
  }
  flushText();
  return tokens;
};

/**
 * Message HTML as nodes of the page's document, ready to insert: only allow-listed
 * elements (others are left out, their text kept), only `href` (http(s), mailto or a
 * path on this site) and `title`, built without the browser's HTML parser. `elements`
 * widens the allow-list for other trusted-shape markup (the changelog's headings and
 * code blocks); the attributes allowed stay the same.
 */
export const messageFragment = (html: string, doc: Document = document, elements: ReadonlySet<string> = allowed): DocumentFragment => {
  const fragment = doc.createDocumentFragment();
  const open: Array<{ readonly name: string; readonly node: ParentNode }> = [{ name: "", node: fragment }];
  const current = (): ParentNode => open[open.length - 1]?.node ?? fragment;
  for (const token of readMarkup(html)) {
    if (token.kind === "text") {
      current().append(doc.createTextNode(token.text));
    } else if (token.kind === "start") {
      if (!elements.has(token.name)) continue;
      const element = doc.createElement(token.name);
      for (const [name, value] of token.attributes) {
        if (!allowedAttribute.has(name) || element.hasAttribute(name)) continue;
        // Browsers drop tabs and line breaks anywhere in a URL ("/\t/host" is "//host"), so the check reads it as they will.
        const written = name === "href" ? value.replace(/[\t\n\r]/g, "").trim() : value;
        if (name === "href" && !safeUrl.test(written)) continue;
        element.setAttribute(name, written);
      }
      current().append(element);
      if (!voidElements.has(token.name)) open.push({ name: token.name, node: element });
    } else {
      const at = open.map((o) => o.name).lastIndexOf(token.name);
      if (at > 0) open.length = at;
    }
  }
  return fragment;
};

/** Puts sanitised message HTML into `el`, replacing what it held. */
export const renderMessageHtml = (el: Element, html: string): void => {
  el.replaceChildren(messageFragment(html, el.ownerDocument));
};

/**
 * Server-sent message HTML, made safe before it is shown: formatting and links only —
 * no scripts, event handlers, styles, frames or images — and links only to http(s),
 * mailto or this site.
 *
 * Where the browser has the HTML Sanitizer API (`Element.setHTML`, Chromium 146+,
 * Firefox 148+), the platform sanitises with the same allow-list; it never lets script
 * through whatever the configuration, and it costs no download. Elsewhere DOMPurify does
 * it, loaded on first use. Either way the result passes `dropUnsafeLinks`.
 */
export const allowedElements = ["a", "b", "strong", "i", "em", "u", "br", "p", "span", "ul", "ol", "li", "code"] as const;
export const allowedAttributes = ["href", "title"] as const;
const safeUrl = /^(?:https?:|mailto:|\/(?!\/))/i;

interface SanitizerElement extends Element {
  setHTML?: (html: string, options?: { sanitizer?: { elements?: ReadonlyArray<string>; attributes?: ReadonlyArray<string> } }) => void;
}

/** Removes any link target that is not http(s), mailto or a path on this site. */
export const dropUnsafeLinks = (root: Element): void => {
  for (const a of root.querySelectorAll("a[href]")) {
    if (!safeUrl.test(a.getAttribute("href")?.trim() ?? "")) a.removeAttribute("href");
  }
};

export const sanitiseWithDomPurify = async (html: string): Promise<string> => {
  const { default: DOMPurify } = await import("dompurify");
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS: [...allowedElements],
    ALLOWED_ATTR: [...allowedAttributes],
    ALLOWED_URI_REGEXP: safeUrl,
  });
};

export const hasNativeSanitizer = (el: Element): boolean => typeof (el as SanitizerElement).setHTML === "function";

/** Puts sanitised message HTML into `el`. */
export const renderMessageHtml = async (el: Element, html: string): Promise<void> => {
  const target = el as SanitizerElement;
  if (target.setHTML) {
    target.setHTML(html, { sanitizer: { elements: allowedElements, attributes: allowedAttributes } });
  } else {
    const clean = await sanitiseWithDomPurify(html);
    if (!el.isConnected) return;
    el.innerHTML = clean;
  }
  dropUnsafeLinks(el);
};

import { useLayoutEffect, useRef } from "react";
import { renderMessageHtml } from "./messageHtml";

/** Message HTML from the server, shown only after it has been sanitised (see messageHtml.ts). */
export const SafeHtml = ({ html, className }: { readonly html: string; readonly className?: string }) => {
  const ref = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.textContent = "";
    void renderMessageHtml(el, html);
  }, [html]);
  return <span ref={ref} className={className} />;
};

import { useLayoutEffect, useRef } from "react";
import { renderMessageHtml } from "./messageHtml";

/**
 * Message HTML from the server, shown only as the allow-listed nodes built from it
 * (see messageHtml.ts): the markup itself never reaches the document.
 */
export const SafeHtml = ({ html, className }: { readonly html: string; readonly className?: string }) => {
  const ref = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    if (ref.current) {
      renderMessageHtml(ref.current, html);
      // Its whole text as its tooltip: a message may be drawn cut to one line.
      ref.current.title = ref.current.textContent ?? "";
    }
  }, [html]);
  return <span ref={ref} className={className} />;
};

import type { ReactNode } from "react";

/**
 * The centred card the access screens share, with its heading. `page` names the page in
 * the browser tab (the heading when absent); it is set as the card draws (the same text
 * each time), which costs the sign-in page's first load no effect and no extra chunk.
 */
export const AccessLayout = ({ title, page, children }: { readonly title: string; readonly page?: string; readonly children: ReactNode }) => {
  document.title = page ?? title;
  return (
    <div className="access">
      <main className="access-card" id="main">
        <p className="brand access-brand">
          <span className="brand-mark" aria-hidden="true">◆</span> Attribution
        </p>
        <h1>{title}</h1>
        {children}
      </main>
    </div>
  );
};

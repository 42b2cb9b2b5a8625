import type { ReactNode } from "react";

/**
 * The centred card the access screens share, with its heading. `page` names the page in
 * the browser tab (the heading when absent); it is set as the card draws (the same text
 * each time), which costs the sign-in page's first load no effect and no extra chunk.
 * `checking` is what the card says while its screen checks something first (a link, the
 * server), above the rest.
 */
export const AccessLayout = ({
  title,
  page,
  checking,
  children,
}: {
  readonly title: string;
  readonly page?: string;
  readonly checking?: string | null;
  readonly children: ReactNode;
}) => {
  document.title = page ?? title;
  return (
    <div className="access">
      <main className="access-card" id="main">
        <p className="brand access-brand">
          <span className="brand-mark" aria-hidden="true">◆</span> Attribution
        </p>
        <h1>{title}</h1>
        {checking ? (
          <p className="loading" role="status">
            {checking}
          </p>
        ) : null}
        {children}
      </main>
    </div>
  );
};

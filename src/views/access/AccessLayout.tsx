import type { ReactNode } from "react";

/** The centred card the access screens share. */
export const AccessLayout = ({ title, children }: { readonly title: string; readonly children: ReactNode }) => (
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

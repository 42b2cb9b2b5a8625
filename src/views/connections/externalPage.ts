import type { ExternalPage } from "../../domain/connections/connections";

/** Opens a platform's external page: in a new tab (without a way back to this page), or in this tab. */
export const openExternalPage = (page: ExternalPage): void => {
  if (page.newTab) window.open(page.url, "_blank", "noopener,noreferrer");
  else window.location.assign(page.url);
};

import { useEffect } from "react";

/** Sets the page title (the specs' page titles) while a screen is shown. */
export const useDocumentTitle = (title: string): void => {
  useEffect(() => {
    document.title = title;
  }, [title]);
};

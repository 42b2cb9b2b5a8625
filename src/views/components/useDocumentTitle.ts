import { useEffect } from "react";

/** Sets the page title (e.g. 'Performance Report') while a screen is shown. */
export const useDocumentTitle = (title: string): void => {
  useEffect(() => {
    document.title = title;
  }, [title]);
};

import { useId } from "react";
import { useLocation } from "wouter";
import { reportTexts } from "../../domain/report/reportTexts";
import { searchPath } from "./routePaths";

/** 'Search...': Enter or the Search button goes to /performance/search/{term}. */
export const SearchBox = () => {
  const [, navigate] = useLocation();
  const id = useId();
  return (
    <form
      className="search-box"
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        const term = String(new FormData(e.currentTarget).get("term") ?? "").trim();
        if (term !== "") navigate(searchPath(term));
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        Search channels
      </label>
      <input id={id} name="term" type="search" placeholder={reportTexts.search.placeholder} maxLength={200} autoComplete="off" />
      <button type="submit" className="button">
        {reportTexts.search.button}
      </button>
    </form>
  );
};

import { useId } from "react";
import { useLocation, useRoute } from "wouter";
import { reportTexts } from "../../domain/report/reportTexts";
import { routeParam } from "./rawLocation";
import { searchPath } from "./performancePaths";

/** 'Search...': Enter or the Search button goes to /performance/search/{term}; on a search page the box holds its term. */
export const SearchBox = () => {
  const [, navigate] = useLocation();
  const [onSearchPage, params] = useRoute("/performance/search/:term");
  const term = onSearchPage ? routeParam(params.term) : "";
  const id = useId();
  return (
    <form
      className="search-box"
      role="search"
      aria-labelledby={`${id}-label`}
      onSubmit={(e) => {
        e.preventDefault();
        const term = String(new FormData(e.currentTarget).get("term") ?? "").trim();
        if (term !== "") navigate(searchPath(term));
      }}
    >
      <label id={`${id}-label`} htmlFor={id} className="visually-hidden">
        Search channels
      </label>
      {/* Keyed by the page's term: another search page (or leaving one) shows its own term. */}
      <input key={term} defaultValue={term} id={id} name="term" type="search" placeholder={reportTexts.search.placeholder} maxLength={200} autoComplete="off" />
      <button type="submit" className="button">
        {reportTexts.search.button}
      </button>
    </form>
  );
};

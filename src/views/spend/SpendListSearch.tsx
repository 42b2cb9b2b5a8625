import { useId } from "react";

/** The search field of a spend list: its label, what is typed, and where a change goes. */
export const SpendListSearch = ({ label, search, onSearch }: { readonly label: string; readonly search: string; readonly onSearch: (search: string) => void }) => {
  const id = useId();
  // The search landmark is named by its label, so it is told apart from the header's search.
  return (
    <div className="field spend-list-search" role="search" aria-labelledby={`${id}-label`}>
      <label id={`${id}-label`} htmlFor={id}>
        {label}
      </label>
      <input id={id} type="search" value={search} onChange={(e) => onSearch(e.target.value)} />
    </div>
  );
};

// The console header's search (lib/console/search): a plain GET form, so it works before any script loads.
/** `id`: the input's, unique on the page (the search page shows a second form). */
export function GlobalSearch({ query = "", id = "global-search" }: { query?: string; id?: string }) {
  return (
    <form className="global-search" role="search" action="/search" method="get">
      <label htmlFor={id} className="visually-hidden">
        Search by id, address or transaction hash
      </label>
      <input
        id={id}
        className="input mono"
        type="search"
        name="q"
        defaultValue={query}
        placeholder="Search id, address or tx hash"
        autoComplete="off"
        spellCheck={false}
        maxLength={200}
      />
      <button type="submit" className="btn btn-small">
        Search
      </button>
    </form>
  );
}

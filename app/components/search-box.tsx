import { useId, useState, type FormEvent } from "react";
import { SearchIcon } from "./icons";

/** SPEC.md §1: the search box only logs the typed text to the console and clears the field. */
export function SearchBox({ className = "" }: { className?: string }) {
  const [query, setQuery] = useState("");
  const inputId = useId();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    console.log("Search:", query);
    setQuery("");
  }

  return (
    <form role="search" onSubmit={handleSubmit} className={`flex items-center ${className}`}>
      <label htmlFor={inputId} className="sr-only">
        Search news
      </label>
      <input
        id={inputId}
        type="search"
        name="q"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        placeholder="Search news"
        autoComplete="off"
        className="h-11 w-full min-w-0 rounded-l border border-r-0 border-stone-400 bg-white px-3 text-sm text-ink placeholder:text-stone-600 md:h-9 md:w-48"
      />
      <button
        type="submit"
        className="flex h-11 w-11 shrink-0 items-center justify-center rounded-r bg-accent text-white hover:bg-accent-dark md:h-9 md:w-9"
      >
        <SearchIcon size={18} />
        <span className="sr-only">Search</span>
      </button>
    </form>
  );
}

import { useId } from "react";
import { Form, useRouteLoaderData } from "react-router";
import { SEARCH_PATH, SEARCH_ROUTE_ID } from "../../common/urls";
import { useT } from "~/lib/i18n";
import { usePagePath } from "~/lib/page-path";
import type { SearchPageData } from "~/lib/search";
import { SearchIcon } from "./icons";

const INPUT_CLASS = {
  header: "h-11 w-full min-w-0 md:h-9 md:w-48",
  page: "h-11 min-w-0 flex-1",
} as const;

/**
 * A search form: a GET to /search?q=… that works without JavaScript (with it, React Router
 * loads the results without a page load). On the search page it holds the query searched.
 * Decision 003 replaces the spec's box that only logged the query.
 */
export function SearchBox({
  className = "",
  variant = "header",
  label,
}: {
  className?: string;
  variant?: keyof typeof INPUT_CLASS;
  /** The form's accessible name, when a page has more than one search form in view. */
  label?: string;
}) {
  const inputId = useId();
  const t = useT();
  const pagePath = usePagePath();
  const query = useRouteLoaderData<Pick<SearchPageData, "query">>(SEARCH_ROUTE_ID)?.query ?? "";

  return (
    <Form
      discover="none"
      method="get"
      action={pagePath(SEARCH_PATH)}
      role="search"
      aria-label={label}
      className={`flex items-center ${className}`}
    >
      <label htmlFor={inputId} className="sr-only">
        {t("layout.searchNews")}
      </label>
      <input
        // A new search shows its own query (the field is uncontrolled: it works before hydration).
        key={query}
        id={inputId}
        type="search"
        name="q"
        defaultValue={query}
        placeholder={t("layout.searchNews")}
        autoComplete="off"
        className={`${INPUT_CLASS[variant]} rounded-l border border-r-0 border-stone-400 bg-white px-3 text-sm text-ink placeholder:text-muted`}
      />
      <button
        type="submit"
        className={`flex h-11 w-11 shrink-0 items-center justify-center rounded-r bg-accent text-white hover:bg-accent-dark ${variant === "header" ? "md:h-9 md:w-9" : ""}`}
      >
        <SearchIcon size={18} />
        <span className="sr-only">{t("layout.search")}</span>
      </button>
    </Form>
  );
}

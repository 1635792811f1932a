import type { ReactNode } from "react";
import type { NewsBlock } from "~/lib/news";
import { useSite } from "~/lib/root-data";
import { IslandScript } from "./island";
import { RelativeTime } from "./relative-time";

interface NewsStateProps {
  block: NewsBlock;
  /** The category as the loading text names it: "Loading {label} news...". */
  label: string;
  /** SPEC.md §8: "Error loading news" (archives and opinion have their own). */
  errorPrefix?: string;
  children: ReactNode;
}

/**
 * SPEC.md §8 states of a list: the loading text, the error text, or the list itself. Loading or
 * failed, the page loads the until-ready island, which asks for it again until it is ready
 * (`data-news-state` marks what it watches).
 */
export function NewsState({
  block,
  label,
  errorPrefix = "Error loading news",
  children,
}: NewsStateProps) {
  if (block.state === "loading") {
    return (
      <>
        <p role="status" className="py-12 text-center text-lg text-muted" data-news-state="loading">
          Loading {label} news...
        </p>
        <IslandScript name="until-ready" />
      </>
    );
  }
  if (block.state === "error") {
    return (
      <>
        <p
          role="alert"
          className="my-6 rounded border-l-4 border-accent bg-red-50 px-4 py-3 text-accent-dark"
          data-news-state="error"
        >
          {errorPrefix}: {block.error}
        </p>
        <IslandScript name="until-ready" />
      </>
    );
  }
  if (block.articles.length === 0) {
    return <p className="py-12 text-center text-muted">No stories yet. Check back soon.</p>;
  }
  return <>{children}</>;
}

/**
 * What a news page is, under its title: "Stories from 3 outlets, gathered by the {publication}
 * newsroom · Updated 12 minutes ago". The stories are other outlets' (issue 25): the byline says
 * so rather than "By the … newsroom", and "Updated" is when the page's feeds were last fetched
 * successfully, not when the page was made.
 */
export function Byline({
  updatedAt,
  outlets,
  className = "-mt-5 mb-8",
}: {
  updatedAt: string | null;
  outlets: number;
  className?: string;
}) {
  const { site } = useSite();
  const count = outlets.toLocaleString(site.locale);
  return (
    <p className={`text-sm text-muted ${className}`}>
      {outlets > 0 && `Stories from ${count} ${outlets === 1 ? "outlet" : "outlets"}`}
      {/* On a phone, one line: who gathered them is in the masthead already. */}
      <span className={outlets > 0 ? "max-sm:hidden" : ""}>
        {outlets > 0 ? ", gathered" : "Gathered"} by the {site.name} newsroom
      </span>
      {updatedAt && (
        <>
          {" · Updated "}
          <RelativeTime iso={updatedAt} minutes />
        </>
      )}
    </p>
  );
}

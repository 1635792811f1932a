import type { ReactNode } from "react";
import type { NewsBlock } from "~/lib/news";

interface NewsStateProps {
  block: NewsBlock;
  /** The category as the loading text names it: "Loading {label} news...". */
  label: string;
  /** SPEC.md §8: "Error loading news" (archives and opinion have their own). */
  errorPrefix?: string;
  children: ReactNode;
}

/** SPEC.md §8 states of a list: the loading text, the error text, or the list itself. */
export function NewsState({
  block,
  label,
  errorPrefix = "Error loading news",
  children,
}: NewsStateProps) {
  if (block.state === "loading") {
    return (
      <p role="status" className="py-12 text-center text-lg text-muted">
        Loading {label} news...
      </p>
    );
  }
  if (block.state === "error") {
    return (
      <p
        role="alert"
        className="my-6 rounded border-l-4 border-accent bg-red-50 px-4 py-3 text-accent-dark"
      >
        {errorPrefix}: {block.error}
      </p>
    );
  }
  if (block.articles.length === 0) {
    return <p className="py-12 text-center text-muted">No stories yet. Check back soon.</p>;
  }
  return <>{children}</>;
}

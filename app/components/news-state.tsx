import type { ReactNode } from "react";
import { useT } from "~/lib/i18n";
import type { NewsBlock } from "~/lib/news";
import { IslandScript } from "./island";
import { RelativeTime } from "./relative-time";

interface NewsStateProps {
  block: NewsBlock;
  /**
   * The category as the loading text names it, in the page's language: "Loading {label} news..."
   * (its noun: `t(category.text.noun)`).
   */
  label: string;
  /** docs/product.md §8: "Error loading news", in the page's language (archives and opinion have their own). */
  errorPrefix?: string;
  children: ReactNode;
}

/**
 * docs/product.md §8 states of a list: the loading text, the error text, or the list itself. Loading or
 * failed, the page loads the until-ready island, which asks for it again until it is ready
 * (`data-news-state` marks what it watches).
 */
export function NewsState({ block, label, errorPrefix, children }: NewsStateProps) {
  const t = useT();
  if (block.state === "loading") {
    return (
      <>
        <p role="status" className="py-12 text-center text-lg text-muted" data-news-state="loading">
          {t("news.state.loading", { noun: label })}
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
          {t("news.state.error", {
            prefix: errorPrefix ?? t("news.state.errorPrefix"),
            error: block.error ?? "",
          })}
        </p>
        <IslandScript name="until-ready" />
      </>
    );
  }
  if (block.articles.length === 0) {
    return <p className="py-12 text-center text-muted">{t("news.state.empty")}</p>;
  }
  return <>{children}</>;
}

/**
 * What a news page is, under its title: "Stories selected from 3 outlets · Updated 12 minutes
 * ago". The stories are other outlets' (issue 25), selected by the publication, not reported by
 * it (issue 53: no "gathered by the newsroom"); the count is of the outlets of the stories
 * shown, and "Updated" is when the page's feeds were last fetched successfully, not when the
 * page was made.
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
  const t = useT();
  if (outlets === 0 && !updatedAt) return null;
  return (
    <p className={`text-sm text-muted ${className}`}>
      {outlets > 0 && t("news.byline.outlets", { count: outlets })}
      {updatedAt && (
        <>
          {outlets > 0 ? t("news.byline.updated") : t("news.byline.updatedAlone")}
          <RelativeTime iso={updatedAt} minutes />
        </>
      )}
    </p>
  );
}

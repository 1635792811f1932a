import type { CardArticle } from "~/lib/news";
import { StoryCard } from "./story-card";

/** The 2-column card grid of the list pages (one column on phones). */
export function StoryGrid({
  articles,
  label,
  readMore,
  eagerCount = 2,
  headingLevel = 2,
}: {
  articles: CardArticle[];
  label?: string;
  readMore?: boolean;
  /** How many cards' pictures load at once (the first is the page's lead picture). */
  eagerCount?: number;
  /** 2 when the grid sits right under the page's h1 (the default), 3 under a section heading. */
  headingLevel?: 2 | 3;
}) {
  return (
    <div className="grid gap-x-8 gap-y-8 sm:grid-cols-2">
      {articles.map((article, i) => (
        <StoryCard
          key={article.id}
          article={article}
          label={label}
          readMore={readMore}
          priority={i >= eagerCount ? "lazy" : i === 0 ? "lead" : "eager"}
          headingLevel={headingLevel}
        />
      ))}
    </div>
  );
}

import type { CardArticle } from "~/lib/news";
import { useSite } from "~/lib/root-data";
import { spansRow } from "~/lib/card-rows";
import { StoryCard, hasPicture, type StoryCardProps } from "./story-card";

/** Text cards are short: a picture within the first three rows is still above the fold. */
const LEAD_WITHIN = 6;

/**
 * The 2-column card grid of the list pages (one column on phones). A text card that would start
 * a row beside a picture card (or nothing) spans the row instead, its lines no longer than the
 * page's measure: beside a picture card it left the picture's height empty under it (issue 53).
 * The category pages also show their stories two of a kind a row (pairByKind, in their loader).
 */
export function StoryGrid({
  articles,
  label,
  readMore,
  eagerCount = 2,
  headingLevel = 2,
  Marked,
}: Pick<StoryCardProps, "Marked"> & {
  articles: CardArticle[];
  label?: string;
  readMore?: boolean;
  /** How many cards' pictures load at once (the first is the page's lead picture). */
  eagerCount?: number;
  /** 2 when the grid sits right under the page's h1 (the default), 3 under a section heading. */
  headingLevel?: 2 | 3;
}) {
  const { site } = useSite();
  // The lead picture is the first story's that has one (a story without is a text card).
  const pictured = articles.map((a) => hasPicture(a.image, site.defaultImage));
  const lead = pictured.indexOf(true);
  const wide = spansRow(pictured);
  return (
    <div className="grid gap-x-8 gap-y-8 sm:grid-cols-2">
      {articles.map((article, i) => {
        const card = (
          <StoryCard
            key={article.id}
            article={article}
            label={label}
            readMore={readMore}
            priority={
              eagerCount > 0 && i === lead && lead < LEAD_WITHIN
                ? "lead"
                : i < eagerCount
                  ? "eager"
                  : "lazy"
            }
            headingLevel={headingLevel}
            Marked={Marked}
          />
        );
        return wide[i] ? (
          <div key={article.id} className="max-w-3xl sm:col-span-2">
            {card}
          </div>
        ) : (
          card
        );
      })}
    </div>
  );
}

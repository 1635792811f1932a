import type { CardArticle } from "~/lib/news";
import { StoryLink } from "./external-link";
import { StoryKicker } from "./story-card";

/**
 * A headline with its publisher and date, for dense lists under a section's heading (home): its
 * category too when it is not the one the section names. The other
 * outlets of a wire story are credited on its full card and on its category's page.
 */
export function CompactStory({
  article,
  sectionLabel,
}: {
  article: CardArticle;
  /** The category its section names: a story of that category goes without the label. */
  sectionLabel?: string;
}) {
  return (
    <article className="border-t border-rule py-2.5 first:border-t-0 first:pt-0 sm:py-3">
      <h3 className="font-serif text-[1.0625rem]/snug font-bold text-ink sm:text-lg/snug">
        <StoryLink story={article} className="hover:text-accent hover:underline">
          {article.title}
        </StoryLink>
      </h3>
      <StoryKicker
        article={article}
        label={article.category === sectionLabel ? false : undefined}
        className="mt-1 text-xs"
      />
    </article>
  );
}

import type { CardArticle } from "~/lib/news";
import { StoryLink } from "./external-link";
import { StoryKicker } from "./story-card";

/**
 * A headline with its category, publisher and date, for dense lists (home sections). The other
 * outlets of a wire story are credited on its full card and on its category's page.
 */
export function CompactStory({ article }: { article: CardArticle }) {
  return (
    <article className="border-t border-rule py-3 first:border-t-0 first:pt-0">
      <h3 className="font-serif text-lg leading-snug font-bold text-ink">
        <StoryLink story={article} className="hover:text-accent hover:underline">
          {article.title}
        </StoryLink>
      </h3>
      <StoryKicker article={article} className="mt-1 text-xs" />
    </article>
  );
}

import type { CardArticle } from "~/lib/news";
import { StoryLink } from "./external-link";
import { AlsoAt, StoryKicker } from "./story-card";

/** A headline with its category, publisher and date, for dense lists (home sections). */
export function CompactStory({ article }: { article: CardArticle }) {
  return (
    <article className="border-t border-rule py-3 first:border-t-0 first:pt-0">
      <h3 className="font-serif text-lg leading-snug font-bold text-ink">
        <StoryLink
          href={article.url}
          source={article.source}
          lang={article.lang}
          dir={article.dir}
          className="hover:text-accent hover:underline"
        >
          {article.title}
        </StoryLink>
      </h3>
      <StoryKicker article={article} className="mt-1 text-xs" />
      <AlsoAt outlets={article.alsoAt} />
    </article>
  );
}

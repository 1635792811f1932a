import type { CardArticle } from "~/lib/news";
import { StoryLink } from "./external-link";
import { RelativeTime } from "./relative-time";

/** A headline with its category and date, for dense lists (home sections). */
export function CompactStory({ article }: { article: CardArticle }) {
  return (
    <article className="border-t border-rule py-3 first:border-t-0 first:pt-0">
      <h3 className="font-serif text-lg leading-snug font-bold text-ink">
        <StoryLink href={article.url} className="hover:text-accent hover:underline">
          {article.title}
        </StoryLink>
      </h3>
      <p className="mt-1 flex gap-2 text-xs font-semibold text-muted">
        <span className="tracking-wider text-accent uppercase">{article.category}</span>
        {article.publishedAt && (
          <>
            <span aria-hidden="true">·</span>
            <RelativeTime iso={article.publishedAt} />
          </>
        )}
      </p>
    </article>
  );
}

import type { CardArticle } from "~/lib/news";
import { MarkedText } from "./marked-text";
import { RelativeTime } from "./relative-time";
import { StoryImage } from "./story-image";

interface StoryCardProps {
  article: CardArticle;
  /** Shown instead of the article's category (the archives label every card "Archive"). */
  label?: string;
  /** How its picture loads (StoryImage). */
  priority?: "lead" | "eager" | "lazy";
  /** Adds a "Read full article" link under the summary (opinion). */
  readMore?: boolean;
  /** h2 when the cards sit right under the page's h1, h3 under a section heading. */
  headingLevel?: 2 | 3;
}

/** SPEC.md §3 story card: image, category, date, a title link to the story (new tab), summary. */
export function StoryCard({
  article,
  label,
  priority,
  readMore,
  headingLevel = 3,
}: StoryCardProps) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const external = article.url !== "#";
  const linkProps = external ? { target: "_blank", rel: "noopener noreferrer" } : {};
  return (
    <article className="flex flex-col border-t border-rule pt-4">
      <StoryImage src={article.image} alt={article.title} priority={priority} />
      <p className="mt-3 flex flex-wrap gap-x-2 text-xs font-semibold tracking-wider text-muted uppercase">
        <span className="text-accent">{label ?? article.category}</span>
        {article.publishedAt && (
          <>
            <span aria-hidden="true">·</span>
            <RelativeTime iso={article.publishedAt} />
          </>
        )}
      </p>
      <Heading className="mt-1 font-serif text-xl leading-snug font-bold text-ink">
        <a href={article.url} {...linkProps} className="hover:text-accent hover:underline">
          {article.marks ? <MarkedText parts={article.marks.title} /> : article.title}
          {external && <span className="sr-only"> (opens in a new tab)</span>}
        </a>
      </Heading>
      {article.summary && (
        <p className="mt-2 text-[0.95rem] text-ink/85">
          {article.marks ? <MarkedText parts={article.marks.summary} /> : article.summary}
        </p>
      )}
      {readMore && external && (
        <p className="mt-2">
          <a href={article.url} {...linkProps} className="link text-sm font-semibold">
            Read full article<span className="sr-only">: {article.title} (opens in a new tab)</span>
          </a>
        </p>
      )}
    </article>
  );
}

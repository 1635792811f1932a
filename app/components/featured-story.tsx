import type { FeaturedStory as FeaturedStoryData } from "../../sites/content";
import { LEAD_IMAGE } from "../../common/images";
import { useSite } from "~/lib/root-data";
import { StoryLink } from "./external-link";
import { StoryImage } from "./story-image";
import type { CardArticle } from "~/lib/news";
import { AlsoAt, Byline, StoryKicker, hasPicture } from "./story-card";

/**
 * docs/product.md §3 featured-story card: title, summary, image, category, url. Without a picture of its
 * own it is text-led (docs/design.md): a larger headline and the summary across the column, no box.
 */
export function FeaturedStory({
  story,
}: {
  /** A feed's story (its publisher and language with it), or the site's built-in one. */
  story: FeaturedStoryData &
    Partial<
      Pick<
        CardArticle,
        | "source"
        | "lang"
        | "dir"
        | "languageName"
        | "sponsored"
        | "alsoAt"
        | "publishedAt"
        | "authors"
      >
    >;
}) {
  const { site } = useSite();
  const pictured = hasPicture(story.image, site.defaultImage);
  return (
    <article
      className={
        pictured ? "grid grid-cols-1 gap-4 md:grid-cols-5" : "border-t-4 border-accent pt-4"
      }
      data-card={pictured ? "picture" : "text"}
    >
      {pictured && (
        <div className="md:col-span-3">
          <StoryImage src={story.image} alt={story.title} priority="lead" layout={LEAD_IMAGE} />
        </div>
      )}
      <div className={pictured ? "md:col-span-2" : "max-w-3xl"}>
        <StoryKicker article={story} className="text-xs" />
        <h2
          className={`mt-1 font-serif font-bold text-ink ${pictured ? "text-2xl/tight sm:text-3xl/tight" : "text-4xl/tight md:text-5xl/tight"}`}
        >
          <StoryLink story={story} className="hover:text-accent hover:underline">
            {story.title}
          </StoryLink>
        </h2>
        <Byline authors={story.authors} className="mt-2" />
        {/* On a phone two lines of it, so that headlines follow within the first screen. */}
        <p
          lang={story.lang}
          dir={story.dir}
          className="mt-3 text-ink-85 max-sm:line-clamp-2 sm:text-lg"
        >
          {story.summary}
        </p>
        <AlsoAt outlets={story.alsoAt} />
      </div>
    </article>
  );
}

import type { FeaturedStory as FeaturedStoryData } from "../../sites/content";
import { LEAD_IMAGE } from "~/lib/images";
import { StoryImage } from "./story-image";

/** SPEC.md §3 featured-story card: title, summary, image, category, url. */
export function FeaturedStory({ story }: { story: FeaturedStoryData }) {
  const external = story.url !== "#";
  return (
    <article className="grid gap-4 md:grid-cols-5">
      <div className="md:col-span-3">
        <StoryImage src={story.image} alt={story.title} priority="lead" layout={LEAD_IMAGE} />
      </div>
      <div className="md:col-span-2">
        <p className="text-xs font-semibold tracking-wider text-accent uppercase">
          {story.category}
        </p>
        <h2 className="mt-1 font-serif text-3xl leading-tight font-bold text-ink">
          <a
            href={story.url}
            {...(external ? { target: "_blank", rel: "noopener noreferrer" } : {})}
            className="hover:text-accent hover:underline"
          >
            {story.title}
            {external && <span className="sr-only"> (opens in a new tab)</span>}
          </a>
        </h2>
        <p className="mt-3 text-lg text-ink/85">{story.summary}</p>
      </div>
    </article>
  );
}

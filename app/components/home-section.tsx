import { useT } from "~/lib/i18n";
import type { NewsBlock } from "~/lib/news";
import { CompactStory } from "./compact-story";
import { NewsState } from "./news-state";
import { StoryCard } from "./story-card";
import { PageLink } from "./page-link";

/** A section of home as its loader gives it: a category's key, page, title and stories. */
interface ShownSection {
  key: string;
  /** Its category's page, where See All goes. */
  path: string;
  /** Its title, in the page's language. */
  title: string;
  /** Its category as the loading text names it, in the page's language ("local"). */
  noun: string;
  /** Its category's label on a story's kicker ("Politics"), in the page's language. */
  label: string;
  block: NewsBlock;
}

/**
 * One of home's sections (docs/product.md §2: its first 5 stories and See All): a ruled head, then a lead
 * card and compact headlines, or (compact, beside the lead story) headlines only.
 */
export function HomeSection({
  section,
  compact = false,
  wide = false,
}: {
  section: ShownSection;
  compact?: boolean;
  /** Compact headlines across the page (under a text-led lead) rather than in a column. */
  wide?: boolean;
}) {
  const [lead, ...rest] = section.block.articles;
  const t = useT();
  return (
    <section aria-labelledby={`section-${section.key}`}>
      <div className="mb-4 flex items-end justify-between gap-4 border-t-4 border-ink pt-3">
        <h2 id={`section-${section.key}`} className="font-serif text-2xl font-bold">
          {section.title}
        </h2>
        <PageLink
          to={section.path}
          className="inline-flex min-h-11 shrink-0 items-center rounded border border-ink px-4 text-sm font-semibold hover:bg-ink hover:text-white"
        >
          {t("news.section.seeAll")}
          <span className="sr-only">
            {t("news.section.seeAllHidden", { title: section.title })}
          </span>
        </PageLink>
      </div>
      <NewsState block={section.block} label={section.noun}>
        {compact ? (
          // Beside a lead story, one column; under a text-led one, across the page.
          <div
            className={
              wide ? "grid gap-x-8 sm:grid-cols-2 lg:grid-cols-3 [&>*]:!border-t [&>*]:!pt-3" : ""
            }
          >
            {section.block.articles.map((article) => (
              <CompactStory key={article.id} article={article} sectionLabel={section.label} />
            ))}
          </div>
        ) : (
          <div className="grid gap-x-8 gap-y-4 sm:grid-cols-2 max-sm:[&_[data-summary]]:line-clamp-2">
            {lead && <StoryCard article={lead} thumbOnPhone />}
            <div className="sm:pt-4">
              {rest.map((article) => (
                <CompactStory key={article.id} article={article} sectionLabel={section.label} />
              ))}
            </div>
          </div>
        )}
      </NewsState>
    </section>
  );
}

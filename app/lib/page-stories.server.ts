import { translatorFor } from "../../common/i18n";
import { ShownStories, notShown } from "../../common/story-keys";
import {
  HOME_SECTIONS,
  categoryText,
  homeTitle,
  type CategoryRow,
  type FeedKey,
} from "../../sites/categories";
import type { LoadContext } from "../../server/context";
import { pairByKind } from "./card-rows";
import { orUnavailable } from "./database.server";
import { leadStory, toCardArticle, toNewsBlock, type CardArticle } from "./news";
import { PAGES } from "./pages";
import { hasPicture } from "~/components/story-card";

// What home and a category page show, in their order: the pages render it, and their feeds
// (issue 54) list the same stories in the same order.

/** docs/product.md §9: home shows the first 5 articles of each section. */
export const HOME_SECTION_SIZE = 5;

/**
 * Home's stories: the lead, then each section's first five not shown above (a story is shown
 * once: its link, or a wire headline), with the section's words in the edition's language.
 */
export async function homeStories(context: LoadContext) {
  const { locale } = context.site;
  const t = translatorFor(locale);
  const categories = await Promise.all(
    HOME_SECTIONS.map(async ({ key, slug }) => ({
      title: t(homeTitle(key)),
      noun: t(categoryText(key).noun),
      // Its stories' kicker label ("Politics"): a compact headline of its own category omits it.
      label: t(categoryText(key).label),
      key,
      path: PAGES[slug].path,
      news: await orUnavailable(context.news.getCategory(key)),
    })),
  );
  const shown = new ShownStories();
  const lead = leadStory(categories, context.now);
  const featured: CardArticle | undefined = lead
    ? notShown([toCardArticle(lead, locale)], shown)[0]
    : undefined;
  const sections = categories.map(({ news: category, ...section }) => {
    const block = toNewsBlock(category, locale, { limit: category.articles.length });
    return {
      ...section,
      block: { ...block, articles: notShown(block.articles, shown, HOME_SECTION_SIZE) },
    };
  });
  const updated = categories.flatMap(({ news: c }) => (c.updatedAt === null ? [] : [c.updatedAt]));
  return {
    featured,
    sections,
    /** Stories home has shown so far (the News Feed passes over them). */
    shown,
    /** The newest refresh of home's categories (ms), or null before the first. */
    updatedAt: updated.length ? Math.max(...updated) : null,
    /** The stories in the page's order: the lead, then the sections'. */
    stories: [...(featured ? [featured] : []), ...sections.flatMap((s) => s.block.articles)],
  };
}

/**
 * A category page's stories: a list page's two of a kind a row (picture cards, text cards:
 * card-rows.ts), in that order everywhere (its structured data, its feed); a page of its own
 * (sports, opinion…) in the category's order.
 */
export async function categoryStories(
  context: LoadContext,
  category: Pick<CategoryRow, "page"> & { key: FeedKey },
) {
  const news = await orUnavailable(context.news.getCategory(category.key));
  const shown = toNewsBlock(news, context.site.locale);
  if (category.page !== "list") return { news, block: shown };
  const block = {
    ...shown,
    articles: pairByKind(shown.articles, (a) => hasPicture(a.image, context.site.defaultImage)),
  };
  return { news, block };
}

import { createRoot, type Root } from "react-dom/client";
import { NewsFeedList, feedWordsOf } from "~/components/news-feed-list";
import { ClockContext } from "~/components/relative-time";
import { LinkWordsContext, linkWordsOf } from "~/components/external-link";
import type { RenderFeed } from "./lib/news-feed";
import { LATIN_DIGITS } from "../../common/i18n/format";

/**
 * A News Feed's refreshed list, rendered by the component the server used (NewsFeedList) into the
 * list's container, whose server markup it replaces. Loaded by the news-feed island at the first
 * refresh with something new; its dates are told as of now, and the clock island (already
 * running: the page had dates) keeps them true. Its words are those of the locale's language,
 * which it holds (feedWordsOf, linkWordsOf): the page does not carry them.
 */
const roots = new WeakMap<Element, Root>();

export const renderFeed: RenderFeed = (container, items, clock) => {
  let root = roots.get(container);
  if (!root) {
    root = createRoot(container);
    roots.set(container, root);
  }
  root.render(
    <LinkWordsContext value={linkWordsOf(clock.locale)}>
      {/* Counts in the locale's digits (0 to 9 unless the zone says), as the clock island
          writes them: no Intl.NumberFormat, whose first costs a page 10 to 25 ms. */}
      <ClockContext value={{ now: Date.now(), digits: LATIN_DIGITS, ...clock }}>
        <NewsFeedList items={items} words={feedWordsOf(clock.locale)} />
      </ClockContext>
    </LinkWordsContext>,
  );
};

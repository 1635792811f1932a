import { createRoot, type Root } from "react-dom/client";
import { NewsFeedList } from "~/components/news-feed-list";
import { ClockContext } from "~/components/relative-time";
import { LinkWordsContext } from "~/components/external-link";
import type { RenderFeed } from "./lib/news-feed";

/**
 * A News Feed's refreshed list, rendered by the component the server used (NewsFeedList) into the
 * list's container, whose server markup it replaces. Loaded by the news-feed island at the first
 * refresh with something new; its dates are told as of now, and the clock island (already
 * running: the page had dates) keeps them true.
 */
const roots = new WeakMap<Element, Root>();

export const renderFeed: RenderFeed = (container, items, zone) => {
  let root = roots.get(container);
  if (!root) {
    root = createRoot(container);
    roots.set(container, root);
  }
  const { text, links, ...clock } = zone;
  root.render(
    <LinkWordsContext value={links ?? null}>
      <ClockContext value={{ now: Date.now(), ...clock }}>
        <NewsFeedList items={items} {...(text ? { words: text } : {})} />
      </ClockContext>
    </LinkWordsContext>,
  );
};

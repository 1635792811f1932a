import { startTransition, useEffect, type ReactNode } from "react";
import { hydrateRoot } from "react-dom/client";
import { RadioPlayer, type RadioPlayerProps } from "~/components/radio-player";
import { propsOf, ready, wholeStylesheet } from "./lib/ready";

/**
 * The radio player on /radio (docs/product.md §2, §4), the page's one part that React runs in the
 * browser, hydrated alone. The server rendered the same component into `[data-radio-player]`,
 * with its props beside it (IslandProps), so hydration finds its markup as it left it. Nothing
 * here may import React Router: its browser build would come along.
 */

// The player shows markup the page did not have (an error, the pause icon, the titles played):
// the page inlines only the rules of its own markup, so the whole stylesheet comes now, while
// the player hydrates.
const stylesheet = wholeStylesheet();

/** Says the island is ready once the player's first render is committed and styled. */
function Started({ children }: { children: ReactNode }) {
  useEffect(() => void stylesheet.then(() => ready("radio")), []);
  return children;
}

const container = document.querySelector("[data-radio-player]");
const props = container ? propsOf<RadioPlayerProps>(container) : undefined;
if (container && props) {
  // Hydrated as a transition: React then works in slices of a few milliseconds, yielding to the
  // browser between them, rather than in one task (a default update's hydration is not time
  // sliced), which on a phone blocked the main thread for 80 to 150 ms after the first paint.
  // A click on the player meanwhile makes React finish hydrating it first (selective hydration).
  startTransition(() => {
    hydrateRoot(
      container,
      <Started>
        <RadioPlayer {...props} />
      </Started>,
    );
  });
} else {
  // No player on this page: nothing to wait for.
  ready("radio");
}

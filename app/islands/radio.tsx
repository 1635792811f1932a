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
  // Hydrated in a task of its own, after the one that evaluated the modules: the two together
  // were one task of 15 to 27 ms in Lighthouse's traces (60 to 110 ms at its 4x CPU); apart,
  // each stays under the 50 ms of a long task. And as a transition: React works in slices of a
  // few milliseconds, yielding to the browser between them (a default update's hydration is not
  // time sliced), and a click on the player meanwhile makes it hydrate that first (selective
  // hydration). Preact, which runs it in the browser (decision 016), hydrates in one pass.
  setTimeout(() =>
    startTransition(() => {
      hydrateRoot(
        container,
        <Started>
          <RadioPlayer {...props} />
        </Started>,
      );
    }),
  );
} else {
  // No player on this page: nothing to wait for.
  ready("radio");
}

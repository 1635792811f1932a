import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { relativeWordsFor } from "~/lib/i18n";
import type { NewsFeedProps } from "./news-feed-refresh";

vi.mock("~/lib/root-data", () => {
  const root = {
    site: { locale: "en-US", timeZone: "America/Chicago" },
    edition: { path: "", alternates: [] },
    islands: { "news-feed": "/assets/nf.js", "news-feed-render": "/assets/nfr.js" },
  };
  return { useSite: () => root, useRootData: () => root };
});
const { NewsFeedBlock } = await import("./news-feed-block");
const { ClockContext } = await import("./relative-time");

/** The News Feed's props as the server writes them, under the layout's clock. */
function propsUnder(digits?: string): NewsFeedProps {
  const clock = {
    now: Date.parse("2026-12-04T12:00:00Z"),
    locale: "en-US",
    timeZone: "America/Chicago",
    words: relativeWordsFor("en-US"),
    ...(digits ? { digits } : {}),
  };
  const html = renderToStaticMarkup(
    <ClockContext value={clock}>
      <NewsFeedBlock title="News Feed" categories={["local"]} initial={[]} />
    </ClockContext>,
  );
  const json = /<script type="application\/json">(.*?)<\/script>/.exec(html)?.[1];
  if (!json) throw new Error(`no props in ${html}`);
  return JSON.parse(json) as NewsFeedProps;
}

describe("the News Feed's props", () => {
  it("give its renderer the clock's digits where the locale has others, and none otherwise", () => {
    expect(propsUnder("٠١٢٣٤٥٦٧٨٩").zone.digits).toBe("٠١٢٣٤٥٦٧٨٩");
    expect(propsUnder().zone).not.toHaveProperty("digits");
  });
});

import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import type { CardArticle } from "~/lib/news";
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
const { ClockContext, RelativeTime } = await import("./relative-time");

const NOW = Date.parse("2026-12-04T12:00:00Z");

/** A story as the page's loader gives it, `hours` old (no date: null). */
function story(id: string, hours: number | null): CardArticle {
  return {
    id,
    title: `Headline ${id}`,
    summary: "",
    url: `https://news.example/${id}`,
    image: "/images/default-news.svg",
    category: "Local",
    source: "Example",
    publishedAt: hours === null ? null : new Date(NOW - hours * 3_600_000).toISOString(),
  } as CardArticle;
}

/**
 * The page as the server writes it with a News Feed of `initial`, under the layout's clock (the
 * clock island's script set, or not: a clock without one writes no marker), after a date of the
 * page when `dateBefore`; and the feed's props.
 */
function render({
  digits,
  initial = [],
  script,
  dateBefore = false,
}: {
  digits?: string;
  initial?: CardArticle[];
  script?: string;
  dateBefore?: boolean;
} = {}): { html: string; props: NewsFeedProps } {
  const clock = {
    now: NOW,
    locale: "en-US",
    timeZone: "America/Chicago",
    ...(digits ? { digits } : {}),
    ...(script ? { script } : {}),
  };
  const html = renderToStaticMarkup(
    <ClockContext value={clock}>
      {dateBefore && <RelativeTime iso={new Date(NOW - 3_600_000).toISOString()} />}
      <NewsFeedBlock title="News Feed" categories={["local"]} initial={initial} />
    </ClockContext>,
  );
  const json = [...html.matchAll(/<script type="application\/json">(.*?)<\/script>/g)].at(-1)?.[1];
  if (!json) throw new Error(`no props in ${html}`);
  return { html, props: JSON.parse(json) as NewsFeedProps };
}

/** The News Feed's props as the server writes them, under the layout's clock. */
function propsUnder(digits?: string): NewsFeedProps {
  return render(digits ? { digits } : {}).props;
}

/** The clock island's props, where the page carries them (after its marker). */
function clockProps(html: string): unknown {
  const json =
    /data-island="clock"[^>]*><\/script><script type="application\/json">(.*?)<\/script>/.exec(
      html,
    )?.[1];
  return json === undefined ? undefined : JSON.parse(json);
}

describe("the News Feed's props", () => {
  it("give its renderer the clock's digits where the locale has others, and none otherwise", () => {
    expect(propsUnder("٠١٢٣٤٥٦٧٨٩").zone?.digits).toBe("٠١٢٣٤٥٦٧٨٩");
    expect(propsUnder().zone).not.toHaveProperty("digits");
  });

  it("leave the clock to the clock island's props where the page carries them, once", () => {
    const clockScript = "/assets/island-clock.js";
    const clock = { locale: "en-US", timeZone: "America/Chicago" };
    // Its first dated headline writes the clock island's marker and props.
    const dated = render({ script: clockScript, initial: [story("a", 2), story("b", null)] });
    // Nothing of the clock, and no words: the island has them by the locale (feedWordsOf).
    expect(dated.props).not.toHaveProperty("zone");
    expect(JSON.stringify(dated.props)).not.toMatch(/headlines yet|new tab|Sponsored/);
    expect(clockProps(dated.html)).toMatchObject(clock);
    expect(clockProps(dated.html)).not.toHaveProperty("words");
    expect(dated.html.match(/data-island="clock"/g)).toHaveLength(1);
    // A date of the page before it wrote them: its undated list needs no copy either.
    const before = render({ script: clockScript, initial: [story("b", null)], dateBefore: true });
    expect(before.props).not.toHaveProperty("zone");
    expect(clockProps(before.html)).toMatchObject(clock);
    // No date anywhere: no clock island on the page, so its own props carry the clock.
    for (const initial of [[], [story("b", null)]]) {
      const undated = render({ script: clockScript, initial });
      expect(clockProps(undated.html)).toBeUndefined();
      expect(undated.props.zone).toEqual(clock);
    }
  });
});

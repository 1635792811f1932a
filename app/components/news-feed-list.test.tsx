import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { translatorFor } from "../../common/i18n";
import { linkWordsOf } from "./external-link";
import { ENGLISH_FEED_WORDS, NewsFeedList, feedWordsOf, type FeedItem } from "./news-feed-list";
import { ClockContext } from "./relative-time";

// The News Feed's list is rendered in the browser too (the news-feed-render island), where no
// catalogue is loaded: its words are given, in the edition's language (issue 38).

const NOW = Date.parse("2026-11-25T12:00:00Z");
const item: FeedItem = {
  id: "1",
  title: "Die Geschichte",
  url: "https://news.example/1",
  source: "Der Spiegel",
  date: new Date(NOW - 3 * 3_600_000).toISOString(),
  lang: "de",
  languageName: "alemán",
  sponsored: true,
};

function list(locale: string, items: FeedItem[], words?: typeof ENGLISH_FEED_WORDS): string {
  const clock = { now: NOW, locale, timeZone: "America/Chicago" };
  return renderToStaticMarkup(
    <ClockContext value={clock}>
      <NewsFeedList items={items} {...(words ? { words } : {})} />
    </ClockContext>,
  );
}

describe("the News Feed's list", () => {
  it("speaks the words it is given: Spanish in a Spanish edition", () => {
    const t = translatorFor("es-US");
    const words = {
      empty: t("news.feed.empty"),
      sponsored: t("news.story.sponsored"),
      inLanguage: t("news.story.inLanguage", { language: "{language}" }),
    };
    const html = list("es-US", [item], words);
    expect(html).toContain(">Patrocinado</span>");
    expect(html).toContain("<span>, en alemán</span>");
    expect(html).toContain("hace 3 horas");
    // (The story link's accessible name is external-link.tsx's, not the list's.)
    for (const english of [">Sponsored</span>", "<span>, in ", "hours ago"])
      expect(html).not.toContain(english);
    expect(list("es-US", [], words)).toContain("Todavía no hay más titulares.");
  });

  it("without words, says the English catalogue's", () => {
    const t = translatorFor("en-US");
    expect(ENGLISH_FEED_WORDS).toEqual({
      empty: t("news.feed.empty"),
      sponsored: t("news.story.sponsored"),
      inLanguage: t("news.story.inLanguage", { language: "{language}" }),
    });
    const html = list("en-US", [{ ...item, languageName: "German" }]);
    expect(html).toContain(">Sponsored</span>");
    expect(html).toContain("<span>, in German</span>");
    expect(list("en-US", [])).toContain("No other headlines yet.");
  });

  it("has the words of each locale's catalogue without loading it (feedWordsOf, linkWordsOf)", () => {
    for (const locale of ["en-US", "es-US", "es-MX"]) {
      const t = translatorFor(locale);
      expect(feedWordsOf(locale), locale).toEqual({
        empty: t("news.feed.empty"),
        // The story cards' words, the same as the links'.
        sponsored: t("news.story.sponsored"),
        inLanguage: t("news.story.inLanguage", { language: "{language}" }),
      });
      expect(linkWordsOf(locale), locale).toEqual({
        newTab: t("layout.opensInNewTab"),
        inLanguage: t("layout.inLanguage"),
        sponsored: t("layout.sponsored"),
      });
    }
    expect(feedWordsOf("es-US").empty).toBe("Todavía no hay más titulares.");
    expect(linkWordsOf("es-US").newTab).toBe("(se abre en una pestaña nueva)");
    // A language with no catalogue: English, as the server's translator (catalogueFor).
    expect(feedWordsOf("de-DE")).toEqual(ENGLISH_FEED_WORDS);
  });
});

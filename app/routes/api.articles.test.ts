import type { UNSAFE_DataWithResponseInit } from "react-router";
import { describe, expect, it } from "vitest";
import { routerContext } from "~/lib/city-context";
import type { LoadContext } from "../../server/context";
import { cityServices } from "../../tests/support/cities";
import { fixtureCity, hostOf } from "../../tests/support/fixture-city";
import { fixedNews, storedStory } from "../../tests/support/news";
import { loader } from "./api.articles";

// GET /api/articles names each story's category by its label in English, in every edition, as it
// did when stories were stored with their English label: they are stored with their key since
// migration 0011.

const NOW = Date.parse("2026-11-25T12:00:00Z");
const HOUR = 3_600_000;

/** The categories /api/articles?category=realestate names, in a city of `locale`, in order. */
async function categoriesShown(locale: string): Promise<unknown[]> {
  const city = fixtureCity({ locale });
  const news = fixedNews({
    articles: (key) =>
      key === "realestate"
        ? [
            storedStory(1, key, "Rents rise", NOW - HOUR),
            storedStory(2, key, "Gallery opens", NOW - 2 * HOUR, { category: "arts" }),
            // A row holding text that is no key (migration 0011 keeps it): shown as it is.
            storedStory(3, key, "Old row", NOW - 3 * HOUR, { category: "Something else" }),
          ]
        : [],
  });
  const context = routerContext({
    ...cityServices(city, { news }),
    now: NOW,
    isDev: false,
    embedPlaceholders: false,
    clientAddress: "203.0.113.5",
  } as unknown as LoadContext);
  const request = new Request(`https://${hostOf(city)}/api/articles?category=realestate`);
  const answer = (await loader({
    request,
    context,
    params: {},
  } as never)) as UNSAFE_DataWithResponseInit<{ articles: { category: unknown }[] }>;
  return answer.data.articles.map((a) => a.category);
}

describe("/api/articles", () => {
  it.each(["en-US", "es-US"])("names each story's category in English (%s)", async (locale) => {
    expect(await categoriesShown(locale)).toEqual([
      "Real Estate",
      "Arts & Culture",
      "Something else",
    ]);
  });
});

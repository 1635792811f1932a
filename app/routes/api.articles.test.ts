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

interface Answer {
  articles?: { id: string; category: unknown }[];
  error?: string;
}

/** GET /api/articles?QUERY in a city of `locale` whose categories hold `articles`. */
async function ask(
  query: string,
  articles: (key: string) => ReturnType<typeof storedStory>[],
  locale = "en-US",
) {
  const city = fixtureCity({ locale });
  const context = routerContext({
    ...cityServices(city, { news: fixedNews({ articles }) }),
    now: NOW,
    isDev: false,
    embedPlaceholders: false,
    clientAddress: "203.0.113.5",
  } as unknown as LoadContext);
  const request = new Request(`https://${hostOf(city)}/api/articles?${query}`);
  const answer = (await loader({
    request,
    context,
    params: {},
  } as never)) as UNSAFE_DataWithResponseInit<Answer>;
  return { status: answer.init?.status ?? 200, body: answer.data };
}

/** The categories /api/articles?category=realestate names, in a city of `locale`, in order. */
async function categoriesShown(locale: string): Promise<unknown[]> {
  const { body } = await ask(
    "category=realestate",
    (key) =>
      key === "realestate"
        ? [
            storedStory(1, key, "Rents rise", NOW - HOUR),
            storedStory(2, key, "Gallery opens", NOW - 2 * HOUR, { category: "arts" }),
            // A row holding text that is no key (migration 0011 keeps it): shown as it is.
            storedStory(3, key, "Old row", NOW - 3 * HOUR, { category: "Something else" }),
          ]
        : [],
    locale,
  );
  return (body.articles ?? []).map((a) => a.category);
}

/** /api/articles?QUERY in a city of `locale` whose local category keeps 40 stories. */
const askLocal = (query: string, locale = "en-US") =>
  ask(
    query,
    (key) =>
      key === "local"
        ? Array.from({ length: 40 }, (_, i) =>
            storedStory(i + 1, key, `Story ${i + 1}`, NOW - (i + 1) * HOUR),
          )
        : [],
    locale,
  );

describe("/api/articles?limit", () => {
  it("answers with at most `limit` stories, newest first (15 when absent)", async () => {
    expect((await askLocal("category=local")).body.articles).toHaveLength(15);
    const { body } = await askLocal("category=local&limit=28");
    expect(body.articles?.map((a) => a.id)).toEqual(
      Array.from({ length: 28 }, (_, i) => String(i + 1)),
    );
    expect((await askLocal("category=local&limit=100")).body.articles).toHaveLength(40);
    expect((await askLocal("category=local&limit=1")).body.articles).toHaveLength(1);
  });

  it.each(["0", "101", "abc", "1.5", "-3", "", "1e2", "0028x", "%20"])(
    "answers 400 with the error for limit=%s",
    async (limit) => {
      const { status, body } = await askLocal(`category=local&limit=${limit}`);
      expect(status).toBe(400);
      expect(body).toEqual({
        error: "limit must be a whole number from 1 to 100, given at most once",
      });
    },
  );

  it("answers 400 for a limit given twice, and in the edition's language", async () => {
    expect((await askLocal("category=local&limit=5&limit=6")).status).toBe(400);
    expect((await askLocal("category=local&limit=0", "es-US")).body.error).toBe(
      "limit debe ser un número entero de 1 a 100, dado como máximo una vez",
    );
  });
});

describe("/api/articles", () => {
  it.each(["en-US", "es-US"])("names each story's category in English (%s)", async (locale) => {
    expect(await categoriesShown(locale)).toEqual([
      "Real Estate",
      "Arts & Culture",
      "Something else",
    ]);
  });
});

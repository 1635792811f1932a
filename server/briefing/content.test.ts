import { describe, expect, it } from "vitest";
import { storedStory } from "../../tests/support/news";
import { WEATHER } from "../../tests/support/briefing";
import type { CategoryNews } from "../news/engine";
import { cityDay, topStories, weatherLine } from "./content";
import { readUnsubscribeToken, unsubscribeToken } from "./tokens";

// The parts of a briefing that are pure: the stories it picks, its weather line, the city's day
// and hour, and the unsubscribe tokens.

const NOW = Date.parse("2026-12-03T12:00:00Z");

function category(key: "local" | "national", articles: CategoryNews["articles"]) {
  return { key, news: { category: key, state: "ready", error: null, updatedAt: null, articles } };
}

describe("topStories", () => {
  it("leads with home's lead, then each section's first in turn, each story once, no paid post, none without a link", () => {
    const local = [
      storedStory(1, "local", "Paid: buy now", NOW - 1000, {
        sponsored: true,
        url: "https://a.test/paid",
      }),
      storedStory(2, "local", "City council passes the budget", NOW - 2000, {
        url: "https://a.test/budget",
      }),
      storedStory(3, "local", "No link here at all today", NOW - 3000, { url: "#" }),
      storedStory(4, "local", "School board meets on Monday night", NOW - 4000, {
        url: "https://a.test/school",
      }),
    ];
    const national = [
      storedStory(5, "national", "The same budget story, wired", NOW - 2500, {
        url: "https://a.test/budget",
      }),
      storedStory(6, "national", "Congress returns from its recess", NOW - 5000, {
        url: "https://b.test/congress",
      }),
    ];
    const picked = topStories(
      [category("local", local), category("national", national)] as never,
      NOW,
      10,
    );
    expect(picked.map((s) => s.id)).toEqual([2, 4, 6]);
  });
});

describe("weatherLine", () => {
  it("says the weather now and today in the edition's language", () => {
    expect(weatherLine(WEATHER, "en-US")).toBe("61°F, Mostly Cloudy. Today: high 70°, low 55°.");
    expect(weatherLine(WEATHER, "es-US")).toMatch(/^61 °F, .+\. Hoy: máxima 70°, mínima 55°\.$/);
  });

  it("is null while the service has nothing", () => {
    expect(weatherLine({ ...WEATHER, current: null, forecast: null }, "en-US")).toBeNull();
  });
});

describe("cityDay", () => {
  it("is the city's own date and hour, whatever the machine's zone", () => {
    expect(cityDay(Date.parse("2026-12-03T11:59:00Z"), "America/Chicago")).toEqual({
      day: "2026-12-03",
      hour: 5,
    });
    expect(cityDay(Date.parse("2026-12-04T05:30:00Z"), "America/Chicago")).toEqual({
      day: "2026-12-03",
      hour: 23,
    });
    expect(cityDay(Date.parse("2026-12-04T05:30:00Z"), "Pacific/Honolulu")).toEqual({
      day: "2026-12-03",
      hour: 19,
    });
  });
});

describe("unsubscribe tokens", () => {
  it("name their subscriber under the secret, and no other", () => {
    const token = unsubscribeToken("a".repeat(40), "sub-1");
    expect(readUnsubscribeToken("a".repeat(40), token)).toBe("sub-1");
    expect(readUnsubscribeToken("b".repeat(40), token)).toBeUndefined();
    expect(readUnsubscribeToken("a".repeat(40), token.replace("sub-1", "sub-2"))).toBeUndefined();
    expect(readUnsubscribeToken("a".repeat(40), "no-dot")).toBeUndefined();
  });
});

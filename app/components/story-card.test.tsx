// @vitest-environment happy-dom
import { cleanup, render as renderBare, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { CardArticle } from "~/lib/news";

vi.mock("~/lib/root-data", () => {
  const root = {
    site: {
      defaultImage: "/images/default-news.svg",
      locale: "en-US",
      timeZone: "America/Chicago",
    },
    now: Date.parse("2026-11-23T12:00:00Z"),
    islands: { pictures: "/assets/island-pictures.js" },
  };
  // The page's translator (useT) reads the locale from the root's data too.
  return { useSite: () => root, useRootData: () => root };
});
const { StoryCard, hasPicture } = await import("./story-card");
const { ClockContext } = await import("./relative-time");

/** Renders as the site's layout does: relative dates told against the render's time. */
function render(ui: ReactNode) {
  const clock = {
    now: Date.parse("2026-11-23T12:00:00Z"),
    locale: "en-US",
    timeZone: "UTC",
  };
  return renderBare(<ClockContext value={clock}>{ui}</ClockContext>);
}
const { FeaturedStory } = await import("./featured-story");

afterEach(cleanup);

const article: CardArticle = {
  id: "1",
  title: "Bayou festival returns",
  summary: "Music, food and boats on Buffalo Bayou this weekend.",
  url: "https://news.example/bayou",
  image: "/img/640/a1.abc",
  category: "Local",
  publishedAt: "2026-11-23T10:00:00Z",
  source: "Houston Public Media",
};

describe("story cards", () => {
  it("show a story's own picture", () => {
    const { container } = render(<StoryCard article={article} />);
    expect(container.querySelector("article")?.dataset.card).toBe("picture");
    expect(container.querySelectorAll("img")).toHaveLength(1);
  });

  it("are text cards when the feed gave no picture: no picture box, the headline and summary", () => {
    const { container } = render(
      <StoryCard article={{ ...article, image: "/images/default-news.svg" }} />,
    );
    expect(container.querySelector("article")?.dataset.card).toBe("text");
    expect(container.querySelectorAll("img")).toHaveLength(0);
    expect(screen.getByRole("heading", { name: /Bayou festival returns/ })).toBeTruthy();
    expect(screen.getByText(/Music, food and boats/)).toBeTruthy();
  });

  it("set the category in capitals but the date as written", () => {
    const { container } = render(<StoryCard article={article} />);
    const meta = container.querySelector("article p");
    expect(meta?.className).not.toMatch(/\buppercase\b/);
    expect(meta?.querySelector("span")?.className).toMatch(/\buppercase\b/);
  });

  it("name their publisher, visibly and in the headline link's accessible name, and mark the link as leaving", () => {
    const { container } = render(<StoryCard article={article} />);
    expect(container.querySelector("article p")?.textContent).toContain("Houston Public Media");
    const link = screen.getByRole("link", { name: /^Bayou festival returns/ });
    expect(link.textContent).toBe(
      "Bayou festival returns, Houston Public Media (opens in a new tab)",
    );
    expect(link.getAttribute("target")).toBe("_blank");
    expect(link.className).toMatch(/\bexternal\b/);
  });

  it("mark a story in another language on its headline and summary, right to left where it is", () => {
    const { container } = render(
      <StoryCard article={{ ...article, lang: "ur", dir: "rtl", summary: "خبر" }} />,
    );
    const headline = container.querySelector("h3 a span[lang]");
    expect(headline?.getAttribute("lang")).toBe("ur");
    expect(headline?.getAttribute("dir")).toBe("rtl");
    const summary = container.querySelector("article > p[lang]");
    expect(summary?.getAttribute("dir")).toBe("rtl");
    // The kicker (category, publisher, date) stays in the page's language.
    expect(container.querySelector("article > p:not([lang]) span[lang]")).toBeNull();
  });

  it("leave a story in the page's language unmarked", () => {
    const { container } = render(<StoryCard article={article} />);
    expect(container.querySelector("[lang], [dir]")).toBeNull();
  });

  it("credit the other outlets that ran the story, each a link to its copy", () => {
    render(
      <StoryCard
        article={{
          ...article,
          alsoAt: [
            { source: "KHOU", url: "https://khou.example/bayou" },
            { source: "Chron", url: "https://chron.example/bayou" },
          ],
        }}
      />,
    );
    expect(screen.getByText(/Also at/).textContent).toBe(
      "Also at KHOU (opens in a new tab), Chron (opens in a new tab)",
    );
    expect(
      screen.getByRole("link", { name: "Chron (opens in a new tab)" }).getAttribute("href"),
    ).toBe("https://chron.example/bayou");
  });

  it.each([
    ["/img/640/a1.abc", true],
    ["/images/default-news.svg", false],
    ["", false],
  ])("hasPicture(%j) is %s", (image, expected) => {
    expect(hasPicture(image, "/images/default-news.svg")).toBe(expected);
  });
});

describe("the featured story", () => {
  it("leads with text when it has no picture: a larger headline, no box", () => {
    const { container } = render(
      <FeaturedStory story={{ ...article, image: "/images/default-news.svg" }} />,
    );
    expect(container.querySelector("article")?.dataset.card).toBe("text");
    expect(container.querySelectorAll("img")).toHaveLength(0);
    expect(container.querySelector("h2")?.className).toMatch(/text-4xl/);
  });

  it("leads with its picture when it has one, at high priority", () => {
    const { container } = render(<FeaturedStory story={article} />);
    expect(container.querySelector("img")?.getAttribute("fetchpriority")).toBe("high");
  });
});

describe("a story in another language than the city's", () => {
  it("says which beside its outlet, and in its link's accessible name", () => {
    render(
      <StoryCard
        article={{ ...article, source: "Der Spiegel", lang: "de", languageName: "German" }}
      />,
    );
    expect(screen.getByText("in German")).toBeTruthy();
    const link = screen.getByRole("link", { name: /^Bayou festival returns/ });
    // The link's text: its headline (in German's voice), then for screen readers who and in what.
    expect(link.textContent).toMatch(/^Bayou festival returns, Der Spiegel, in German/);
    expect(link.querySelector("[lang=de]")?.textContent).toBe("Bayou festival returns");
  });
});

describe("a paid post a feed's listing keeps", () => {
  it("is labelled Sponsored, seen and in its link's accessible name", () => {
    render(<StoryCard article={{ ...article, sponsored: true }} />);
    expect(screen.getByText("Sponsored", { exact: true })).toBeTruthy();
    const link = screen.getByRole("link", { name: /^Bayou festival returns/ });
    expect(link.textContent).toMatch(/^Bayou festival returns, Houston Public Media, Sponsored/);
  });
});

describe("a story's byline (issue 53)", () => {
  const byline = (container: HTMLElement) =>
    container.querySelector("[data-byline]")?.textContent ?? null;

  it("names its author in small muted text under the headline, and nothing when its feed names nobody", () => {
    const { container } = render(<StoryCard article={{ ...article, authors: ["Ana Pérez"] }} />);
    const p = container.querySelector("[data-byline]");
    expect(p?.textContent).toBe("By Ana Pérez");
    expect(p?.className).toContain("text-xs");
    expect(p?.className).toContain("text-muted");
    expect(p?.previousElementSibling?.tagName).toBe("H3");
    expect(p?.querySelector("bdi")?.textContent).toBe("Ana Pérez");
    cleanup();
    expect(byline(render(<StoryCard article={article} />).container)).toBeNull();
  });

  it("joins several authors the language's way", async () => {
    const authors = ["Ana Pérez", "Sam Lee", "Kim Ho"];
    const two = render(<StoryCard article={{ ...article, authors: authors.slice(0, 2) }} />);
    expect(byline(two.container)).toBe("By Ana Pérez and Sam Lee");
    cleanup();
    const three = render(<StoryCard article={{ ...article, authors }} />);
    expect(byline(three.container)).toBe("By Ana Pérez, Sam Lee and Kim Ho");
    cleanup();
    const { useSite } = await import("~/lib/root-data");
    const site = useSite().site as { locale: string };
    site.locale = "es-US";
    try {
      const es = render(<StoryCard article={{ ...article, authors }} />);
      expect(byline(es.container)).toBe("Por Ana Pérez, Sam Lee y Kim Ho");
    } finally {
      site.locale = "en-US";
    }
  });

  it("is on the lead story too", () => {
    const { container } = render(
      <FeaturedStory story={{ ...article, authors: ["Ana Pérez", "Sam Lee"] }} />,
    );
    expect(byline(container)).toBe("By Ana Pérez and Sam Lee");
  });
});

describe("home on a phone (issue 53: the page under 7,000 px)", () => {
  it("a section's lead card can put its picture beside the headline as a small square, asking a small picture", () => {
    // A picture through the site's image route, which offers a srcset.
    const routed = { ...article, image: "/img/640/a12.abcdefghijklmnopqrstuv" };
    const { container } = render(<StoryCard article={routed} thumbOnPhone />);
    const card = container.querySelector("article");
    const img = container.querySelector("img");
    expect(card?.className).toMatch(/max-sm:grid\b/);
    expect(img?.className).toMatch(/max-sm:col-start-2\b/);
    expect(img?.className).toMatch(/max-sm:aspect-square\b/);
    expect(img?.getAttribute("sizes")).toMatch(/, 6rem$/);
    // The summary runs under both columns; the headline stays in the first.
    expect(container.querySelector("[data-summary]")?.className).toMatch(/max-sm:col-span-2/);
    // Any other card keeps its full-width picture on a phone.
    cleanup();
    const plain = render(<StoryCard article={routed} />).container;
    expect(plain.querySelector("article")?.className).not.toMatch(/max-sm:grid/);
    expect(plain.querySelector("img")?.getAttribute("sizes")).toMatch(/calc\(100vw - 32px\)$/);
  });

  it("a compact headline leaves out its category under a section of that category, not another's", async () => {
    const { CompactStory } = await import("./compact-story");
    const { container } = render(
      <>
        <CompactStory article={article} sectionLabel="Local" />
        <CompactStory
          article={{ ...article, id: "2", category: "Real Estate" }}
          sectionLabel="Local"
        />
      </>,
    );
    const [own, other] = [...container.querySelectorAll("article p")].map((p) => p.textContent);
    expect(own).toBe("Houston Public Media·2 hours ago");
    expect(other).toBe("Real Estate·Houston Public Media·2 hours ago");
  });

  it("the lead story's summary is two lines on a phone, its headline a size smaller", () => {
    const { container } = render(<FeaturedStory story={{ ...article }} />);
    expect(container.querySelector("h2")?.className).toMatch(
      /\btext-2xl\/tight sm:text-3xl\/tight\b/,
    );
    expect(container.querySelector("h2 ~ p:last-of-type, article p.mt-3")?.className).toMatch(
      /max-sm:line-clamp-2/,
    );
  });
});

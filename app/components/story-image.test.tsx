// @vitest-environment happy-dom
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { LEAD_IMAGE } from "../../common/images";
import { StoryImage } from "./story-image";

vi.mock("~/lib/root-data", () => ({
  useSite: () => ({
    site: { defaultImage: "/images/default-news.svg" },
    islands: { pictures: "/assets/island-pictures.js" },
  }),
}));

const ID = "a7.AAAAAAAAAAA";
const SRC = `/img/640/${ID}`;

/** The <img> as the server renders it (before any load or error in a browser). */
function serverImg(element: ReactElement): HTMLImageElement {
  return served(element).querySelector("img") as HTMLImageElement;
}
function served(element: ReactElement): HTMLElement {
  const host = document.createElement("div");
  host.innerHTML = renderToStaticMarkup(element);
  return host;
}

describe("StoryImage", () => {
  it("offers the image route's widths for the card grid", () => {
    const img = serverImg(<StoryImage src={SRC} alt="A story" />);
    expect(img.getAttribute("src")).toBe(SRC);
    expect(img.getAttribute("srcset")).toBe(
      `/img/320/${ID} 320w, /img/640/${ID} 640w, /img/960/${ID} 960w`,
    );
    expect(img.getAttribute("sizes")).toMatch(/^\(min-width: 1280px\) 428px, /);
    expect(img.getAttribute("loading")).toBe("lazy");
    expect(img.getAttribute("referrerpolicy")).toBe("no-referrer");
  });

  it("gives the lead picture its layout and a high fetch priority", () => {
    const img = serverImg(<StoryImage src={SRC} alt="Lead" priority="lead" layout={LEAD_IMAGE} />);
    expect(img.getAttribute("srcset")).toContain(`/img/1280/${ID} 1280w`);
    expect(img.getAttribute("sizes")).toBe(LEAD_IMAGE.sizes);
    expect(img.getAttribute("fetchpriority")).toBe("high");
    expect(img.getAttribute("loading")).toBe("eager");
  });

  it("has no srcset for the default photo", () => {
    const img = serverImg(<StoryImage src="/images/default-news.svg" alt="Plain" />);
    expect(img.hasAttribute("srcset")).toBe(false);
    expect(img.hasAttribute("sizes")).toBe(false);
  });

  it("names its fallback, the default photo, for the pictures island (app/islands/pictures.ts)", () => {
    const host = served(<StoryImage src={SRC} alt="A story" />);
    const img = host.querySelector("img") as HTMLImageElement;
    expect(img.hasAttribute("data-picture")).toBe(true);
    expect(img.getAttribute("data-fallback")).toBe("/images/default-news.svg");
    expect(host.querySelector("script[data-island=pictures]")?.getAttribute("data-src")).toBe(
      "/assets/island-pictures.js",
    );
    // The default photo has nothing to fall back to.
    expect(
      serverImg(<StoryImage src="/images/default-news.svg" alt="Plain" />).dataset.fallback,
    ).toBe(undefined);
  });
});

// @vitest-environment happy-dom
import { cleanup, render } from "@testing-library/react";
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LEAD_IMAGE } from "~/lib/images";
import { StoryImage } from "./story-image";

vi.mock("~/lib/root-data", () => ({
  useSite: () => ({ site: { defaultImage: "/images/default-news.svg" } }),
}));

afterEach(cleanup);

const ID = "a7.AAAAAAAAAAAAAAAAAAAAAA";
const SRC = `/img/640/${ID}`;

/** The <img> as the server renders it (before any load or error in a browser). */
function serverImg(element: ReactElement): HTMLImageElement {
  const host = document.createElement("div");
  host.innerHTML = renderToStaticMarkup(element);
  return host.querySelector("img") as HTMLImageElement;
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

  it("falls back to the default photo, without a srcset, when the picture fails", () => {
    // happy-dom loads no picture: the image is complete with no width, as a failed one is.
    const { container } = render(<StoryImage src={SRC} alt="Broken" />);
    const img = container.querySelector("img") as HTMLImageElement;
    expect(img.getAttribute("src")).toBe("/images/default-news.svg");
    expect(img.hasAttribute("srcset")).toBe(false);
    expect(img.hasAttribute("sizes")).toBe(false);
  });
});

// @vitest-environment happy-dom
// Neither the player's page nor the island's script is fetched: the test imports the island and
// looks at the iframe it puts in place.
// @vitest-environment-options {"settings":{"disableIframePageLoading":true,"disableJavaScriptFileLoading":true,"handleDisabledFileLoadingAsSuccess":true}}
import { cleanup, render, screen } from "@testing-library/react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";

/** The root data the embeds read: readers' pages by default, placeholders while designing. */
const root = {
  // The page's locale, for the interface's words (useT).
  site: { locale: "en-US" },
  embedPlaceholders: false,
  islands: { video: "/assets/island-video.js", "until-ready": "/assets/island-until-ready.js" },
};
vi.mock("~/lib/root-data", () => ({ useRootData: () => root, useSite: () => root }));
const { EmbedFrame } = await import("./embed-frame");
const { NewsState } = await import("./news-state");
const { VideoEmbed } = await import("./video-embed");

afterEach(() => {
  cleanup();
  document.body.innerHTML = "";
  root.embedPlaceholders = false;
});

/** The facade as the server sends it, in the page, with the video island running. */
async function served(element: React.ReactElement): Promise<HTMLElement> {
  document.body.innerHTML = renderToStaticMarkup(element);
  await import("~/islands/video");
  return document.body;
}

describe("VideoEmbed", () => {
  it("shows a local poster and a play button, and no player, and names the video island", () => {
    const { container } = render(<VideoEmbed videoId="abc123" />);
    expect(container.querySelector("iframe")).toBeNull();
    expect(container.querySelector("img")?.getAttribute("src")).toBe("/images/video-poster.svg");
    expect(screen.getByText("Featured Video")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Play video: Featured Video" })).toBeTruthy();
    expect(container.querySelector("script[data-island=video]")?.getAttribute("data-src")).toBe(
      "/assets/island-video.js",
    );
  });

  it("puts the player in place of the poster on a click, the focus on it (the island)", async () => {
    const page = await served(<VideoEmbed videoId="abc123" />);
    const button = page.querySelector("button") as HTMLButtonElement;
    button.focus();
    button.click();
    const iframe = page.querySelector("iframe");
    expect(iframe?.getAttribute("src")).toBe(
      "https://www.youtube-nocookie.com/embed/abc123?autoplay=1",
    );
    expect(iframe?.getAttribute("title")).toBe("Featured Video");
    expect(iframe?.getAttribute("allow")).toBe("autoplay; encrypted-media; picture-in-picture");
    expect(iframe?.hasAttribute("allowfullscreen")).toBe(true);
    expect(page.querySelector("button, img")).toBeNull();
    expect(page.querySelector("figcaption")?.textContent).toBe("Featured Video");
    expect(document.activeElement).toBe(iframe);
    expect(document.documentElement.getAttribute("data-islands-ready")).toContain("video");
  });

  it("plays on a click anywhere on the button, its icon too", async () => {
    const page = await served(<VideoEmbed videoId="abc123" title="Game of the Week" />);
    (page.querySelector("button svg") as SVGElement).dispatchEvent(
      new MouseEvent("click", { bubbles: true }),
    );
    expect(page.querySelector("iframe")?.getAttribute("title")).toBe("Game of the Week");
  });

  it("takes a title and a class name", () => {
    const { container } = render(
      <VideoEmbed videoId="x" title="Game of the Week" className="mb-4" />,
    );
    expect(container.querySelector("figure")?.className).toBe("mb-4");
    expect(screen.getByRole("button", { name: "Play video: Game of the Week" })).toBeTruthy();
  });

  it("is left out without a video id: readers never see a placeholder", () => {
    const { container } = render(<VideoEmbed videoId="" />);
    expect(container.innerHTML).toBe("");
  });

  it("is a placeholder without a video id while designing (embedPlaceholders), no island", () => {
    root.embedPlaceholders = true;
    const { container } = render(<VideoEmbed videoId="" />);
    expect(screen.queryByRole("button")).toBeNull();
    expect(screen.getByText("Video coming soon")).toBeTruthy();
    expect(container.querySelector("iframe, script, [data-video-src]")).toBeNull();
  });

  it("escapes the video id into the player URL", async () => {
    const page = await served(<VideoEmbed videoId={'a"b/../c'} />);
    (page.querySelector("button") as HTMLButtonElement).click();
    expect(page.querySelector("iframe")?.getAttribute("src")).toBe(
      "https://www.youtube-nocookie.com/embed/a%22b%2F..%2Fc?autoplay=1",
    );
  });
});

describe("EmbedFrame", () => {
  it("loads a configured frame lazily at its height", () => {
    const { container } = render(
      <EmbedFrame src="https://embed.example/wall" title="Wall" height={1600} placeholder="soon" />,
    );
    const iframe = container.querySelector("iframe");
    expect(iframe?.getAttribute("loading")).toBe("lazy");
    expect(iframe?.getAttribute("height")).toBe("1600");
  });

  it("is left out when not configured", () => {
    const { container } = render(
      <EmbedFrame src={null} title="Wall" height={1600} placeholder="The wall will appear here." />,
    );
    expect(container.innerHTML).toBe("");
  });

  it("shows the placeholder when not configured, while designing", () => {
    root.embedPlaceholders = true;
    const { container } = render(
      <EmbedFrame src={null} title="Wall" height={1600} placeholder="The wall will appear here." />,
    );
    expect(container.querySelector("iframe")).toBeNull();
    expect(screen.getByText("The wall will appear here.")).toBeTruthy();
  });
});

describe("NewsState", () => {
  const block = { key: "world" as const, updatedAt: null, articles: [], outlets: 0 };
  it.each([
    [{ ...block, state: "loading" as const, error: null }, undefined, "Loading world news..."],
    [
      { ...block, state: "error" as const, error: "Failed to fetch RSS feed" },
      undefined,
      "Error loading news: Failed to fetch RSS feed",
    ],
    [
      { ...block, state: "error" as const, error: "Failed to fetch RSS feed" },
      "Error loading archives",
      "Error loading archives: Failed to fetch RSS feed",
    ],
  ])(
    "shows the spec's text, and loads the island that asks again until it is ready",
    (b, prefix, text) => {
      render(
        <NewsState block={b} label="world" errorPrefix={prefix}>
          <p>list</p>
        </NewsState>,
      );
      expect(screen.getByText(text)).toBeTruthy();
      expect(screen.queryByText("list")).toBeNull();
      expect(document.querySelector("script[data-island=until-ready]")).not.toBeNull();
    },
  );

  it("ready, loads no island (here: ready without a story)", () => {
    render(
      <NewsState block={{ ...block, state: "ready", error: null }} label="world">
        <p>list</p>
      </NewsState>,
    );
    expect(screen.getByText("No stories yet. Check back soon.")).toBeTruthy();
    expect(document.querySelector("script[data-island]")).toBeNull();
  });
});

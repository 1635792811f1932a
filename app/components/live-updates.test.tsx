// @vitest-environment happy-dom
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";

let locale = "en-US";
vi.mock("~/lib/root-data", () => {
  const root = () => ({ site: { locale }, islands: {} });
  return { useSite: root, useRootData: root };
});
const { NewStoriesOffer } = await import("./live-updates");
const { livePage } = await import("~/islands/lib/live");

afterEach(() => {
  vi.useRealTimers();
  document.body.replaceChildren();
});

/** The offer as the server renders it, in a page open in the browser. */
function pageWithOffer(): { html: string; offer: HTMLElement } {
  const html = renderToStaticMarkup(<NewStoriesOffer categories={["local"]} />);
  document.body.innerHTML = `<div data-live-announce></div>${html}`;
  return { html, offer: document.querySelector<HTMLElement>("[data-live-news]") as HTMLElement };
}

describe("the offer of new stories, as the server writes it", () => {
  it("gives its words as JSON after it, not in an attribute where each quote is &quot;", () => {
    const { html } = pageWithOffer();
    expect(html).not.toContain("&quot;");
    expect(html).toMatch(
      /^<p data-live-news="local"[^>]*><\/p><script type="application\/json">\{/,
    );
  });

  it("is what the live island counts new stories in, in the page's language", async () => {
    vi.useFakeTimers();
    for (const [lang, text] of [
      ["en-US", "2 new stories"],
      ["es-US", "2 noticias nuevas"],
    ] as const) {
      locale = lang;
      const { offer } = pageWithOffer();
      livePage(document, async () => "").news({ category: "local", count: 2 });
      await vi.advanceTimersByTimeAsync(100);
      expect(offer.textContent).toBe(text);
    }
  });
});

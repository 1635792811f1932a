// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { liveWords } from "~/components/live-updates";
import { inStormNow, livePage, newsChange } from "./live";

const SKIP = '<a href="#main-content">Skip to content</a>';
const banner = (ids: string, text: string) =>
  `<section aria-label="Weather alert" data-weather-alert="${ids}"><a href="/weather#alerts">${text}</a></section>`;
const REGION = '<div data-live-announce aria-live="polite"></div>';
/** The offer as the server writes it for a page in `locale` (NewStoriesOffer): its words after it. */
const offerIn = (locale: string) =>
  `<p data-live-news="local sports"></p><script type="application/json">${JSON.stringify(liveWords(locale))}</script>`;
const OFFER = offerIn("en-US");

/** The page open in the browser, its body `html`. */
function open(html: string): Document {
  document.body.innerHTML = html;
  return document;
}

/** The polite region's text once its pause has passed. */
async function said(doc: Document): Promise<string> {
  await vi.advanceTimersByTimeAsync(100);
  return doc.querySelector("[data-live-announce]")?.textContent ?? "";
}

afterEach(() => vi.useRealTimers());

describe("newsChange", () => {
  it("reads a news event, and nothing else", () => {
    expect(newsChange('{"category":"local","count":2}')).toEqual({ category: "local", count: 2 });
    for (const data of [
      "",
      "x",
      "{}",
      '{"category":"local","count":0}',
      '{"category":1,"count":1}',
    ])
      expect(newsChange(data)).toBeUndefined();
  });
});

describe("a page following its live channel", () => {
  it("puts the banner in place when an alert begins, and says it once", async () => {
    vi.useFakeTimers();
    const doc = open(`${SKIP}${REGION}<main></main>`);
    const page = livePage(doc, async () => banner("a1", "Flash Flood Warning for Fixtureville"));
    await page.alerts();
    const section = doc.querySelector("section[data-weather-alert]");
    expect(section?.previousElementSibling?.getAttribute("href")).toBe("#main-content");
    expect(await said(doc)).toBe("Weather alert: Flash Flood Warning for Fixtureville");
    // The same alerts again: nothing changes, nothing is said again.
    const region = doc.querySelector("[data-live-announce]");
    if (region) region.textContent = "";
    await page.alerts();
    expect(await said(doc)).toBe("");
    expect(doc.querySelectorAll("section[data-weather-alert]")).toHaveLength(1);
  });

  it("replaces the banner when its alerts change, and takes it away when they end", async () => {
    vi.useFakeTimers();
    const doc = open(`${SKIP}${banner("a1", "Old")}${REGION}<main></main>`);
    let next = banner("a1 a2", "Old and Tornado Warning");
    const page = livePage(doc, async () => next);
    await page.alerts();
    expect(doc.querySelector("section")?.textContent).toBe("Old and Tornado Warning");
    expect(await said(doc)).toContain("Tornado Warning");
    next = "<main></main>";
    await page.alerts();
    expect(doc.querySelector("section[data-weather-alert]")).toBeNull();
  });

  it("offers the new stories of a category it shows, counting them, and ignores the others", async () => {
    vi.useFakeTimers();
    const doc = open(`${REGION}${OFFER}`);
    const page = livePage(doc, async () => "");
    const offer = doc.querySelector<HTMLElement>("[data-live-news]") as HTMLElement;
    page.news({ category: "world", count: 4 });
    expect(await said(doc)).toBe("");
    expect(offer.childElementCount).toBe(0);
    page.news({ category: "local", count: 2 });
    page.news({ category: "sports", count: 1 });
    expect(await said(doc)).toBe("3 new stories");
    // One button, put in once the whole stylesheet is there.
    expect(offer.querySelectorAll("button")).toHaveLength(1);
    expect(offer.textContent).toBe("3 new stories");
  });

  it("offers nothing on a page whose offer has no words", async () => {
    vi.useFakeTimers();
    const doc = open(`${REGION}<p data-live-news="local"></p>`);
    livePage(doc, async () => "").news({ category: "local", count: 1 });
    expect(await said(doc)).toBe("");
    expect(doc.querySelector("[data-live-news]")?.childElementCount).toBe(0);
  });

  it("counts and says in the page's language, with its plural forms (a Spanish edition)", async () => {
    vi.useFakeTimers();
    const doc = open(`${SKIP}${REGION}${offerIn("es-US")}<main></main>`);
    const page = livePage(doc, async () =>
      banner("a1", "Tornado Warning").replace("Weather alert", "Alerta meteorológica"),
    );
    const offer = doc.querySelector<HTMLElement>("[data-live-news]") as HTMLElement;
    page.news({ category: "local", count: 1 });
    expect(await said(doc)).toBe("1 noticia nueva");
    expect(offer.textContent).toBe("1 noticia nueva");
    page.news({ category: "sports", count: 2 });
    expect(offer.textContent).toBe("3 noticias nuevas");
    await page.alerts();
    expect(await said(doc)).toBe("Alerta meteorológica: Tornado Warning");
  });

  it("loads the page again when the offer is taken", async () => {
    vi.useFakeTimers();
    const doc = open(`${REGION}${OFFER}`);
    const reload = vi.fn();
    vi.spyOn(window.location, "reload").mockImplementation(reload);
    livePage(doc, async () => "").news({ category: "local", count: 1 });
    await said(doc);
    doc.querySelector("button")?.click();
    expect(reload).toHaveBeenCalledOnce();
  });
});

describe("storm mode now", () => {
  it("is on while the page has the alert banner, made by the server or put in since, and off without it", async () => {
    vi.useFakeTimers();
    const doc = open(`${SKIP}${REGION}<main></main>`);
    expect(inStormNow(doc)).toBe(false);
    let next = banner("a1", "Tornado Warning");
    const page = livePage(doc, async () => next);
    await page.alerts();
    expect(inStormNow(doc)).toBe(true);
    next = "<main></main>";
    await page.alerts();
    expect(inStormNow(doc)).toBe(false);
  });
});

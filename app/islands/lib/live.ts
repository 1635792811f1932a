import { formatMessage, type Message } from "../../../common/i18n/format";
import { propsOf, wholeStylesheet } from "./ready";

/**
 * What the offer of new stories says, in the page's language: the server writes it as JSON
 * after the offer (NewStoriesOffer), so that this island loads no catalogue.
 */
export interface LiveWords {
  /** The page's locale (plural rules and digits). */
  locale: string;
  /** The offer of new stories, by count ("3 new stories"). */
  newStories: Message;
}

/** The offer's words, if it has them. */
function wordsOf(offer: HTMLElement | null): LiveWords | undefined {
  return offer ? propsOf<LiveWords>(offer) : undefined;
}

/** The offer's button, as the island makes it (Tailwind reads its classes here). */
const OFFER_BUTTON =
  "inline-flex min-h-11 items-center rounded bg-accent px-4 text-sm font-semibold text-white hover:underline";

/**
 * The button that offers new stories, put into the offer once the whole stylesheet is there (the
 * page's own rules are those of its markup, which had no button): it loads the page again, past
 * any copy the browser kept.
 */
function offerButton(offer: HTMLElement): HTMLButtonElement {
  const doc = offer.ownerDocument;
  const button = doc.createElement("button");
  button.type = "button";
  button.className = OFFER_BUTTON;
  button.addEventListener("click", () => doc.defaultView?.location.reload());
  void wholeStylesheet().then(() => offer.append(button));
  return button;
}

/** The selector of the city's urgent-alert banner (AlertBanner), by its list of alert ids. */
/** The alert banner: on a page while an Extreme or Severe alert is in force (storm mode). */
export const BANNER = "section[data-weather-alert]";

/**
 * Whether the page is in storm mode now: made so by the server, or told of a warning since by the
 * live channel (its banner then put in). The donation prompt stays away while it is.
 */
export function inStormNow(doc: Document): boolean {
  return doc.querySelector(BANNER) !== null;
}

/** What a `news` event says: a category and how many stories it shows anew. */
interface NewsChange {
  category: string;
  count: number;
}

/** How a page's parts follow its city's live channel (app/islands/live.ts). */
export interface LivePage {
  /** Says a text once to screen readers (a polite live region). */
  say(text: string): void;
  /** A category's new stories: the page offers them when it shows that category. */
  news(change: NewsChange): void;
  /** The city's alerts changed: the banner is made again from the page as the server has it now. */
  alerts(): Promise<void>;
}

/** A `news` event's data, or undefined when it is not one. */
export function newsChange(data: string): NewsChange | undefined {
  try {
    const { category, count } = JSON.parse(data) as Partial<NewsChange>;
    if (typeof category === "string" && typeof count === "number" && Number.isInteger(count)) {
      return count > 0 ? { category, count } : undefined;
    }
  } catch {
    // not an event of ours
  }
  return undefined;
}

/**
 * A page's live parts: its polite live region (`[data-live-announce]`), its offer of new stories
 * (`[data-live-news]`, listing the categories it shows, empty until there are some), and its
 * alert banner, fetched from `fetchPage` (the page again, revalidated against the server).
 */
export function livePage(doc: Document, fetchPage: () => Promise<string>): LivePage {
  const region = doc.querySelector<HTMLElement>("[data-live-announce]");
  const offer = doc.querySelector<HTMLElement>("[data-live-news]");
  const words = wordsOf(offer);
  const shown = new Set((offer?.dataset.liveNews ?? "").split(" ").filter(Boolean));
  let fresh = 0;
  let button: HTMLButtonElement | undefined;
  const say = (text: string) => {
    if (!region) return;
    // A region's new text is what is read: emptied first, so the same words are read again.
    region.textContent = "";
    setTimeout(() => (region.textContent = text), 50);
  };
  return {
    say,
    news({ category, count }) {
      if (!offer || !words || !shown.has(category)) return;
      fresh += count;
      const text = formatMessage(words.newStories, words.locale, { count: fresh });
      button ??= offerButton(offer);
      button.textContent = text;
      say(text);
    },
    async alerts() {
      const next = new DOMParser().parseFromString(await fetchPage(), "text/html");
      const now = doc.querySelector(BANNER);
      const then = next.querySelector(BANNER);
      const ids = (el: Element | null) => el?.getAttribute("data-weather-alert") ?? "";
      if (ids(now) === ids(then)) return;
      if (!then) {
        now?.remove();
        return;
      }
      await wholeStylesheet();
      const banner = doc.importNode(then, true);
      if (now) now.replaceWith(banner);
      else {
        // After the skip link where the page has one (the shared layout), else first in the body
        // (/radio, /books, the not-found page), as the server puts it.
        const skip = doc.querySelector('a[href="#main-content"]');
        if (skip) skip.after(banner);
        else doc.body.prepend(banner);
      }
      const known = new Set(ids(now).split(" "));
      if (
        ids(then)
          .split(" ")
          .some((id) => !known.has(id))
      ) {
        // Said under the banner's own name ("Weather alert", in the page's language).
        const text = (banner.textContent ?? "").replace(/\s+/g, " ").trim();
        const name = banner.getAttribute("aria-label");
        say(name ? `${name}: ${text}` : text);
      }
    },
  };
}

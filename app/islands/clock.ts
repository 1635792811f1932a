import { parseRelativeWords } from "../../common/i18n/relative";
import { startClock } from "./lib/clock";
import { ready } from "./lib/ready";

/**
 * Relative dates ("3 hours ago", "Updated 12 minutes ago") kept true while the page stays open:
 * the server wrote each as `<time datetime data-relative>`; its script element (RelativeTime's)
 * says the city's locale and time zone, and the edition's words for them (without which the
 * dates stay as the server wrote them).
 */
const script = document.querySelector<HTMLScriptElement>("script[data-island=clock]");
const words = parseRelativeWords(script?.dataset.words);
if (words) {
  startClock(document, {
    locale: script?.dataset.locale ?? document.documentElement.lang,
    timeZone: script?.dataset.timeZone ?? "UTC",
    words,
  });
}

ready("clock");

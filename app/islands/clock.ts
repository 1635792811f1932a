import { LATIN_DIGITS } from "../../common/i18n/format";
import { asRelativeWords } from "../../common/i18n/relative";
import type { ClockProps } from "~/components/relative-time";
import { startClock } from "./lib/clock";
import { propsOf, ready } from "./lib/ready";

/**
 * Relative dates ("3 hours ago", "Updated 12 minutes ago") kept true while the page stays open:
 * the server wrote each as `<time datetime data-relative>`; the first one's script element
 * (RelativeTime's) is followed by the city's locale and time zone and the edition's words for
 * them as JSON (without which the dates stay as the server wrote them).
 */
const script = document.querySelector<HTMLScriptElement>("script[data-island=clock]");
const props = script ? propsOf<ClockProps>(script) : undefined;
const words = asRelativeWords(props?.words);
// When the server told the dates: a number, or nothing (every date is then told again at start).
const at = typeof props?.at === "number" && Number.isFinite(props.at) ? props.at : undefined;
// The locale's digits, which the server gives when they are not 0 to 9 (ClockProps).
const digits = typeof props?.digits === "string" ? props.digits : LATIN_DIGITS;
if (props && words)
  startClock(document, { locale: props.locale, timeZone: props.timeZone, words, at, digits });

ready("clock");

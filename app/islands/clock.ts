import { LATIN_DIGITS } from "../../common/i18n/format";
import type { ClockProps } from "~/components/relative-time";
import { startClock } from "./lib/clock";
import { propsOf, ready } from "./lib/ready";

/**
 * Relative dates ("3 hours ago", "Updated 12 minutes ago") kept true while the page stays open:
 * the server wrote each as `<time datetime data-relative>`; the first one's script element
 * (RelativeTime's) is followed by the city's locale and time zone as JSON (without which the
 * dates stay as the server wrote them). The words are this script's, by the locale's language
 * (relativeWordsOf).
 */
const script = document.querySelector<HTMLScriptElement>("script[data-island=clock]");
const props = script ? propsOf<ClockProps>(script) : undefined;
// When the server told the dates: a number, or nothing (every date is then told again at start).
const at = typeof props?.at === "number" && Number.isFinite(props.at) ? props.at : undefined;
// The locale's digits, which the server gives when they are not 0 to 9 (ClockProps).
const digits = typeof props?.digits === "string" ? props.digits : LATIN_DIGITS;
if (typeof props?.locale === "string" && typeof props.timeZone === "string")
  startClock(document, { locale: props.locale, timeZone: props.timeZone, at, digits });

ready("clock");

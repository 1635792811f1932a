import { useSite } from "~/lib/root-data";

/** A fixed date or date-time in the city's zone and locale, in a <time datetime>. */
export function DateText({ iso, withTime = false }: { iso: string; withTime?: boolean }) {
  const { site } = useSite();
  const date = new Date(iso.length === 10 ? `${iso}T12:00:00Z` : iso);
  const text = new Intl.DateTimeFormat(site.locale, {
    dateStyle: "medium",
    ...(withTime ? { timeStyle: "short" } : {}),
    timeZone: iso.length === 10 ? "UTC" : site.timeZone,
  }).format(date);
  return <time dateTime={iso}>{text}</time>;
}

/** A fixed date or date-time as the page shows it: the ISO value for `<time>`, and its words. */
export interface CityDate {
  iso: string;
  text: string;
}

/**
 * `iso` in the city's locale and time zone, formatted by the loader so that no formatting code
 * reaches the browser: a date alone (YYYY-MM-DD) is that calendar day wherever the server runs; a
 * date-time is shown in the city's zone, with its time when `withTime`.
 */
export function cityDate(
  iso: string,
  { locale, timeZone }: { locale: string; timeZone: string },
  withTime = false,
): CityDate {
  const dateOnly = iso.length === 10;
  const text = new Intl.DateTimeFormat(locale, {
    dateStyle: "medium",
    ...(withTime ? { timeStyle: "short" } : {}),
    timeZone: dateOnly ? "UTC" : timeZone,
  }).format(new Date(dateOnly ? `${iso}T12:00:00Z` : iso));
  return { iso, text };
}

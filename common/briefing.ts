/**
 * The morning briefing's paths, under an edition's prefix (server/http/briefing.ts answers them):
 * the sign-up form posts to the first; a sign-up's mails link to the others.
 */
export const BRIEFING_PATH = "/briefing";
export const CONFIRM_PATH = "/briefing/confirm";
export const UNSUBSCRIBE_PATH = "/briefing/unsubscribe";

/** The sign-up form's fields: the address, and a field no person fills in (it is hidden). */
export const EMAIL_FIELD = "email";
export const HONEYPOT_FIELD = "website";

/** The local hour the briefing is sent at, as the locale writes a time ("6:00 AM", "6:00"). */
export function briefingTime(hour: number, locale: string): string {
  return new Intl.DateTimeFormat(locale, {
    hour: "numeric",
    minute: "2-digit",
    timeZone: "UTC",
  }).format(Date.UTC(2000, 0, 1, hour));
}

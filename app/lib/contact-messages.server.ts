import type { MessageKey } from "../../common/i18n";
import type { T } from "./i18n";
import type { CityMessages, ContactField } from "../../server/messages/store";

// What the contact form tells its sender, in the edition's language: each field's error, the
// rate limit, that a message could not be stored. The store checks the fields (its schema is
// the rule); the page says why in the reader's language, from the catalogue.

/**
 * The store's rate limit as its message names it: RATE_LIMIT messages in RATE_WINDOW_MS
 * (server/messages/store.ts; app code imports only types from server/, so the two figures are
 * written here too: app/routes/contact.es.test.tsx checks the English text is the store's).
 */
export const RATE = { messages: 3, windowMinutes: 10 } as const;

/** Each field's messages: left empty, too long, and (the e-mail) not an address. */
const FIELD_MESSAGES: Record<ContactField, { required: MessageKey; tooLong: MessageKey }> = {
  name: { required: "forms.nameRequired", tooLong: "forms.nameTooLong" },
  email: { required: "forms.emailRequired", tooLong: "forms.emailTooLong" },
  subject: { required: "forms.subjectRequired", tooLong: "forms.subjectTooLong" },
  message: { required: "forms.messageRequired", tooLong: "forms.messageTooLong" },
};

/**
 * The error of a field the store refused, in `t`'s language: why it was refused, as the store's
 * schema decides it (trimmed: empty; longer than its limit; else, the e-mail, not an address).
 */
export function fieldError(
  field: ContactField,
  value: string,
  limits: CityMessages["limits"],
  t: T,
): string {
  const text = value.trim();
  const messages = FIELD_MESSAGES[field];
  if (text === "") return t(messages.required);
  if (text.length > limits[field]) return t(messages.tooLong, { count: limits[field] });
  return t("forms.emailInvalid");
}

/** The errors of the fields the store refused, each in `t`'s language. */
export function fieldErrors(
  errors: Partial<Record<ContactField, string>>,
  values: Record<ContactField, string>,
  limits: CityMessages["limits"],
  t: T,
): Partial<Record<ContactField, string>> {
  const translated: Partial<Record<ContactField, string>> = {};
  for (const field of Object.keys(errors) as ContactField[]) {
    translated[field] = fieldError(field, values[field], limits, t);
  }
  return translated;
}

/** What a sender who reached the rate limit is told, `retryAfterMs` before they may send again. */
export function rateLimitText(retryAfterMs: number, t: T): string {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return t("forms.rateLimited", {
    sent: t("forms.messagesSent", { count: RATE.messages }),
    window: t("forms.lastMinutes", { count: RATE.windowMinutes }),
    wait: t("forms.retryMinutes", { count: minutes }),
  });
}

import type { MessageKey } from "../../common/i18n";
import type { T } from "./i18n";
import type { CityMessages, ContactField, FieldProblem } from "../../server/messages/store";

// What the contact form tells its sender, in the edition's language: each field's error and the
// rate limit. The store checks the fields and counts the messages, and names what it refused by
// its kind (server/messages/store.ts); the page says it in the reader's language.

/** What each refusal of a field is called, by field: left empty, too long. */
const FIELD_MESSAGES: Record<ContactField, Record<"required" | "tooLong", MessageKey>> = {
  name: { required: "forms.nameRequired", tooLong: "forms.nameTooLong" },
  email: { required: "forms.emailRequired", tooLong: "forms.emailTooLong" },
  subject: { required: "forms.subjectRequired", tooLong: "forms.subjectTooLong" },
  message: { required: "forms.messageRequired", tooLong: "forms.messageTooLong" },
};

/** Why the store refused a field (its kind), in `t`'s language. */
export function fieldError(
  field: ContactField,
  problem: FieldProblem,
  limits: CityMessages["limits"],
  t: T,
): string {
  if (problem === "invalid") return t("forms.emailInvalid");
  if (problem === "tooLong") return t(FIELD_MESSAGES[field].tooLong, { count: limits[field] });
  return t(FIELD_MESSAGES[field].required);
}

/** The errors of the fields the store refused, each in `t`'s language. */
export function fieldErrors(
  errors: Partial<Record<ContactField, FieldProblem>>,
  limits: CityMessages["limits"],
  t: T,
): Partial<Record<ContactField, string>> {
  const said: Partial<Record<ContactField, string>> = {};
  for (const [field, problem] of Object.entries(errors) as [ContactField, FieldProblem][]) {
    said[field] = fieldError(field, problem, limits, t);
  }
  return said;
}

/** What a sender who reached the store's rate limit is told, in `t`'s language. */
export function rateLimitText(
  {
    retryAfterMs,
    limit,
  }: { retryAfterMs: number; limit: { messages: number; windowMinutes: number } },
  t: T,
): string {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return t("forms.rateLimited", {
    sent: t("forms.messagesSent", { count: limit.messages }),
    window: t("forms.lastMinutes", { count: limit.windowMinutes }),
    wait: t("forms.retryMinutes", { count: minutes }),
  });
}

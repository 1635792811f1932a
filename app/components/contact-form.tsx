import { Form, useLocation } from "react-router";
import { usePagePath } from "~/lib/page-path";
import { useT } from "~/lib/i18n";
import type { MessageKey } from "../../common/i18n";
import { IslandScript } from "./island";
import type { ContactField } from "../../server/messages/store";

/** A field no person fills in (it is hidden); bots that fill every field give themselves away. */
export const HONEYPOT = "website";
export const CONTACT_FIELDS = [
  "name",
  "email",
  "subject",
  "message",
] as const satisfies readonly ContactField[];

export type FieldErrors = Partial<Record<ContactField, string>>;

/** What the form shows after a post: thanks, or each bad field's error with what was typed. */
export type ContactResult =
  { ok: true } | { ok: false; errors: FieldErrors; values: Record<ContactField, string> };

const LABELS: Record<ContactField, MessageKey> = {
  name: "forms.name",
  email: "forms.email",
  subject: "forms.subject",
  message: "forms.message",
};

const INPUT_CLASS = "mt-1 block w-full rounded border border-stone-400 bg-white px-3 py-2 text-ink";

/**
 * The General Inquiries form: posts to the route's action (with or without JavaScript), shows
 * each field's error beside it, keeps what was typed after an error and empties after a success.
 */
export function ContactForm({
  result,
  limits,
}: {
  result: ContactResult | undefined;
  /** The longest each field may be (the store's CONTACT_LIMITS). */
  limits: Record<ContactField, number>;
}) {
  const errors: FieldErrors = result && !result.ok ? result.errors : {};
  const values = result && !result.ok ? result.values : undefined;
  const t = useT();
  // The page it is on, at its path in the edition's language (a form's own action would be the
  // route's: /contact, not /es/contacto).
  const action = usePagePath()(useLocation().pathname);
  return (
    // The contact island sends it without a page load and shows the server's answer in its place.
    <section aria-labelledby="general-inquiries" data-contact-form="">
      <h2 id="general-inquiries" className="mb-4 font-serif text-2xl font-bold">
        {t("forms.generalInquiries")}
      </h2>
      {result?.ok && (
        <p
          role="status"
          className="mb-6 rounded border-l-4 border-green-700 bg-green-50 px-4 py-3 text-green-900"
        >
          {/* docs/product.md §7: what the reader is told once the message is sent. */}
          {t("forms.thankYou")}
        </p>
      )}
      {/* A new key after each success empties the form. */}
      <Form
        discover="none"
        method="post"
        action={action}
        noValidate
        className="max-w-2xl space-y-5"
      >
        {CONTACT_FIELDS.map((field) => (
          <ContactInput
            key={field}
            field={field}
            maxLength={limits[field]}
            value={values?.[field] ?? ""}
            error={errors[field]}
          />
        ))}
        <Honeypot />
        <button
          type="submit"
          data-sending={t("forms.sending")}
          className="inline-flex min-h-11 items-center rounded bg-accent px-6 font-semibold text-white hover:bg-accent-dark disabled:opacity-60"
        >
          {t("forms.send")}
        </button>
      </Form>
      <IslandScript name="contact" />
    </section>
  );
}

/** The HONEYPOT field: out of sight and out of the tab order, so that no person fills it in. */
function Honeypot() {
  const t = useT();
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label htmlFor="contact-website">{t("forms.website")}</label>
      <input
        id="contact-website"
        name={HONEYPOT}
        type="text"
        tabIndex={-1}
        autoComplete="off"
        defaultValue=""
      />
    </div>
  );
}

/**
 * One field of the form, labelled, with what was typed (after an error) and its error under it,
 * tied to it for screen readers (`aria-describedby`). The message is a textarea; the others an
 * input, named and e-mail fields filled in by the browser.
 */
function ContactInput({
  field,
  maxLength,
  value,
  error,
}: {
  field: ContactField;
  maxLength: number;
  value: string;
  error: string | undefined;
}) {
  const t = useT();
  const id = `contact-${field}`;
  const common = {
    id,
    name: field,
    required: true,
    maxLength,
    defaultValue: value,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? `${id}-error` : undefined,
    className: INPUT_CLASS,
  };
  return (
    <div>
      <label htmlFor={id} className="font-semibold">
        {t(LABELS[field])}
      </label>
      {field === "message" ? (
        <textarea {...common} rows={7} />
      ) : (
        <input
          {...common}
          type={field === "email" ? "email" : "text"}
          autoComplete={field === "name" ? "name" : field === "email" ? "email" : "off"}
        />
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm font-semibold text-accent-dark">
          {error}
        </p>
      )}
    </div>
  );
}

import { data, useActionData, useLoaderData } from "react-router";
import { ContactDetails } from "~/components/contact-details";
import {
  CONTACT_FIELDS,
  ContactForm,
  HONEYPOT,
  type ContactResult,
  type FieldErrors,
} from "~/components/contact-form";
import { EmbedFrame } from "~/components/embed-frame";
import { PageHeading } from "~/components/page-heading";
import { PageWithSidebar } from "~/components/page-with-sidebar";
import { CACHE_CONTROL } from "../../common/cache-control";
import { RETRY_AFTER_S, isDatabaseUnavailable } from "~/lib/database.server";
import { fieldErrors, rateLimitText } from "~/lib/contact-messages.server";
import { type T, useT } from "~/lib/i18n";
import { translatorFor } from "../../common/i18n";
import { contentDates } from "~/lib/content-dates.server";
import { pageMeta } from "~/lib/page-meta.server";
import { pagesFor } from "~/lib/pages";
import { loaderMeta, useSite } from "~/lib/root-data";
import type { SubmitResult } from "../../server/messages/store";
import type { Route } from "./+types/contact";
import { cityContext } from "~/lib/city-context";

/** docs/product.md §9: the embedded lead form's height. */
const LEAD_FORM_HEIGHT = 789;
const NO_STORE = { "Cache-Control": CACHE_CONTROL.none };

export function loader({ context: router }: Route.LoaderArgs) {
  const context = cityContext(router);
  // The pages' words in the edition's language.
  const PAGES = pagesFor(context.site.locale);
  return {
    heading: PAGES.contact.heading,
    leadForm: context.site.embeds.leadForm || null,
    limits: context.messages.limits,
    meta: pageMeta(context, PAGES.contact, {
      dates: contentDates([context.content.pages.contact.updated], context.site.timeZone),
    }),
  };
}

/**
 * Validates and stores a message (the store checks the fields and the sender's rate limit). A
 * message that could not be stored (the database away, or any other failure) is answered with
 * the form again, what the reader wrote kept and that it was not sent under it: 503 while the
 * database is away, 500 otherwise. What the sender is told is in the edition's language.
 */
export async function action({ request, context: router }: Route.ActionArgs) {
  const context = cityContext(router);
  const t = translatorFor(context.site.locale);
  const form = await request.formData();
  const values = Object.fromEntries(
    CONTACT_FIELDS.map((f) => [f, String(form.get(f) ?? "")]),
  ) as Record<(typeof CONTACT_FIELDS)[number], string>;
  if (String(form.get(HONEYPOT) ?? "") !== "") {
    context.log.warn({ form: "contact" }, "honeypot filled: message dropped");
    return data<ContactResult>({ ok: true }, { headers: NO_STORE });
  }
  let result: SubmitResult;
  try {
    result = await context.messages.submit(values, context.clientAddress);
  } catch (err) {
    const unavailable = isDatabaseUnavailable(err);
    if (!unavailable) context.log.error({ err, form: "contact" }, "contact message not stored");
    return notSent(values, unavailable ? 503 : 500, t);
  }
  if (result.ok) {
    context.log.info({ form: "contact", id: result.id }, "contact message stored");
    return data<ContactResult>({ ok: true }, { headers: NO_STORE });
  }
  if (result.reason === "invalid") {
    return data<ContactResult>(
      { ok: false, errors: fieldErrors(result.errors, context.messages.limits, t), values },
      { status: 400, headers: NO_STORE },
    );
  }
  if (result.reason === "unavailable") {
    context.log.warn({ form: "contact" }, "contact message not stored: database unavailable");
    return notSent(values, 503, t);
  }
  const errors: FieldErrors = { message: rateLimitText(result, t) };
  const retryAfter = String(Math.ceil(result.retryAfterMs / 1000));
  return data<ContactResult>(
    { ok: false, errors, values },
    { status: 429, headers: { ...NO_STORE, "Retry-After": retryAfter } },
  );
}

/** The form again after a message could not be stored: what was written, and that it was not. */
function notSent(values: Record<(typeof CONTACT_FIELDS)[number], string>, status: 500 | 503, t: T) {
  return data<ContactResult>(
    { ok: false, errors: { message: t("forms.notSent") }, values },
    {
      status,
      headers: status === 503 ? { ...NO_STORE, "Retry-After": String(RETRY_AFTER_S) } : NO_STORE,
    },
  );
}

/** A post's answer carries the action's headers (no-store, Retry-After), not the page's. */
export function headers({ actionHeaders, loaderHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;
}

export const meta = loaderMeta;

export default function Contact() {
  const { heading, leadForm, limits } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { site, embedPlaceholders } = useSite();
  const t = useT();
  return (
    <>
      <PageHeading standfirst={t("forms.standfirst", { name: site.name })}>{heading}</PageHeading>
      <PageWithSidebar sidebar={<ContactDetails contact={site.contact} />}>
        <ContactForm result={result} limits={limits} />
        {(leadForm || embedPlaceholders) && (
          <section aria-labelledby="lead-form" className="mt-12">
            <h2 id="lead-form" className="mb-4 font-serif text-2xl font-bold">
              {t("forms.leadHeading")}
            </h2>
            <EmbedFrame
              src={leadForm}
              title={t("forms.leadTitle")}
              height={LEAD_FORM_HEIGHT}
              placeholder={t("forms.leadPlaceholder")}
            />
          </section>
        )}
      </PageWithSidebar>
    </>
  );
}

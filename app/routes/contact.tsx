import { data, Form, useActionData, useLoaderData, useNavigation } from "react-router";
import type { ContactField } from "../../server/messages/store";
import { EmbedFrame } from "~/components/embed-frame";
import { PageHeading } from "~/components/page-heading";
import { PageWithSidebar } from "~/components/page-with-sidebar";
import { PAGES } from "~/lib/pages";
import { metaForPage, useSite } from "~/lib/root-data";
import type { Route } from "./+types/contact";

/** SPEC.md §9: the embedded lead form's height. */
const LEAD_FORM_HEIGHT = 789;
/** A field no person fills in (it is hidden); bots that fill every field give themselves away. */
const HONEYPOT = "website";
export const THANK_YOU = "Thank you for your message! We'll get back to you soon.";
const FIELDS = ["name", "email", "subject", "message"] as const satisfies readonly ContactField[];
type Field = ContactField;
type FieldErrors = Partial<Record<Field, string>>;
const NO_STORE = { "Cache-Control": "no-store" };

export function loader({ context }: Route.LoaderArgs) {
  return { leadForm: context.site.embeds.leadForm || null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const values = Object.fromEntries(FIELDS.map((f) => [f, String(form.get(f) ?? "")])) as Record<
    Field,
    string
  >;
  if (String(form.get(HONEYPOT) ?? "") !== "") {
    context.log.warn({ form: "contact" }, "honeypot filled: message dropped");
    return data({ ok: true as const }, { headers: NO_STORE });
  }
  const result = context.messages.submit(values, context.clientAddress);
  if (!result.ok && result.reason === "invalid") {
    return data(
      { ok: false as const, errors: result.errors, values },
      { status: 400, headers: NO_STORE },
    );
  }
  if (!result.ok) {
    const errors: FieldErrors = {
      message: "You have sent several messages in a short time. Please try again in a few minutes.",
    };
    return data(
      { ok: false as const, errors, values },
      { status: 429, headers: { ...NO_STORE, "Retry-After": "600" } },
    );
  }
  context.log.info({ form: "contact", id: result.id }, "contact message stored");
  return data({ ok: true as const }, { headers: NO_STORE });
}

export function meta({ matches }: Route.MetaArgs) {
  return metaForPage(PAGES.contact, matches);
}

const LABELS: Record<Field, string> = {
  name: "Name",
  email: "Email",
  subject: "Subject",
  message: "Message",
};

export default function Contact() {
  const { leadForm } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const { site } = useSite();
  const sending = navigation.state === "submitting";
  const errors: FieldErrors = result && !result.ok ? result.errors : {};
  const values = result && !result.ok ? result.values : undefined;
  const inputClass =
    "mt-1 block w-full rounded border border-stone-400 bg-white px-3 py-2 text-ink";

  return (
    <>
      <PageHeading
        standfirst={`News tips, questions and corrections: the ${site.name} newsroom reads every message.`}
      >
        {PAGES.contact.heading}
      </PageHeading>
      <PageWithSidebar
        sidebar={
          <>
            <section aria-labelledby="contact-details" className="border-t-4 border-ink pt-3">
              <h2 id="contact-details" className="font-serif text-xl font-bold">
                Contact Details
              </h2>
              <dl className="mt-2 space-y-2 text-[0.95rem]">
                <div>
                  <dt className="font-semibold">Email</dt>
                  <dd>
                    <a className="link" href={`mailto:${site.contact.email}`}>
                      {site.contact.email}
                    </a>
                  </dd>
                </div>
                <div>
                  <dt className="font-semibold">Phone</dt>
                  <dd>
                    <a className="link" href={`tel:${site.contact.phone.replace(/[^\d+]/g, "")}`}>
                      {site.contact.phone}
                    </a>
                  </dd>
                </div>
                <div>
                  <dt className="font-semibold">Address</dt>
                  <dd>{site.contact.address}</dd>
                </div>
                <div>
                  <dt className="font-semibold">Office hours</dt>
                  <dd>{site.contact.officeHours}</dd>
                </div>
              </dl>
            </section>
            <div
              role="img"
              aria-label={`Map of ${site.contact.address}`}
              className="flex aspect-[4/3] items-center justify-center border border-dashed border-stone-400 bg-stone-100 p-4 text-center text-sm text-muted"
            >
              Map: {site.contact.address}
            </div>
          </>
        }
      >
        <section aria-labelledby="general-inquiries">
          <h2 id="general-inquiries" className="mb-4 font-serif text-2xl font-bold">
            General Inquiries
          </h2>
          {result?.ok && (
            <p
              role="status"
              className="mb-6 rounded border-l-4 border-green-700 bg-green-50 px-4 py-3 text-green-900"
            >
              {THANK_YOU}
            </p>
          )}
          {/* A new key after each success empties the form. */}
          <Form
            method="post"
            noValidate
            key={result?.ok ? (navigation.formAction ?? "sent") : "form"}
            className="max-w-2xl space-y-5"
          >
            {FIELDS.map((field) => {
              const id = `contact-${field}`;
              const error = errors[field];
              const common = {
                id,
                name: field,
                required: true,
                defaultValue: values?.[field] ?? "",
                "aria-invalid": error ? true : undefined,
                "aria-describedby": error ? `${id}-error` : undefined,
                className: inputClass,
              };
              return (
                <div key={field}>
                  <label htmlFor={id} className="font-semibold">
                    {LABELS[field]}
                  </label>
                  {field === "message" ? (
                    <textarea {...common} rows={7} maxLength={5000} />
                  ) : (
                    <input
                      {...common}
                      type={field === "email" ? "email" : "text"}
                      autoComplete={field === "name" ? "name" : field === "email" ? "email" : "off"}
                      maxLength={field === "email" ? 254 : field === "subject" ? 150 : 100}
                    />
                  )}
                  {error && (
                    <p id={`${id}-error`} className="mt-1 text-sm font-semibold text-accent-dark">
                      {error}
                    </p>
                  )}
                </div>
              );
            })}
            <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
              <label htmlFor="contact-website">Website</label>
              <input
                id="contact-website"
                name={HONEYPOT}
                type="text"
                tabIndex={-1}
                autoComplete="off"
                defaultValue=""
              />
            </div>
            <button
              type="submit"
              disabled={sending}
              className="inline-flex min-h-11 items-center rounded bg-accent px-6 font-semibold text-white hover:bg-accent-dark disabled:opacity-60"
            >
              {sending ? "Sending..." : "Send Message"}
            </button>
          </Form>
        </section>
        <section aria-labelledby="lead-form" className="mt-12">
          <h2 id="lead-form" className="mb-4 font-serif text-2xl font-bold">
            Advertise or Partner With Us
          </h2>
          <EmbedFrame
            src={leadForm}
            title="Advertising and partnership inquiry form"
            height={LEAD_FORM_HEIGHT}
            placeholder="The advertising inquiry form will appear here."
          />
        </section>
      </PageWithSidebar>
    </>
  );
}

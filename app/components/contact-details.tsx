import type { PublicSite } from "~/lib/site";

/** The contact page's sidebar: the newsroom's details and the map placeholder of SPEC.md §2. */
export function ContactDetails({ contact }: { contact: PublicSite["contact"] }) {
  return (
    <>
      <section aria-labelledby="contact-details" className="border-t-4 border-ink pt-3">
        <h2 id="contact-details" className="font-serif text-xl font-bold">
          Contact Details
        </h2>
        <dl className="mt-2 space-y-2 text-[0.95rem]">
          <div>
            <dt className="font-semibold">Email</dt>
            <dd>
              <a className="link" href={`mailto:${contact.email}`}>
                {contact.email}
              </a>
            </dd>
          </div>
          <div>
            <dt className="font-semibold">Phone</dt>
            <dd>
              <a className="link" href={`tel:${contact.phone.replace(/[^\d+]/g, "")}`}>
                {contact.phone}
              </a>
            </dd>
          </div>
          <div>
            <dt className="font-semibold">Address</dt>
            <dd>{contact.address}</dd>
          </div>
          <div>
            <dt className="font-semibold">Office hours</dt>
            <dd>{contact.officeHours}</dd>
          </div>
        </dl>
      </section>
      <div
        role="img"
        aria-label={`Map of ${contact.address}`}
        className="flex aspect-[4/3] items-center justify-center border border-dashed border-stone-400 bg-stone-100 p-4 text-center text-sm text-muted"
      >
        Map: {contact.address}
      </div>
    </>
  );
}

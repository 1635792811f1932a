import { useT } from "~/lib/i18n";
import type { PublicSite } from "~/lib/site";
import { ExternalLink } from "./external-link";

/** A map service's search for an address (a link the reader follows; nothing is loaded from it). */
export function mapSearchUrl(address: string): string {
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(address)}`;
}

/**
 * The map of docs/product.md §2's contact page, drawn here: a few streets, a river and a pin in the
 * site's colours, a picture only (hidden from screen readers: it is no map of the address). No
 * map tiles are fetched (no third party learns of the reader); the caption's link opens a real
 * map of the address.
 */
function StreetMap() {
  return (
    <svg aria-hidden="true" viewBox="0 0 320 200" className="block aspect-[8/5] w-full bg-paper">
      <path
        d="M-10 150 C 60 120, 120 190, 200 150 S 300 120, 330 140"
        className="fill-none stroke-sky-200"
        strokeWidth="14"
      />
      <g className="stroke-stone-300" strokeWidth="6" strokeLinecap="square">
        <path d="M0 40 H320 M0 95 H320 M40 0 V200 M120 0 V200 M205 0 V200 M280 0 V200" />
      </g>
      <g className="stroke-stone-200" strokeWidth="3">
        <path d="M0 68 H320 M80 0 V200 M165 0 V200 M245 0 V200" />
      </g>
      <path d="M0 200 L320 10" className="stroke-stone-300" strokeWidth="8" />
      <g transform="translate(160 92)">
        <path
          d="M0 0 C -14 -18, -18 -26, -18 -34 A 18 18 0 0 1 18 -34 C 18 -26, 14 -18, 0 0 Z"
          className="fill-accent"
        />
        <circle cy="-34" r="7" className="fill-white" />
      </g>
    </svg>
  );
}

/** The contact page's sidebar: the newsroom's details and a map of its address (docs/product.md §2). */
export function ContactDetails({ contact }: { contact: PublicSite["contact"] }) {
  const t = useT();
  return (
    <>
      <section aria-labelledby="contact-details" className="border-t-4 border-ink pt-3">
        <h2 id="contact-details" className="font-serif text-xl font-bold">
          {t("forms.contactDetails")}
        </h2>
        <dl className="mt-2 space-y-2 text-[0.95rem]">
          <div>
            <dt className="font-semibold">{t("forms.email")}</dt>
            <dd>
              <a className="link" href={`mailto:${contact.email}`}>
                {contact.email}
              </a>
            </dd>
          </div>
          {contact.phone && (
            <div>
              <dt className="font-semibold">{t("forms.phone")}</dt>
              <dd>
                <a className="link" href={`tel:${contact.phone.replace(/[^\d+]/g, "")}`}>
                  {contact.phone}
                </a>
              </dd>
            </div>
          )}
          {contact.address && (
            <div>
              <dt className="font-semibold">{t("forms.address")}</dt>
              <dd>{contact.address}</dd>
            </div>
          )}
          <div>
            <dt className="font-semibold">{t("forms.officeHours")}</dt>
            <dd>{contact.officeHours}</dd>
          </div>
        </dl>
      </section>
      {contact.address && (
        <figure className="overflow-hidden border border-rule bg-white">
          <StreetMap />
          <figcaption className="px-3 text-sm">
            <ExternalLink
              href={mapSearchUrl(contact.address)}
              className="link flex min-h-11 items-center font-semibold"
            >
              {t("forms.openInMap")}
              <span className="sr-only"> ({contact.address})</span>
            </ExternalLink>
          </figcaption>
        </figure>
      )}
    </>
  );
}

import { useLoaderData } from "react-router";
import { EmbedFrame } from "~/components/embed-frame";
import { LinkListCard } from "~/components/link-list-card";
import { PageHeading } from "~/components/page-heading";
import { useT } from "~/lib/i18n";
import { withParts } from "~/lib/message-parts";
import { contentDates } from "~/lib/content-dates.server";
import { pageMeta } from "~/lib/page-meta.server";
import { documentPreviewUrl } from "../../common/embeds";
import { pagesFor } from "~/lib/pages";
import { loaderMeta, useSite } from "~/lib/root-data";
import type { Route } from "./+types/partners";
import { cityContext } from "~/lib/city-context";

const PREVIEW_HEIGHT = 480;

export function loader({ context: router }: Route.LoaderArgs) {
  const context = cityContext(router);
  // The pages' words in the edition's language.
  const PAGES = pagesFor(context.site.locale);
  const { partners } = context.content.pages;
  return {
    heading: PAGES.partners.heading,
    meta: pageMeta(context, PAGES.partners, {
      dates: contentDates([partners.updated], context.site.timeZone),
    }),
    documents: partners.documents.map((doc) => ({
      title: doc.title,
      // A cloud-drive file's preview; the id is encoded, never trusted as a URL.
      src: doc.id ? documentPreviewUrl(doc.id) : null,
    })),
  };
}

export const meta = loaderMeta;

export default function Partners() {
  const { heading, documents } = useLoaderData<typeof loader>();
  const { site, embedPlaceholders } = useSite();
  const t = useT();
  return (
    <>
      <PageHeading standfirst={t("pages.partnersStandfirst", { name: site.name })}>
        {heading}
      </PageHeading>
      <div className="grid gap-8 lg:grid-cols-3">
        {documents.map((doc) => (
          <section key={doc.title} aria-label={doc.title}>
            <h2 className="mb-3 font-serif text-xl font-bold">{doc.title}</h2>
            {doc.src || embedPlaceholders ? (
              <EmbedFrame
                src={doc.src}
                title={doc.title}
                height={PREVIEW_HEIGHT}
                placeholder={t("pages.documentSoon", { title: doc.title })}
              />
            ) : (
              // Not online yet: the document is still to be had from the newsroom.
              <p className="text-[0.95rem]">
                {withParts(t("pages.askUs"), {
                  email: (
                    <a
                      className="link"
                      href={`mailto:${site.contact.email}?subject=${encodeURIComponent(doc.title)}`}
                    >
                      {site.contact.email}
                    </a>
                  ),
                })}
              </p>
            )}
          </section>
        ))}
      </div>
      <LinkListCard
        list={{
          title: t("pages.ourPartners"),
          links: site.partners.map((p) => ({ title: p.label, url: p.url })),
        }}
        rel="noopener"
        className="mt-12 max-w-3xl"
      />
    </>
  );
}

import type { ReactNode } from "react";
import { useLoaderData } from "react-router";
import type { ItemList, WithContext } from "schema-dts";
import { BookCard } from "~/components/book-card";
import { BrandBar } from "~/components/brand-bar";
import { LiveUpdates } from "~/components/live-updates";
import { useT } from "~/lib/i18n";
import { translatorFor } from "../../common/i18n";
import { contentDates } from "~/lib/content-dates.server";
import { ldJson } from "~/lib/meta";
import { pagesFor } from "~/lib/pages";
import { pageMeta } from "~/lib/page-meta.server";
import { loaderMeta, useSite } from "~/lib/root-data";
import type { Route } from "./+types/books";
import { cityContext } from "~/lib/city-context";

export function loader({ context: router }: Route.LoaderArgs) {
  const context = cityContext(router);
  // The pages' words in the edition's language.
  const PAGES = pagesFor(context.site.locale);
  const { books } = context.content.pages;
  // Covers are paths of the site's image route: the structured data names them in full.
  const list: WithContext<ItemList> = {
    "@context": "https://schema.org",
    "@type": "ItemList",
    name: translatorFor(context.site.locale)("pages.booksList"),
    numberOfItems: books.books.length,
    itemListElement: books.books.map((b, i) => ({
      "@type": "ListItem",
      position: i + 1,
      item: {
        "@type": "Book",
        name: b.title,
        url: b.url,
        ...(b.cover ? { image: `${context.siteUrl}${b.cover}` } : {}),
      },
    })),
  };
  const dates = contentDates([books.updated], context.site.timeZone);
  return {
    books,
    // Outside the shared layout, this page gets its heading with its data, not the page table.
    heading: PAGES.books.heading,
    meta: pageMeta(context, PAGES.books, { dates }, [ldJson(list)]),
  };
}

export const meta = loaderMeta;

const EXTERNAL = { target: "_blank", rel: "noopener noreferrer" } as const;
const BUTTON = "inline-flex min-h-11 items-center rounded px-5 font-semibold";

/** docs/product.md §2 Books, outside the shared layout. */
export default function Books() {
  const { books, heading } = useLoaderData<typeof loader>();
  const { site } = useSite();
  const t = useT();
  const newTab = <span className="sr-only">{` (${t("pages.newTab")})`}</span>;
  return (
    <>
      <BrandBar name={site.name} />
      <LiveUpdates />
      <main id="main-content" className="mx-auto max-w-7xl px-4 py-6">
        <h1 className="sr-only">{heading}</h1>
        <UniversityPromo url={books.universityUrl} newTab={newTab} />
        <section aria-labelledby="books" className="mt-10">
          <div className="mb-6 flex flex-wrap items-end justify-between gap-4 border-t-4 border-ink pt-3">
            <h2 id="books" className="font-serif text-3xl font-bold">
              {heading}
            </h2>
            <a
              href={books.storeUrl}
              {...EXTERNAL}
              className={`${BUTTON} bg-accent text-white hover:bg-accent-dark`}
            >
              {t("pages.viewAllBooks")}
              {newTab}
            </a>
          </div>
          <ul className="grid grid-cols-2 gap-x-4 gap-y-8 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5">
            {books.books.map((book, i) => (
              <BookCard key={book.title} book={book} eager={i < 5} t={t} />
            ))}
          </ul>
        </section>
      </main>
    </>
  );
}

/**
 * The university's paid promotion, which says so, seen and heard (issue 37): "Apply for
 * admission" and "Learn more", each in a new tab.
 */
function UniversityPromo({ url, newTab }: { url: string; newTab: ReactNode }) {
  const t = useT();
  return (
    <section
      aria-labelledby="university-label university"
      className="on-ink mt-4 rounded-lg bg-ink px-6 py-10 text-white md:px-10"
    >
      <p
        id="university-label"
        className="mb-3 text-xs font-semibold tracking-wider text-stone-300 uppercase"
      >
        {t("pages.advertisement")}
      </p>
      <h2 id="university" className="font-serif text-3xl font-bold md:text-5xl">
        {t("pages.universityHeading")}
      </h2>
      <p className="mt-4 max-w-2xl text-lg text-stone-200">{t("pages.universityText")}</p>
      <p className="mt-6 flex flex-wrap gap-3">
        <a href={url} {...EXTERNAL} className={`${BUTTON} bg-white text-ink hover:bg-stone-200`}>
          {t("pages.applyAdmission")}
          {newTab}
        </a>
        <a href={url} {...EXTERNAL} className={`${BUTTON} border border-white hover:bg-white/10`}>
          {t("pages.learnMore")}
          {newTab}
        </a>
      </p>
      <p className="mt-6 text-sm tracking-wider text-stone-300 uppercase">
        {t("pages.universityPoints")}
      </p>
    </section>
  );
}

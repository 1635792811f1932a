import { BOOK_PLACEHOLDER, imageSrcSet, type ImageLayout } from "../../common/images";
import type { Book } from "../../sites/content";
import type { T } from "~/lib/i18n";
import { IslandScript } from "./island";
import { TypographicCover } from "./typographic-cover";

/** A book cover in the books grid (2, 3, 4, 5 columns). */
export const COVER_IMAGE: ImageLayout = {
  widths: [320, 640],
  sizes:
    "(min-width: 1280px) 237px, (min-width: 1024px) calc(25vw - 20px), (min-width: 640px) calc(33vw - 21px), calc(50vw - 24px)",
};

/**
 * docs/product.md §2 book card: the cover (2:3, lazy), the title on two lines, View on Amazon. A cover
 * that fails in the browser is replaced by the placeholder, and a placeholder that fails by the
 * book's typographic cover, never in a loop (the pictures island, app/islands/pictures.ts, from
 * the `<template>` after the picture); a book without a cover has its typographic cover at once.
 */
export function BookCard({
  book,
  eager = false,
  t,
}: {
  book: Book;
  eager?: boolean;
  /** The page's translator. */
  t: T;
}) {
  const text = !book.cover;
  // The cover comes through the site's image route (the loader gives its path) in two widths.
  const srcSet = text ? undefined : imageSrcSet(book.cover, COVER_IMAGE);
  return (
    <li className="flex flex-col" data-picture-card={text ? undefined : ""}>
      <div className="aspect-[2/3] w-full overflow-hidden bg-stone-200 shadow @container">
        {text ? (
          <TypographicCover book={book} />
        ) : (
          <>
            <img
              srcSet={srcSet}
              sizes={srcSet && COVER_IMAGE.sizes}
              src={book.cover}
              alt=""
              width={200}
              height={300}
              loading={eager ? "eager" : "lazy"}
              decoding="async"
              referrerPolicy="no-referrer"
              data-picture=""
              data-fallback={BOOK_PLACEHOLDER}
              className="h-full w-full object-cover"
            />
            <template data-picture-fallback="">
              <TypographicCover book={book} />
            </template>
            <IslandScript name="pictures" />
          </>
        )}
      </div>
      {/* A typographic cover already shows the title: the heading is then for screen readers
          (the pictures island makes it so when it puts one in place of a failed picture). */}
      <h3
        className={text ? "sr-only" : "mt-2 line-clamp-2 text-sm/snug font-semibold"}
        title={book.title}
        data-picture-title={text ? undefined : ""}
      >
        {book.title}
      </h3>
      <a
        href={book.url}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={t("pages.viewOnAmazonLabel", { title: book.title })}
        className="mt-1 inline-flex min-h-11 items-center text-sm font-semibold text-accent hover:underline"
      >
        {t("pages.viewOnAmazon")}
      </a>
    </li>
  );
}

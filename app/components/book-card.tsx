import { useEffect, useRef, useState } from "react";
import { imageSrcSet, type ImageLayout } from "~/lib/images";
import type { Book } from "../../sites/content";
import { TypographicCover } from "./typographic-cover";

/** A book cover in the books grid (2, 3, 4, 5 columns). */
export const COVER_IMAGE: ImageLayout = {
  widths: [320, 640],
  sizes:
    "(min-width: 1280px) 237px, (min-width: 1024px) calc(25vw - 20px), (min-width: 640px) calc(33vw - 21px), calc(50vw - 24px)",
};

export const BOOK_PLACEHOLDER = "/images/book-placeholder.svg";

/** cover → (on error) placeholder → (on error again) the typographic cover: never a loop. */
type CoverState = "cover" | "placeholder" | "text";

/** SPEC.md §2 book card: the cover (2:3, lazy), the title on two lines, View on Amazon. */
export function BookCard({ book, eager = false }: { book: Book; eager?: boolean }) {
  const [state, setState] = useState<CoverState>(book.cover ? "cover" : "text");
  const img = useRef<HTMLImageElement>(null);
  const fail = () => setState((s) => (s === "cover" ? "placeholder" : "text"));
  // The cover comes through the site's image route (the loader gives its path) in two widths.
  const srcSet = state === "cover" ? imageSrcSet(book.cover, COVER_IMAGE) : undefined;

  // A cover that failed before hydration fired its error event before React listened.
  useEffect(() => {
    const el = img.current;
    if (el && el.complete && el.naturalWidth === 0) fail();
  }, [state]);

  return (
    <li className="flex flex-col">
      <div className="aspect-[2/3] w-full overflow-hidden bg-stone-200 shadow @container">
        {state === "text" ? (
          <TypographicCover book={book} />
        ) : (
          <img
            ref={img}
            srcSet={srcSet}
            sizes={srcSet && COVER_IMAGE.sizes}
            src={state === "cover" ? book.cover : BOOK_PLACEHOLDER}
            alt=""
            width={200}
            height={300}
            loading={eager ? "eager" : "lazy"}
            decoding="async"
            referrerPolicy="no-referrer"
            onError={fail}
            className="h-full w-full object-cover"
          />
        )}
      </div>
      {/* A typographic cover already shows the title: the heading is then for screen readers. */}
      <h3
        className={
          state === "text" ? "sr-only" : "mt-2 line-clamp-2 text-sm leading-snug font-semibold"
        }
        title={book.title}
      >
        {book.title}
      </h3>
      <a
        href={book.url}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={`View ${book.title} on Amazon (opens in a new tab)`}
        className="mt-1 inline-flex min-h-11 items-center text-sm font-semibold text-accent hover:underline"
      >
        View on Amazon
      </a>
    </li>
  );
}

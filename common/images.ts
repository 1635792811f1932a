// The site's image route, `/img/<width>/<id>`: every picture from another origin (a feed's photo,
// a configured book cover) reaches pages through it, resized by this server (server/images/).
// The id is signed by the server; pages only ever see these paths.

/** The widths the route makes; any other is a 404, so it cannot be asked for endless variants. */
export const IMAGE_WIDTHS = [320, 640, 800, 960, 1280] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

/**
 * The picture in place of a book cover that cannot be shown: the books page's card falls back to
 * it in the browser, and the image route sends a configured cover it cannot fetch to it. One
 * constant for both, so that the two can never name different files.
 */
export const BOOK_PLACEHOLDER = "/images/book-placeholder.svg";

/** The width of a picture's `src` (the fallback for browsers without srcset). */
export const DEFAULT_IMAGE_WIDTH: ImageWidth = 640;

/**
 * A signed id: `a<article id>` or `c<16 hex digits>` (a configured picture), a dot, its MAC (11
 * characters, or 22 in ids made before 2026-12-05: server/images/sign.ts).
 */
const ID = /^(?:a\d{1,15}|c[0-9a-f]{16})\.(?:[\w-]{11}){1,2}$/;
const IMAGE_PATH = /^\/img\/(\d{3,4})\/([^/]+)$/;

/** The path of a picture at `width`. */
export function imagePath(id: string, width: ImageWidth = DEFAULT_IMAGE_WIDTH): string {
  return `/img/${width}/${id}`;
}

/** The width and id of an image route path, or null when it is none (or an unknown width). */
export function parseImagePath(pathname: string): { width: ImageWidth; id: string } | null {
  const match = IMAGE_PATH.exec(pathname);
  if (!match) return null;
  const width = Number(match[1]);
  const id = match[2] ?? "";
  if (!(IMAGE_WIDTHS as readonly number[]).includes(width) || !ID.test(id)) return null;
  return { width: width as ImageWidth, id };
}

/**
 * How a kind of picture is laid out: the widths its srcset offers and its `sizes` (the CSS width
 * it takes at each viewport), from the grids of app/ (max-w-7xl, px-4, a 20rem sidebar from lg).
 * The books page's covers have theirs in book-card.tsx, to stay out of the other pages' code.
 */
export interface ImageLayout {
  widths: readonly ImageWidth[];
  sizes: string;
}

/** A card of the 2-column story grid (one column on phones; the sidebar beside it from lg). */
export const CARD_IMAGE: ImageLayout = {
  widths: [320, 640, 960],
  sizes:
    "(min-width: 1280px) 428px, (min-width: 1024px) calc(50vw - 212px), (min-width: 640px) calc(50vw - 32px), calc(100vw - 32px)",
};

/** A card of home's sections: a 6rem square beside its headline on a phone, else as CARD_IMAGE. */
export const THUMB_ON_PHONE_IMAGE: ImageLayout = {
  widths: [320, 640, 960],
  sizes:
    "(min-width: 1280px) 428px, (min-width: 1024px) calc(50vw - 212px), (min-width: 640px) calc(50vw - 32px), 6rem",
};

/** Home's featured story: 3 of 5 columns from md, the whole width below. */
export const LEAD_IMAGE: ImageLayout = {
  widths: [640, 960, 1280],
  sizes: "(min-width: 1280px) 742px, (min-width: 768px) calc(60vw - 26px), calc(100vw - 32px)",
};

/** The srcset of an image route path in `layout`'s widths; undefined for any other URL. */
export function imageSrcSet(src: string, layout: ImageLayout): string | undefined {
  const parsed = parseImagePath(src);
  if (!parsed) return undefined;
  return layout.widths.map((w) => `${imagePath(parsed.id, w)} ${w}w`).join(", ");
}

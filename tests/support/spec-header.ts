/**
 * docs/product.md §2 "Header and footer": the header's links in order, written out as the spec has them
 * (not derived from app/lib/pages.ts, which the tests that use this list check).
 */
export const SPEC_HEADER_PATHS = [
  "/",
  "/books",
  "/radio",
  "/local-news",
  "/national-news",
  "/world-news",
  "/politics",
  "/business",
  "/technology",
  "/automotive",
  "/real-estate",
  "/health",
  "/sports",
  "/arts-culture",
  "/food",
  "/lifestyle",
  "/opinion",
  "/archives",
  "/local-events",
  "/weather",
  "/contact",
];

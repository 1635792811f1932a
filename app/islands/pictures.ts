import { ready } from "./lib/ready";

/**
 * Pictures' fallbacks (StoryImage, BookCard). An `<img data-picture>` that fails is replaced, one
 * step at a time, never in a loop:
 * - by the image of its `data-fallback` (a story's default photo, a book's placeholder), without
 *   its srcset (the browser would pick from it again);
 * - then, failing again, by the content of the `<template data-picture-fallback>` after it (a
 *   book's typographic cover), whose card heading is then for screen readers only (the cover sets
 *   the title already).
 * Without JavaScript a failed picture stays as it is (the image route answers a picture it cannot
 * get with its stand-in, so that is rare).
 */

/** Whether an image has failed: done loading, and nothing to show. */
const broken = (img: HTMLImageElement) => img.complete && img.naturalWidth === 0;

function fallBack(img: HTMLImageElement): void {
  const fallback = img.dataset.fallback;
  if (fallback) {
    delete img.dataset.fallback;
    img.removeAttribute("srcset");
    img.removeAttribute("sizes");
    img.src = fallback;
    return;
  }
  const template = img.nextElementSibling;
  if (!(template instanceof HTMLTemplateElement) || !template.hasAttribute("data-picture-fallback"))
    return;
  delete img.dataset.picture;
  const card = img.closest("[data-picture-card]");
  img.replaceWith(template.content.cloneNode(true));
  template.remove();
  // BookCard's heading under a typographic cover (it was printed under a picture).
  card?.querySelector("[data-picture-title]")?.setAttribute("class", "sr-only");
}

// Error events do not bubble: one listener catching them on their way down serves every picture,
// those added later too. An error whose image has already moved on (its fallback loading, after
// the start's scan below) is not a failure of what it shows now.
document.addEventListener(
  "error",
  (event) => {
    const img = event.target;
    if (img instanceof HTMLImageElement && img.dataset.picture !== undefined && broken(img)) {
      fallBack(img);
    }
  },
  true,
);

// A picture that failed before this module ran fired its error event with no one listening.
for (const img of document.querySelectorAll<HTMLImageElement>("img[data-picture]")) {
  if (broken(img)) fallBack(img);
}

ready("pictures");

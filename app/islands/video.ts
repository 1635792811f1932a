import { ready } from "./lib/ready";

/**
 * The video facade (VideoEmbed): the server shows a local poster and a play button, and nothing
 * is asked of the video host until the reader clicks; the click puts the player (its URL in the
 * box's `data-video-src`) in place of the poster and button.
 */
function play(box: HTMLElement): void {
  const src = box.dataset.videoSrc;
  if (!src) return;
  const iframe = document.createElement("iframe");
  iframe.src = src;
  iframe.title = box.dataset.videoTitle ?? "";
  iframe.allow = "autoplay; encrypted-media; picture-in-picture";
  iframe.setAttribute("allowfullscreen", "");
  iframe.className = "absolute inset-0 h-full w-full border-0";
  // The button that had the focus goes with the poster: the focus moves to the player, so that a
  // keyboard reader is where the video is (not sent back to the top of the page).
  const focused = box.contains(document.activeElement);
  box.replaceChildren(iframe);
  if (focused) iframe.focus();
}

document.addEventListener("click", (event) => {
  const button = (event.target as Element).closest?.("[data-video-src] button");
  const box = button?.closest<HTMLElement>("[data-video-src]");
  if (box) play(box);
});

ready("video");

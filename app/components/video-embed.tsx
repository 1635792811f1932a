import { videoEmbedUrl } from "../../common/embeds";
import { useT } from "~/lib/i18n";
import { useRootData } from "~/lib/root-data";
import { PlayIcon } from "./icons";
import { IslandScript } from "./island";

interface VideoEmbedProps {
  /** A YouTube video id; empty: left out (a placeholder only while designing). */
  videoId: string;
  title?: string;
  className?: string;
  /** A local poster image: nothing is requested from the video host until the reader clicks. */
  poster?: string;
}

/**
 * docs/product.md §3 video embed as a click-to-load facade: a poster and a play button; the player's
 * iframe (and every request to the video host) only after a click, which the video island
 * (app/islands/video.ts) answers with the player of the box's `data-video-src`.
 */
export function VideoEmbed({
  videoId,
  title: givenTitle,
  className = "",
  poster = "/images/video-poster.svg",
}: VideoEmbedProps) {
  const t = useT();
  const title = givenTitle ?? t("layout.featuredVideo");
  // Not configured: nothing for readers; a placeholder only while designing (embedPlaceholders).
  const placeholders = useRootData()?.embedPlaceholders ?? false;
  if (!videoId && !placeholders) return null;
  return (
    <figure className={className}>
      <div
        className="relative aspect-video w-full overflow-hidden bg-ink"
        data-video-src={videoId ? videoEmbedUrl(videoId) : undefined}
        data-video-title={videoId ? title : undefined}
      >
        <img
          src={poster}
          alt=""
          width={640}
          height={360}
          className="absolute inset-0 h-full w-full object-cover"
        />
        {videoId ? (
          <button
            type="button"
            className="absolute inset-0 flex items-center justify-center text-white"
          >
            <span className="flex h-16 w-16 items-center justify-center rounded-full bg-accent shadow-lg">
              <PlayIcon size={30} />
            </span>
            <span className="sr-only">{t("layout.playVideo", { title })}</span>
          </button>
        ) : (
          <p className="absolute inset-0 flex items-center justify-center px-6 text-center text-white">
            {t("layout.videoComingSoon")}
          </p>
        )}
      </div>
      {videoId && <IslandScript name="video" />}
      <figcaption className="mt-2 font-serif text-lg font-bold">{title}</figcaption>
    </figure>
  );
}

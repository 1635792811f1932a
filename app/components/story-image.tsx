import { CARD_IMAGE, imageSrcSet, type ImageLayout } from "../../common/images";
import { useSite } from "~/lib/root-data";
import { IslandScript } from "./island";

interface StoryImageProps {
  src: string;
  alt: string;
  /**
   * lead: the page's main picture (its LCP): loaded at once, at high priority; eager: above the
   * fold, loaded at once; lazy (the default): when it comes near the viewport.
   */
  priority?: "lead" | "eager" | "lazy";
  /** The widths offered and the width it takes on screen (a card of the story grid unless told). */
  layout?: ImageLayout;
  className?: string;
}

/**
 * A publisher's picture in a fixed 16:9 box (no layout shift), through the site's image route in
 * the widths of its layout (srcset and sizes; the route answers the default photo for a picture
 * it cannot get), sent without a referrer, replaced by the site's default photo if it fails in
 * the browser (the pictures island, app/islands/pictures.ts: also when it failed before the
 * island ran).
 */
export function StoryImage({
  src,
  alt,
  priority = "lazy",
  layout = CARD_IMAGE,
  className = "",
}: StoryImageProps) {
  const { site } = useSite();
  const srcSet = imageSrcSet(src, layout);
  return (
    <>
      <img
        srcSet={srcSet}
        sizes={srcSet && layout.sizes}
        src={src}
        alt={alt}
        width={640}
        height={360}
        loading={priority === "lazy" ? "lazy" : "eager"}
        fetchPriority={priority === "lead" ? "high" : undefined}
        decoding="async"
        referrerPolicy="no-referrer"
        data-picture=""
        data-fallback={src === site.defaultImage ? undefined : site.defaultImage}
        className={`aspect-video w-full bg-stone-200 object-cover ${className}`}
      />
      <IslandScript name="pictures" />
    </>
  );
}

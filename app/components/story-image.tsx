import { useEffect, useRef, useState } from "react";
import { CARD_IMAGE, imageSrcSet, type ImageLayout } from "~/lib/images";
import { useSite } from "~/lib/root-data";

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
 * it cannot get), sent without a referrer, replaced by the site's default photo if it fails
 * (also when it failed before the page hydrated).
 */
export function StoryImage({
  src,
  alt,
  priority = "lazy",
  layout = CARD_IMAGE,
  className = "",
}: StoryImageProps) {
  const { site } = useSite();
  const [failed, setFailed] = useState(false);
  const ref = useRef<HTMLImageElement>(null);
  const fallback = site.defaultImage;
  const srcSet = failed ? undefined : imageSrcSet(src, layout);

  useEffect(() => {
    const img = ref.current;
    if (img && img.complete && img.naturalWidth === 0 && !failed) setFailed(true);
  }, [failed]);

  return (
    <img
      ref={ref}
      srcSet={srcSet}
      sizes={srcSet && layout.sizes}
      src={failed ? fallback : src}
      alt={alt}
      width={640}
      height={360}
      loading={priority === "lazy" ? "lazy" : "eager"}
      fetchPriority={priority === "lead" ? "high" : "auto"}
      decoding="async"
      referrerPolicy="no-referrer"
      onError={() => setFailed(true)}
      className={`aspect-video w-full bg-stone-200 object-cover ${className}`}
    />
  );
}

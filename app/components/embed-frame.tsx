import { useRootData } from "~/lib/root-data";

interface EmbedFrameProps {
  /** The full https URL of the embed, or null when its id is not configured. */
  src: string | null;
  title: string;
  height: number;
  /** Shown in the reserved box when the embed is not configured. */
  placeholder: string;
}

/**
 * A third-party frame that loads lazily in a box of fixed height. Not configured, it is left out
 * (a reader never sees "coming soon"), or, while designing (embedPlaceholders), a placeholder.
 */
export function EmbedFrame({ src, title, height, placeholder }: EmbedFrameProps) {
  const placeholders = useRootData()?.embedPlaceholders ?? false;
  if (!src && !placeholders) return null;
  if (!src) {
    return (
      <div
        style={{ minHeight: Math.min(height, 400) }}
        className="flex items-center justify-center border border-dashed border-stone-400 bg-stone-100 p-6 text-center text-muted"
      >
        {placeholder}
      </div>
    );
  }
  return (
    <iframe
      src={src}
      title={title}
      height={height}
      loading="lazy"
      className="w-full border-0"
      style={{ height }}
    />
  );
}

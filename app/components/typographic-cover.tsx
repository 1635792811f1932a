import type { Book } from "../../sites/content";

/**
 * Cover palettes: ground, ink and ornament. Every ink is AA on its ground (4.5:1 or better) and
 * the ornaments stay quiet behind the type; they draw on the site's ink, paper and maroon.
 */
export const COVER_PALETTES = [
  { ground: "#5b1414", ink: "#f6efe3", ornament: "#d9a441" },
  { ground: "#14213d", ink: "#f5f1e6", ornament: "#e0a458" },
  { ground: "#1f3d2b", ink: "#f3efe0", ornament: "#c9a227" },
  { ground: "#1a1a1a", ink: "#f5f0e6", ornament: "#c0392b" },
  { ground: "#f4ede1", ink: "#1f1f1f", ornament: "#8a1c1c" },
  { ground: "#0f4c5c", ink: "#f1ede4", ornament: "#e36414" },
  { ground: "#3c1642", ink: "#f4ecf7", ornament: "#e9b949" },
  { ground: "#e8c170", ink: "#1f1300", ornament: "#7a2e0e" },
] as const;

export const COVER_PATTERNS = ["sun", "stripes", "dots", "lotus", "frame", "waves"] as const;

/** FNV-1a: the same title always gets the same cover, on the server and in the browser. */
export function titleHash(title: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < title.length; i++) {
    hash ^= title.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** The palette and pattern of a book's cover, from its title. */
export function coverDesign(title: string) {
  const hash = titleHash(title);
  return {
    hash,
    palette: COVER_PALETTES[hash % COVER_PALETTES.length] ?? COVER_PALETTES[0],
    pattern: COVER_PATTERNS[(hash >>> 8) % COVER_PATTERNS.length] ?? "sun",
  };
}

/** The ornament of a pattern, drawn on a 200 × 300 cover. */
function Ornament({ pattern, color }: { pattern: (typeof COVER_PATTERNS)[number]; color: string }) {
  switch (pattern) {
    case "sun":
      return (
        <g fill="none" stroke={color} strokeWidth="1.5" opacity="0.55">
          {[12, 24, 36, 48, 60].map((r) => (
            <circle key={r} cx="100" cy="205" r={r} />
          ))}
        </g>
      );
    case "stripes":
      return (
        <g stroke={color} strokeWidth="6" opacity="0.35">
          {Array.from({ length: 14 }, (_, i) => (
            <line key={i} x1={-100 + i * 28} y1="260" x2={i * 28} y2="150" />
          ))}
        </g>
      );
    case "dots":
      return (
        <g fill={color} opacity="0.45">
          {Array.from({ length: 60 }, (_, i) => (
            <circle key={i} cx={19 + (i % 10) * 18} cy={160 + Math.floor(i / 10) * 18} r="2.5" />
          ))}
        </g>
      );
    case "lotus":
      return (
        <g fill="none" stroke={color} strokeWidth="1.8" opacity="0.6">
          {[-60, -30, 0, 30, 60].map((angle) => (
            <path
              key={angle}
              d="M100 245 C 80 210, 80 185, 100 160 C 120 185, 120 210, 100 245 Z"
              transform={`rotate(${angle} 100 245)`}
            />
          ))}
        </g>
      );
    case "frame":
      return (
        <g fill="none" stroke={color} opacity="0.7">
          <rect x="10" y="10" width="180" height="280" strokeWidth="2" />
          <rect x="16" y="16" width="168" height="268" strokeWidth="0.8" />
        </g>
      );
    case "waves":
      return (
        <g fill="none" stroke={color} strokeWidth="2" opacity="0.45">
          {[172, 190, 208, 226, 244].map((y) => (
            <path key={y} d={`M0 ${y} q 25 -12 50 0 t 50 0 t 50 0 t 50 0`} />
          ))}
        </g>
      );
  }
}

/**
 * A designed cover for a book without a picture: the title set large (the part after a colon as
 * its subtitle), the author at the foot, on a palette and ornament chosen from the title, so that
 * 40 covers of a series look like a series and not like one block repeated. It is decoration for
 * sighted readers (aria-hidden): the card's heading carries the title for everyone.
 */
export function TypographicCover({ book }: { book: Pick<Book, "title" | "author"> }) {
  const { palette, pattern, hash } = coverDesign(book.title);
  const [main = book.title, ...rest] = book.title.split(":");
  const subtitle = rest.join(":").trim();
  return (
    <div
      aria-hidden="true"
      data-pattern={pattern}
      className="relative h-full w-full"
      style={{ backgroundColor: palette.ground, color: palette.ink }}
    >
      <svg viewBox="0 0 200 300" className="absolute inset-0 h-full w-full" focusable="false">
        {/* Between the title block and the author's line: the ornament never runs under type. */}
        <clipPath id={`cover-${hash}`}>
          <rect
            x="0"
            y={pattern === "frame" ? 0 : 140}
            width="200"
            height={pattern === "frame" ? 300 : 108}
          />
        </clipPath>
        <g clipPath={`url(#cover-${hash})`}>
          <Ornament pattern={pattern} color={palette.ornament} />
        </g>
      </svg>
      <div
        className={`relative flex h-full flex-col text-center ${pattern === "frame" ? "p-[13%]" : "p-[8%]"}`}
      >
        <span className="font-serif text-[clamp(0.95rem,11cqi,1.7rem)]/tight font-bold text-balance">
          {main.trim()}
        </span>
        <span
          className="mx-auto my-2 block h-px w-1/3"
          style={{ backgroundColor: palette.ornament }}
        />
        {subtitle && (
          <span className="font-serif text-[0.7rem]/snug italic opacity-90">{subtitle}</span>
        )}
        <span className="mt-auto text-[0.6rem] font-semibold tracking-[0.2em] uppercase">
          {book.author}
        </span>
      </div>
    </div>
  );
}

import type { ComponentProps, ReactNode } from "react";

/**
 * A link that leaves the site in a new tab, and says so: to screen readers in words, to the eye
 * with the external-link mark after it (the `external` class: app.css).
 */
export function ExternalLink({
  children,
  rel = "noopener noreferrer",
  className,
  ...props
}: Omit<ComponentProps<"a">, "target">) {
  return (
    <a {...props} className={`external ${className ?? ""}`} target="_blank" rel={rel}>
      {children}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

/**
 * A story's link: to its publisher in a new tab (ExternalLink), or, for a built-in story whose
 * url is "#", a plain link. Its accessible name credits the publisher ("…, The Guardian"), and
 * a headline in another language than the page's is marked with it (`lang`, `dir`).
 */
export function StoryLink({
  href,
  children,
  source,
  lang,
  dir,
  ...props
}: Omit<ComponentProps<"a">, "target" | "rel" | "lang" | "dir"> & {
  source?: string;
  lang?: string;
  dir?: "ltr" | "rtl";
}) {
  // (Without lang and dir, the span carries no attribute.)
  const body: ReactNode = (
    <>
      <span lang={lang} dir={dir}>
        {children}
      </span>
      {source && <span className="sr-only">, {source}</span>}
    </>
  );
  return href === "#" ? (
    <a href={href} {...props}>
      {body}
    </a>
  ) : (
    <ExternalLink href={href} {...props}>
      {body}
    </ExternalLink>
  );
}

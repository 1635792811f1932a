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
  story,
  children,
  ...props
}: Omit<ComponentProps<"a">, "target" | "rel" | "href"> & {
  story: {
    url: string;
    source?: string;
    lang?: string;
    dir?: "ltr" | "rtl";
    languageName?: string;
    sponsored?: true;
  };
}) {
  // (Without lang and dir, the span carries no attribute.)
  const body: ReactNode = (
    <>
      <span lang={story.lang} dir={story.dir}>
        {children}
      </span>
      {story.source && (
        <span className="sr-only">
          , {story.source}
          {story.languageName && `, in ${story.languageName}`}
          {story.sponsored && ", Sponsored"}
        </span>
      )}
    </>
  );
  return story.url === "#" ? (
    <a href={story.url} {...props}>
      {body}
    </a>
  ) : (
    <ExternalLink href={story.url} {...props}>
      {body}
    </ExternalLink>
  );
}

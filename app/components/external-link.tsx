import type { ComponentProps } from "react";

/** A link that leaves the site in a new tab, and says so to screen readers. */
export function ExternalLink({
  children,
  rel = "noopener noreferrer",
  ...props
}: Omit<ComponentProps<"a">, "target">) {
  return (
    <a {...props} target="_blank" rel={rel}>
      {children}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

/**
 * A story's link: to its publisher in a new tab (ExternalLink), or, for a built-in story whose
 * url is "#", a plain link.
 */
export function StoryLink({
  href,
  children,
  ...props
}: Omit<ComponentProps<"a">, "target" | "rel">) {
  return href === "#" ? (
    <a href={href} {...props}>
      {children}
    </a>
  ) : (
    <ExternalLink href={href} {...props}>
      {children}
    </ExternalLink>
  );
}

import type { LinkList } from "../../sites/content";
import { ExternalLink } from "./external-link";

/**
 * docs/product.md §3 link-list card: a title and a list of outside links. `rel` is ExternalLink's (no
 * referrer) unless given: the partner links send one, so the partners see where readers come from.
 */
export function LinkListCard({
  list,
  rel,
  className = "",
}: {
  list: LinkList;
  rel?: string;
  className?: string;
}) {
  return (
    <section
      className={`border-t-4 border-ink pt-3 ${className}`}
      aria-labelledby={slug(list.title)}
    >
      <h2 id={slug(list.title)} className="font-serif text-xl font-bold">
        {list.title}
      </h2>
      {/* Two columns on a phone, where the list runs the page's width. */}
      <ul className="mt-2 divide-y divide-rule max-sm:grid max-sm:grid-cols-2 max-sm:gap-x-4 max-sm:divide-y-0">
        {list.links.map((link) => (
          <li key={link.url}>
            <ExternalLink
              href={link.url}
              rel={rel}
              className="flex min-h-11 items-center py-1 text-[0.95rem] text-ink hover:text-accent hover:underline"
            >
              {link.title}
            </ExternalLink>
          </li>
        ))}
      </ul>
    </section>
  );
}

function slug(text: string): string {
  return `list-${text.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
}

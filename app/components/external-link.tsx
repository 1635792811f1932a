import { createContext, use, type ComponentProps, type ReactNode } from "react";
import { linkAreaOf } from "../../common/i18n/links";

/**
 * What links say to screen readers beside their text, in the page's language. A link may be
 * rendered in the browser by an island, which must not load the catalogues: so the words come
 * through this context, which the server's layouts give from the page's translator (linkWords)
 * and an island's renderer from its props.
 */
export interface LinkWords {
  /** After a link that opens a new tab: "(opens in a new tab)". */
  newTab: string;
  /** A headline's language: "in {language}". */
  inLanguage: string;
  /** A sponsored story: "Sponsored". */
  sponsored: string;
}

/**
 * The words of links in a locale's language, from its catalogue's links area alone (linkAreaOf):
 * what the server's layouts give (root.tsx, the site's layout) and what an island that renders
 * links says (the news-feed-render island), with no catalogue loaded.
 */
export function linkWordsOf(locale: string): LinkWords {
  const area = linkAreaOf(locale);
  return {
    newTab: area["layout.opensInNewTab"],
    inLanguage: area["layout.inLanguage"],
    sponsored: area["layout.sponsored"],
  };
}

export const LinkWordsContext = createContext<LinkWords | null>(null);

/**
 * The words of links where they are rendered: the context's, or, where no renderer gave any (an
 * island not yet passing them), English's, the specification's text.
 */
function useLinkWords(): LinkWords {
  return use(LinkWordsContext) ?? ENGLISH_LINK_WORDS;
}

const ENGLISH_LINK_WORDS: LinkWords = linkWordsOf("en");

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
  const words = useLinkWords();
  return (
    <a {...props} className={`external ${className ?? ""}`} target="_blank" rel={rel}>
      {children}
      <span className="sr-only">{` ${words.newTab}`}</span>
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
  const words = useLinkWords();
  // What the link's name adds after its text, as one text (given in pieces, React writes a
  // comment between them).
  const language = story.languageName
    ? `, ${words.inLanguage.replace("{language}", story.languageName)}`
    : "";
  const sponsored = story.sponsored ? `, ${words.sponsored}` : "";
  // (Without lang and dir, the span carries no attribute.)
  const body: ReactNode = (
    <>
      <span lang={story.lang} dir={story.dir}>
        {children}
      </span>
      {story.source && (
        <span className="sr-only">{`, ${story.source}${language}${sponsored}`}</span>
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

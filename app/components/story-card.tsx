import { Fragment, type ComponentType } from "react";
import type { CardArticle } from "~/lib/news";
import { joinAuthors } from "~/lib/byline";
import { useT } from "~/lib/i18n";
import { useSite } from "~/lib/root-data";
import { ExternalLink, StoryLink } from "./external-link";
import { RelativeTime } from "./relative-time";
import { SponsoredLabel } from "./sponsored-label";
import { StoryImage } from "./story-image";
import { CARD_IMAGE, THUMB_ON_PHONE_IMAGE } from "../../common/images";

export interface StoryCardProps {
  article: CardArticle;
  /** Shown instead of the article's category (the archives label every card "Archive"). */
  label?: string;
  /** How its picture loads (StoryImage). */
  priority?: "lead" | "eager" | "lazy";
  /** Adds a "Read full article" link under the summary (opinion). */
  readMore?: boolean;
  /** h2 when the cards sit right under the page's h1, h3 under a section heading. */
  headingLevel?: 2 | 3;
  /**
   * Shows a search's matches (`article.marks`): the search page passes MarkedText, so that the
   * other pages do not load it.
   */
  Marked?: ComponentType<{ parts: readonly string[] }>;
  /**
   * On a phone the picture is a small square beside the kicker and headline, the summary under
   * both (docs/design.md "The phone front page": home's sections, issue 53); from sm as any card.
   */
  thumbOnPhone?: boolean;
}

/**
 * docs/product.md §3 story card: image, category, date, a title link to the story (new tab), summary. A
 * story whose feed gave no picture is a text card (docs/design.md): a rule in the accent colour over
 * the kicker, the headline and a few lines of summary, never an empty picture box.
 */
export function StoryCard({
  article,
  label,
  priority,
  readMore,
  headingLevel = 3,
  Marked,
  thumbOnPhone = false,
}: StoryCardProps) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const { site } = useSite();
  const pictured = hasPicture(article.image, site.defaultImage);
  // The picture beside the text on a phone: the picture's column on the right across the
  // kicker, headline and byline rows; the summary across both columns under them.
  const thumb = pictured && thumbOnPhone;
  const side = thumb ? "max-sm:col-start-1" : "";
  return (
    <article
      className={`flex flex-col ${pictured ? "border-t border-rule pt-4" : "border-t-2 border-accent pt-3"} ${thumb ? "max-sm:grid max-sm:grid-cols-[minmax(0,1fr)_6rem] max-sm:content-start max-sm:gap-x-3" : ""}`}
      data-card={pictured ? "picture" : "text"}
    >
      {pictured && (
        <StoryImage
          src={article.image}
          alt={article.title}
          priority={priority}
          layout={thumb ? THUMB_ON_PHONE_IMAGE : CARD_IMAGE}
          className={
            thumb
              ? "max-sm:col-start-2 max-sm:row-span-3 max-sm:row-start-1 max-sm:aspect-square"
              : ""
          }
        />
      )}
      <StoryKicker
        article={article}
        label={label}
        className={`${pictured ? "mt-3" : ""} text-xs ${thumb ? "max-sm:mt-0 max-sm:col-start-1" : ""}`}
      />
      <Heading className={`mt-1 font-serif text-xl/snug font-bold text-ink ${side}`}>
        <StoryLink story={article} className="hover:text-accent hover:underline">
          {article.marks && Marked ? <Marked parts={article.marks.title} /> : article.title}
        </StoryLink>
      </Heading>
      <Byline authors={article.authors} className={`mt-1 ${side}`} />
      {article.summary && (
        <CardSummary
          article={article}
          Marked={Marked}
          className={`${pictured ? "max-sm:line-clamp-3" : "line-clamp-4"} ${thumb ? "max-sm:col-span-2" : ""}`}
        />
      )}
      <AlsoAt outlets={article.alsoAt} />
      {readMore && article.url !== "#" && <ReadFullArticle article={article} />}
    </article>
  );
}

/**
 * A card's summary, in its own language and direction, its search matches marked (`Marked`);
 * `className` clamps it to the lines the card has room for.
 */
function CardSummary({
  article,
  Marked,
  className,
}: {
  article: CardArticle;
  Marked: StoryCardProps["Marked"];
  className: string;
}) {
  return (
    <p
      lang={article.lang}
      dir={article.dir}
      className={`mt-2 text-[0.95rem] text-ink-85 ${className}`}
      data-summary=""
    >
      {article.marks && Marked ? <Marked parts={article.marks.summary} /> : article.summary}
    </p>
  );
}

/** "Read full article" under the summary (opinion), a link to the story named for screen readers. */
function ReadFullArticle({ article }: { article: Pick<CardArticle, "url" | "title"> }) {
  const t = useT();
  return (
    <p className="mt-2">
      <ExternalLink href={article.url} className="link text-sm font-semibold">
        {t("news.story.readFull")}
        <span className="sr-only">: {article.title}</span>
      </ExternalLink>
    </p>
  );
}

/**
 * A story's kicker: its category (or the page's label), its publisher, its language when it is
 * not the city's, and its date, as in "ARTS & CULTURE · Le Figaro · in French · 2 hours ago".
 */
export function StoryKicker({
  article,
  label,
  className = "",
}: {
  article: Pick<CardArticle, "category"> &
    Partial<Pick<CardArticle, "source" | "publishedAt" | "languageName" | "sponsored">>;
  /** Shown instead of the category; false leaves the category out (a section that names it). */
  label?: string | false;
  className?: string;
}) {
  const t = useT();
  const parts = [
    label !== false && (
      <span key="label" className="tracking-wider text-accent uppercase">
        {label ?? article.category}
      </span>
    ),
    article.source && <span key="source">{article.source}</span>,
    article.languageName && (
      <span key="language">{t("news.story.inLanguage", { language: article.languageName })}</span>
    ),
    article.publishedAt && <RelativeTime key="date" iso={article.publishedAt} />,
  ].filter((part) => part !== false && part !== undefined && part !== "");
  return (
    <p className={`flex flex-wrap gap-x-2 font-semibold text-muted ${className}`}>
      {article.sponsored && <SponsoredLabel text={t("news.story.sponsored")} />}
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <span aria-hidden="true">·</span>}
          {part}
        </Fragment>
      ))}
    </p>
  );
}

/**
 * Who wrote a story, as its feed names them ("By Ana Pérez and Sam Lee"), in small muted text
 * under its headline; nothing when the feed names nobody. The names are isolated (`<bdi>`): a
 * name in another script never reorders the words around it.
 */
export function Byline({
  authors,
  className = "mt-1",
}: {
  authors?: readonly string[];
  className?: string;
}) {
  const t = useT();
  if (!authors?.length) return null;
  const [before, after = ""] = t("news.story.byline", { authors: "\u0000" }).split("\u0000");
  return (
    <p className={`${className} text-xs text-muted`} data-byline="">
      {before}
      <bdi>{joinAuthors(authors, t("news.story.authorsAnd"))}</bdi>
      {after}
    </p>
  );
}

/** The other outlets that ran a story ("Also at The Guardian, Reuters"), each a link to its copy. */
export function AlsoAt({ outlets }: { outlets?: CardArticle["alsoAt"] }) {
  const t = useT();
  if (!outlets?.length) return null;
  return (
    <p className="mt-2 text-xs text-muted">
      {t("news.story.alsoAt")}{" "}
      {outlets.map((o, i) => (
        <span key={o.url}>
          {i > 0 && ", "}
          <ExternalLink href={o.url} className="link">
            {o.source}
          </ExternalLink>
        </span>
      ))}
    </p>
  );
}

/** Whether a story has a picture of its own (not the site's stand-in for none). */
export function hasPicture(image: string, defaultImage: string): boolean {
  return image !== "" && image !== defaultImage;
}

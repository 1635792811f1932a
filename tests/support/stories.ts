import type { Article } from "../../server/news/normalize";

/**
 * An article as a feed's parse gives it: `uid` and `title`, published at `publishedAt`, with the
 * default picture and no summary unless `extra` says otherwise.
 */
export function story(
  uid: string,
  title: string,
  publishedAt: number,
  extra: Partial<Article> = {},
): Article {
  return {
    uid,
    title,
    summary: "",
    url: `https://news.example.org/${uid}`,
    image: "/images/default-news.svg",
    imageIsDefault: true,
    publishedAt,
    claimedAt: null,
    category: "local",
    language: null,
    ...extra,
  };
}

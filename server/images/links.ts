import { BOOK_PLACEHOLDER } from "../../common/images";
import type { SiteContent } from "../../sites/content";
import type { NewsReader } from "../news/engine";
import type { StoredArticle } from "../news/store";
import type { ImageService, ImageSource } from "./service";

// Pages never name another origin's picture: what loaders read through the load context already
// has the image route's paths in place of the feeds' and the content's picture URLs. So every page
// and answer (cards, the News Feed, /api/articles, search) gets them, and the CSP's img-src is
// 'self' data:.

/**
 * The pictures that the site's content names from other origins: the books' covers, each falling
 * back to the books page's own placeholder.
 */
export function configuredPictures(content: SiteContent): ImageSource[] {
  return content.pages.books.books
    .filter((book) => book.cover !== "")
    .map((book) => ({ url: book.cover, fallback: BOOK_PLACEHOLDER }));
}

/** The content with each cover URL replaced by its image route path. */
export function withCoverLinks(content: SiteContent, images: ImageService): SiteContent {
  const books = content.pages.books;
  return {
    ...content,
    pages: {
      ...content.pages,
      books: {
        ...books,
        books: books.books.map((b) =>
          b.cover ? { ...b, cover: images.configuredPath(b.cover) } : b,
        ),
      },
    },
  };
}

/**
 * Makes NewsReaders whose articles carry the image route's path as `image` (the default picture
 * stays as it is). The engine hands out the same article objects until a feed changes, to every
 * city that lists it, so each is linked once for all of them.
 */
export function pictureLinks(images: ImageService): (news: NewsReader) => NewsReader {
  const linked = new WeakMap<StoredArticle, StoredArticle>();
  const link = (article: StoredArticle): StoredArticle => {
    let copy = linked.get(article);
    if (!copy) {
      copy = { ...article, image: images.articlePath(article) };
      linked.set(article, copy);
    }
    return copy;
  };
  return (news) => linkedReader(news, link);
}

/** A NewsReader whose articles carry the image route's path as `image` (see pictureLinks). */
export function withPictureLinks(news: NewsReader, images: ImageService): NewsReader {
  return pictureLinks(images)(news);
}

function linkedReader(
  news: NewsReader,
  link: (article: StoredArticle) => StoredArticle,
): NewsReader {
  return {
    getCategory: async (key) => {
      const category = await news.getCategory(key);
      return { ...category, articles: category.articles.map(link) };
    },
    getCategories: async (keys, limit) => {
      const combined = await news.getCategories(keys, limit);
      return { ...combined, articles: combined.articles.map(link) };
    },
    version: (key) => news.version(key),
    search: async (query, page) => {
      const results = await news.search(query, page);
      return {
        ...results,
        hits: results.hits.map((hit) => ({ ...hit, article: link(hit.article) })),
      };
    },
  };
}

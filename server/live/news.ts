import { setImmediate as nextTurn } from "node:timers/promises";
import { FEED_KEYS, type FeedKey } from "../../sites/categories";
import type { NewsReader } from "../news/engine";

/** A category's stories as last told: the version read, and the ids of the stories it showed. */
interface Told {
  version: number;
  ids: Set<number>;
}

/** What a `news` event says: which category changed, and how many stories it shows anew. */
export interface NewsChange {
  category: FeedKey;
  count: number;
}

/**
 * Which categories of a city show new stories, for its open pages: a city is watched from its
 * first open page on (its categories' stories noted then), and each time the news engine says a
 * feed changed, every category of every watched city whose version moved is read again and its
 * stories that were not there before are counted. A category that only lost or reordered stories
 * is news to no one.
 */
export class NewsWatch {
  private readonly told = new Map<string, Map<FeedKey, Told>>();
  /** The reading under way, and whether another change came during it (read once more then). */
  private reading: Promise<void> | undefined;
  private again = false;

  constructor(
    private readonly newsOf: (city: string) => NewsReader,
    private readonly tell: (city: string, change: NewsChange) => void,
  ) {}

  /** Notes a city's stories now, unless they are noted already (its first open page). */
  async watch(city: string): Promise<void> {
    if (this.told.has(city)) return;
    const categories = new Map<FeedKey, Told>();
    this.told.set(city, categories);
    const news = this.newsOf(city);
    await Promise.all(FEED_KEYS.map(async (key) => categories.set(key, await read(news, key))));
  }

  /**
   * Reads again what changed in every watched city, and tells each city of its new stories. One
   * reading at a time (two at once would tell of the same stories twice); changes during one are
   * read by one more after it.
   */
  changed(): Promise<void> {
    if (this.reading) {
      this.again = true;
      return this.reading;
    }
    this.reading = this.readAll().finally(() => {
      this.reading = undefined;
      if (this.again) {
        this.again = false;
        void this.changed();
      }
    });
    return this.reading;
  }

  /**
   * Reads every watched city again, one city a turn of the event loop: at 3,000 cities a change
   * never holds the thread that answers requests for the whole network's reading.
   */
  private async readAll(): Promise<void> {
    for (const [city, categories] of this.told) {
      await nextTurn();
      const news = this.newsOf(city);
      for (const key of FEED_KEYS) {
        const before = categories.get(key);
        if (before && news.version(key) === before.version) continue;
        const now = await read(news, key);
        categories.set(key, now);
        const count = before ? [...now.ids].filter((id) => !before.ids.has(id)).length : 0;
        if (count > 0) this.tell(city, { category: key, count });
      }
    }
  }
}

/** A category's version and stories now (the version first: a later change is read again). */
async function read(news: NewsReader, key: FeedKey): Promise<Told> {
  const version = news.version(key);
  const { articles } = await news.getCategory(key);
  return { version, ids: new Set(articles.map((article) => article.id)) };
}

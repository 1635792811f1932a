import { sql, type ExpressionBuilder, type Insertable, type Kysely } from "kysely";
import type { ArticlesTable, Database } from "../../db/schema";
import type { Article } from "../normalize";
import { ARTICLE_COLUMNS, storedLines, type ArticleRow } from "./rows";

/** Every lease ended (releaseLeases). */
export const NO_LEASE = { lease_until: null, lease_owner: null } as const;

/**
 * The lease of `owner` ended (record*), and only that one: a late writer whose lease ran out
 * while it stored its refresh, and which another instance has since claimed, leaves the new
 * holder's lease alone (that feed is then only fetched twice). SET expressions all read the
 * row as it was, so both columns test the old owner.
 */
export function endLeaseOf(eb: ExpressionBuilder<Database, "feeds">, owner: string) {
  const ours = eb("lease_owner", "=", owner);
  return {
    lease_until: eb.case().when(ours).then(null).else(eb.ref("lease_until")).end(),
    lease_owner: eb.case().when(ours).then(null).else(eb.ref("lease_owner")).end(),
  };
}

/** Articles per upsert statement (19 values each: well under either engine's limit). */
const ROWS_PER_UPSERT = 200;

/** A successful fetch, as NewsStore.recordSuccess stores it. */
export interface FetchSuccess {
  articles: Article[];
  etag: string | null;
  lastModified: string | null;
  /** The channel's title, when it gives one. */
  title?: string;
  now: number;
  nextAttempt: number;
  intervalMs?: number;
}

/** A fetch's articles as rows of the articles table, each at its place in the feed. */
export function articleRows(
  feedId: number,
  articles: Article[],
  now: number,
): Insertable<ArticlesTable>[] {
  // A feed that lists one item twice: the later one, at its place, as separate upserts in
  // order would leave it (and PostgreSQL refuses one statement that upserts a row twice).
  const last = new Map<string, number>();
  articles.forEach((a, position) => last.set(a.uid, position));
  return articles
    .map((a, position) => ({ a, position }))
    .filter(({ a, position }) => last.get(a.uid) === position)
    .map(({ a, position }) => ({
      feed_id: feedId,
      uid: a.uid,
      title: a.title,
      summary: a.summary,
      url: a.url,
      image: a.image,
      image_is_default: a.imageIsDefault ? 1 : 0,
      published_at: a.publishedAt,
      claimed_at: a.claimedAt,
      category: a.category,
      language: a.language,
      publisher: a.publisher ?? null,
      sponsored: a.sponsored ? 1 : 0,
      authors: storedLines(a.authors),
      categories: storedLines(a.categories),
      position,
      first_seen: now,
      last_seen: now,
    }));
}

/** An upserted article as stored after its upsert (what a feed's order reads included). */
export type WrittenRow = ArticleRow & { last_seen: number; position: number };

/**
 * Inserts the rows, ROWS_PER_UPSERT a statement, or updates the stored article of each (a feed's
 * uid) with what the feed says now; an article's first_seen stays. Returns each row as stored
 * (RETURNING: its id, and its date where an earlier fetch clamped it), so that the engine need
 * not read back what it wrote.
 */
export async function upsertArticles(
  db: Kysely<Database>,
  rows: Insertable<ArticlesTable>[],
): Promise<WrittenRow[]> {
  const written: WrittenRow[] = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_UPSERT) {
    const stored = await db
      .insertInto("articles")
      .values(rows.slice(i, i + ROWS_PER_UPSERT))
      .onConflict((oc) =>
        oc.columns(["feed_id", "uid"]).doUpdateSet({
          title: (eb) => eb.ref("excluded.title"),
          summary: (eb) => eb.ref("excluded.summary"),
          url: (eb) => eb.ref("excluded.url"),
          image: (eb) => eb.ref("excluded.image"),
          image_is_default: (eb) => eb.ref("excluded.image_is_default"),
          // A date clamped to the fetch time stays where it was first clamped: each later
          // fetch would otherwise move the story to the top again.
          published_at: sql<number | null>`CASE
            WHEN excluded.claimed_at IS NOT NULL AND articles.claimed_at IS NOT NULL
              THEN articles.published_at
            ELSE COALESCE(excluded.published_at, articles.published_at) END`,
          claimed_at: (eb) => eb.ref("excluded.claimed_at"),
          category: (eb) => eb.ref("excluded.category"),
          language: (eb) => eb.ref("excluded.language"),
          publisher: (eb) => eb.ref("excluded.publisher"),
          sponsored: (eb) => eb.ref("excluded.sponsored"),
          authors: (eb) => eb.ref("excluded.authors"),
          categories: (eb) => eb.ref("excluded.categories"),
          position: (eb) => eb.ref("excluded.position"),
          last_seen: (eb) => eb.ref("excluded.last_seen"),
        }),
      )
      .returning([...ARTICLE_COLUMNS, "last_seen", "position"])
      .execute();
    written.push(...stored);
  }
  return written;
}

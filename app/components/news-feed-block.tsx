import { useEffect, useState } from "react";
import type { CardArticle } from "~/lib/news";
import { RelativeTime } from "./relative-time";

/** How often the block asks /api/articles for newer headlines. */
const REFRESH_MS = 5 * 60_000;

interface ApiArticle {
  title: string;
  url: string;
  date: string | null;
  category: string;
}

/**
 * A compact list of the latest headlines (the News Feed blocks): rendered on the server from the
 * loader, then kept fresh in the browser from GET /api/articles.
 */
export function NewsFeedBlock({
  title,
  category,
  initial,
  limit = 8,
}: {
  title: string;
  category: string;
  initial: CardArticle[];
  limit?: number;
}) {
  const [items, setItems] = useState(() =>
    initial
      .slice(0, limit)
      .map((a) => ({ title: a.title, url: a.url, date: a.publishedAt, key: a.id })),
  );

  useEffect(() => {
    const controller = new AbortController();
    const refresh = async () => {
      try {
        const res = await fetch(`/api/articles?category=${encodeURIComponent(category)}`, {
          signal: controller.signal,
        });
        if (!res.ok) return;
        const body = (await res.json()) as { state: string; articles: ApiArticle[] };
        if (body.state !== "ready" || body.articles.length === 0) return;
        setItems(
          body.articles
            .slice(0, limit)
            .map((a) => ({ title: a.title, url: a.url, date: a.date, key: `${a.url}#${a.title}` })),
        );
      } catch {
        // Offline or aborted: keep what is shown.
      }
    };
    const timer = window.setInterval(refresh, REFRESH_MS);
    return () => {
      window.clearInterval(timer);
      controller.abort();
    };
  }, [category, limit]);

  return (
    <section className="border-t-4 border-ink pt-3" aria-label={title}>
      <h2 className="font-serif text-xl font-bold">{title}</h2>
      {items.length === 0 ? (
        <p className="mt-2 text-sm text-muted">No headlines yet.</p>
      ) : (
        <ol className="mt-2 divide-y divide-rule">
          {items.map((item) => (
            <li key={item.key} className="py-2">
              <a
                href={item.url}
                {...(item.url !== "#" ? { target: "_blank", rel: "noopener noreferrer" } : {})}
                className="text-[0.95rem] leading-snug font-semibold text-ink hover:text-accent hover:underline"
              >
                {item.title}
                {item.url !== "#" && <span className="sr-only"> (opens in a new tab)</span>}
              </a>
              {item.date && (
                <p className="text-xs text-muted">
                  <RelativeTime iso={item.date} />
                </p>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

import { relativeDate } from "~/lib/relative-date";
import { useSite } from "~/lib/root-data";
import { useNow } from "~/lib/use-now";

/** A relative date ("3 hours ago") in a <time datetime>, kept fresh in the browser. */
export function RelativeTime({
  iso,
  className,
  minutes,
}: {
  iso: string;
  className?: string;
  /** Within the hour, in minutes (relativeDate's `minutes`: when news was last refreshed). */
  minutes?: boolean;
}) {
  const { site, now: serverNow } = useSite();
  const now = useNow(serverNow);
  return (
    <time dateTime={iso} className={className}>
      {relativeDate(iso, now, site, { minutes })}
    </time>
  );
}

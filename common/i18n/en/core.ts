// English interface text, exactly the specification's (docs/product.md). Core: dates, languages, the
// screens every page can end on.
export const core = {
  "time.justNow": "Just now",
  "time.minutesAgo": { one: "{count} minute ago", other: "{count} minutes ago" },
  "time.hoursAgo": { one: "{count} hour ago", other: "{count} hours ago" },
  "time.yesterday": "Yesterday",
  "time.daysAgo": { one: "{count} day ago", other: "{count} days ago" },
  "edition.untranslated":
    "This page is not yet available in {language}: it is shown in {original}.",
} as const;

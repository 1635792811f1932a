// English interface text (links), exactly the specification's (docs/product.md): what a link
// says beside its text, and a News Feed's empty list. An island renders these in the browser
// (a refreshed News Feed): it holds them by language (common/i18n/links.ts), so that a page
// need not carry them; this small area is what it bundles, not the layout's and the news' whole.
export const links = {
  "layout.opensInNewTab": "(opens in a new tab)",
  "layout.inLanguage": "in {language}",
  "layout.sponsored": "Sponsored",
  "news.feed.empty": "No other headlines yet.",
} as const;

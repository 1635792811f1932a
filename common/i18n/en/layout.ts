// English interface text (layout), exactly the specification's (docs/product.md).
export const layout = {
  // The site's layout, header, navigation and search.
  "layout.skipToContent": "Skip to content",
  "layout.openMenu": "Open menu",
  "layout.closeMenu": "Close menu",
  "layout.mainNav": "Main",
  "layout.sponsoredList": "Sponsored:",
  "layout.sections": "Sections",
  "layout.more": "More",
  "layout.currentPageInMore": "(the current page is here)",
  "layout.searchNews": "Search news",
  "layout.search": "Search",
  "layout.backToHome": "Back to Home",
  // Links, ads and embeds.
  // (What a link says beside its text, "(opens in a new tab)", is in links.ts.)
  "layout.advertisement": "Advertisement",
  "layout.yourAdHere": "Your ad could be here",
  "layout.sponsoredBy": "Sponsored by",
  "layout.sponsoredByPartner": "Sponsored by {partner}",
  "layout.featuredVideo": "Featured Video",
  "layout.playVideo": "Play video: {title}",
  "layout.videoComingSoon": "Video coming soon",
  // The live channel.
  "layout.newStoriesCount": { one: "{count} new story", other: "{count} new stories" },
  // A page the offline service worker shows from its copy (app/offline/service-worker.ts):
  // when it was saved, today or on an earlier day ({time}, {date}: the city's, in its language).
  "layout.savedAt": "Saved at {time}",
  "layout.savedOn": "Saved on {date} at {time}",
  // The footer.
  "layout.footerConnect": "Connect",
  "layout.footerNetwork":
    "{site} is one of a network of {size} local publications serving communities across the United States.",
  "layout.copyright": "© {year} {site}. All rights reserved.",
  // The site's own feeds (issue 54): the footer's line, and the weather alerts' feed.
  "layout.footerFeeds": "Follow in a feed reader:",
  "layout.footerFeedsAlerts": "Weather alerts",
  "layout.feedAlertsTitle": "Weather alerts for {city}",
  "layout.feedAlertsDescription":
    "The National Weather Service's warnings, watches and advisories in force for {city}, each until it ends.",
  // Storm mode's emergency block.
  "layout.stormHeading": "Weather emergency in {city}",
  "layout.stormArea": "Area:",
  "layout.stormFrom": "From:",
  "layout.stormUntil": "Until:",
  "layout.stormFurtherNotice": "further notice",
  "layout.stormWhatToDo": "What to do:",
  "layout.stormMore": {
    one: "and {count} more urgent alert",
    other: "and {count} more urgent alerts",
  },
  "layout.allWeatherAlerts": "All weather alerts",
  "layout.listenLiveRadio": "Listen to live radio",
  "layout.emergencyLinks": "Emergency links",
  // The donation prompt.
  "layout.donationTitle": "Support Your Community",
  "layout.donationText":
    "{site} is free for every reader. If our reporting helps you, please consider a donation to our partner charity, which supports families in need across {city}.",
  "layout.donateNow": "Donate Now",
  "layout.maybeLater": "Maybe Later",
  "layout.close": "Close",
  // The error screen and the 404 page.
  "layout.errorHeading": "Unexpected Application Error!",
  "layout.errorMessage": "Something went wrong.",
  "layout.returnHome": "Return to Homepage",
  "layout.notFoundHeading": "Page Not Found",
  "layout.notFoundText": "We couldn't find the page you're looking for.",
  "layout.searchTheNews": "Search the news",
  "layout.mainSections": "Main sections",
} as const;

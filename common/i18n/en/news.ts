// English interface text (news), exactly the specification's (docs/product.md): the categories' names
// and descriptions, news lists' states, story cards, home, search and the news pages' own text.
const latest = (topic: string) =>
  `The latest ${topic} for {city}, {state}: stories gathered from trusted newsrooms and updated through the day.`;

export const news = {
  // The categories (sites/categories.ts): a page's h1, the header's label, the loading text's
  // noun, the page's description ({name}, {city}, {state}) and home's section title.
  "news.category.local.heading": "Local News",
  "news.category.local.label": "Local",
  "news.category.local.noun": "local",
  "news.category.local.description":
    "{city} local news: neighbourhoods, city hall, schools, public safety and community stories from across the {city} area.",
  "news.category.local.home": "Local",
  "news.category.national.heading": "National News",
  "news.category.national.label": "National",
  "news.category.national.noun": "national",
  "news.category.national.description": latest("national news from across the United States"),
  "news.category.national.home": "National",
  "news.category.world.heading": "World News",
  "news.category.world.label": "World",
  "news.category.world.noun": "world",
  "news.category.world.description": latest("world news and international affairs"),
  "news.category.world.home": "World",
  "news.category.politics.heading": "Politics & Government",
  "news.category.politics.label": "Politics",
  "news.category.politics.noun": "politics",
  "news.category.politics.description": latest(
    "politics and government news, from city hall to Congress,",
  ),
  "news.category.politics.home": "Politics & Government",
  "news.category.business.heading": "Business & Finance",
  "news.category.business.label": "Business",
  "news.category.business.noun": "business",
  "news.category.business.description": latest("business, markets and personal finance news"),
  "news.category.business.home": "Business & Finance",
  "news.category.technology.heading": "Technology & Innovation",
  "news.category.technology.label": "Technology",
  "news.category.technology.noun": "technology",
  "news.category.technology.description": latest("technology and innovation news"),
  "news.category.technology.home": "Technology & Innovation",
  "news.category.automotive.heading": "Automotive & Energy",
  "news.category.automotive.label": "Automotive",
  "news.category.automotive.noun": "automotive & energy",
  "news.category.automotive.description": latest("automotive and energy news"),
  "news.category.realestate.heading": "Real Estate & Housing",
  "news.category.realestate.label": "Real Estate",
  "news.category.realestate.noun": "real estate",
  "news.category.realestate.description": latest("real estate, housing and development news"),
  "news.category.health.heading": "Health & Wellness",
  "news.category.health.label": "Health",
  "news.category.health.noun": "health",
  "news.category.health.description": latest("health, medicine and wellness news"),
  "news.category.sports.heading": "Sports",
  "news.category.sports.label": "Sports",
  "news.category.sports.noun": "sports",
  "news.category.sports.description": latest(
    "sports news: baseball, tennis, golf, hockey and soccer,",
  ),
  "news.category.arts.heading": "Arts & Culture",
  "news.category.arts.label": "Arts & Culture",
  "news.category.arts.noun": "arts & culture",
  "news.category.arts.description": latest("arts and culture news and the cultural calendar"),
  "news.category.food.heading": "Food & Dining",
  "news.category.food.label": "Food",
  "news.category.food.noun": "food",
  "news.category.food.description": latest("food, restaurant and dining news"),
  "news.category.lifestyle.heading": "Lifestyle & Fashion",
  "news.category.lifestyle.label": "Lifestyle",
  "news.category.lifestyle.noun": "lifestyle",
  "news.category.lifestyle.description": latest("lifestyle and fashion stories"),
  "news.category.opinion.heading": "Opinion & Editorial",
  "news.category.opinion.label": "Opinion",
  "news.category.opinion.noun": "opinion",
  "news.category.opinion.description":
    "Opinion, columns and editorials for {city}, and how to submit an op-ed or a letter to the editor.",
  "news.category.archives.heading": "From the Archives",
  "news.category.archives.label": "Archives",
  "news.category.archives.noun": "archives",
  "news.category.archives.description": "Stories from the archives of {name}.",
  "news.category.events.heading": "Local Events",
  "news.category.events.label": "Events",
  "news.category.events.noun": "events",
  "news.category.events.description":
    "Community events, cultural activities and business gatherings in {city}, and how to submit your event.",

  // The states of a list of news (docs/product.md §8) and the byline under a news page's title.
  "news.state.loading": "Loading {noun} news...",
  "news.state.error": "{prefix}: {error}",
  "news.state.errorPrefix": "Error loading news",
  "news.state.errorArchives": "Error loading archives",
  "news.state.errorArticles": "Error loading articles",
  "news.state.empty": "No stories yet. Check back soon.",
  // What is true of a section's stories (issue 53): other outlets', selected, not reported here.
  "news.byline.outlets": {
    one: "Stories selected from {count} outlet",
    other: "Stories selected from {count} outlets",
  },
  "news.byline.updated": " · Updated ",
  "news.byline.updatedAlone": "Updated ",

  // A story: its kicker, its card, the other outlets that ran it.
  "news.story.sponsored": "Sponsored",
  "news.story.inLanguage": "in {language}",
  "news.story.readFull": "Read full article",
  "news.story.alsoAt": "Also at",
  "news.story.archiveLabel": "Archive",
  // Who wrote a story, as its feed names them: "By Ana Pérez, Sam Lee and Kim Ho".
  "news.story.byline": "By {authors}",
  "news.story.authorsAnd": "and",

  // Home.
  "news.home.featured": "Featured story",
  "news.home.related": "Related",
  "news.home.newsFeed": "News Feed",
  "news.home.cityLinks": "Learn More About {city}",
  "news.home.loading": "Loading the latest news...",
  "news.home.unavailable": "News is not available right now. Please check back soon.",
  "news.section.seeAll": "See All",
  "news.section.seeAllHidden": " {title} news",

  // The News Feed blocks.
  // (An empty list's words, "No other headlines yet.", are in links.ts.)
  "news.feed.local": "Local News Feed",

  // The news pages' own text.
  "news.archives.standfirst": "Stories worth another look, from the archives of {name}.",
  "news.opinion.standfirst":
    "Columns and commentary from other outlets' opinion pages, kept apart from the news.",
  "news.opinion.submitTitle": "Submit Your Opinion",
  "news.opinion.submitWelcome": "We welcome op-eds and letters to the editor from readers.",
  "news.opinion.opEdLength": "Op-eds: 600-800 words",
  "news.opinion.letterLength": "Letters: 200-300 words",
  "news.opinion.sendTo": "Send yours with your full name and neighborhood to",
  "news.opinion.standards": "Editorial Standards",
  "news.sports.upcoming": "Upcoming Games",
  "news.sports.game": "{away} at {home}",
  "news.sports.interview": "Interview",
  "news.sports.highlights": "Highlights",
  "news.sports.latest": "Latest Sports News",
  "news.arts.calendar": "Cultural Calendar",
  "news.events.submitTitle": "Submit Your Event",
  "news.events.weList": "We list events from across the community, including:",
  "news.events.sendTo": "Send the details to",
  "news.events.standfirst": "What's happening around {city}.",
  "news.events.frameTitle": "{city} events",
  "news.events.placeholder": "The community events wall will appear here.",

  // Search (decision 003).
  "news.search.again": "Search again",
  "news.search.prompt": "Type one or more words in the search box to find stories.",
  "news.search.none":
    "No stories match “{query}”. Check the spelling, or try fewer or other words.",
  "news.search.count": {
    one: "{count} result for “{query}”",
    other: "{count} results for “{query}”",
  },
  "news.search.countMore": "{count}+ results for “{query}”",
  "news.search.more": " (the most recent ones; add a word to narrow the search)",
  "news.search.onThisSite": "On this site",
  "news.search.pages": "Search result pages",
  "news.search.previous": "← Previous",
  "news.search.next": "Next →",
  "news.search.pageOf": "Page {page} of {pageCount}",

  // /api/articles.
  "news.api.badCategory": "category must be one or more of: {keys} (each at most once)",
  "news.api.badLimit": "limit must be a whole number from 1 to {max}, given at most once",
} as const;

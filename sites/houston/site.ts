import type { SiteConfig } from "../schema";

/** The Houston publication. Everything city-specific about it lives here (and in content/). */
export default {
  id: "houston",
  name: "Houston City Wire",
  tagline:
    "Local news, politics, business, sports, culture and events for Houston, Texas, with live radio and community resources.",
  city: "Houston",
  state: "Texas",
  stateCode: "TX",
  geo: { latitude: 29.7604, longitude: -95.3698 },
  timeZone: "America/Chicago",
  locale: "en-US",
  baseUrl: "https://houstoncitywire.com",
  socialImage: "/social/houston-1200x630.png",
  defaultImage: "/images/default-news.svg",
  keywords: [
    "Houston news",
    "Houston Texas",
    "Harris County",
    "Houston local news",
    "Texas politics",
    "Houston events",
    "Houston weather",
  ],
  contact: {
    email: "newsroom@houstoncitywire.com",
    phone: "(713) 555-0142",
    address: "1001 Main Street, Houston, TX 77002",
    officeHours: "Monday to Friday, 9 a.m. to 5 p.m.",
  },
  partners: [
    { label: "Buddha TV", url: "https://buddhatv.org" },
    { label: "Dunamis Charge", url: "https://dunamischarge.com" },
  ],
  social: [
    { label: "Facebook", url: "https://www.facebook.com/houstoncitywire" },
    { label: "X (Twitter)", url: "https://x.com/houstoncitywire" },
    { label: "Instagram", url: "https://www.instagram.com/houstoncitywire" },
    { label: "YouTube", url: "https://www.youtube.com/@houstoncitywire" },
  ],
  donationUrl: "https://www.houstonfoodbank.org/donate/",
  donationPrompt: { snoozeDays: 7, afterDonateDays: 30 },
  cityLinks: [
    { label: "City of Houston", url: "https://www.houstontx.gov/" },
    { label: "Harris County", url: "https://www.harriscountytx.gov/" },
    { label: "Visit Houston", url: "https://www.visithoustontexas.com/" },
    { label: "Houston Public Library", url: "https://houstonlibrary.org/" },
    { label: "METRO Houston", url: "https://www.ridemetro.org/" },
    { label: "Houston Museum District", url: "https://www.houmuse.org/" },
  ],
  embeds: {
    formScript: "",
    adClient: "",
    imageBoard: "",
    eventsFeed: "",
    leadForm: "",
    featuredVideo: "",
  },
  // Public feeds of the kinds SPEC.md §7 names: national outlets, a restaurant trade site, a
  // lifestyle blog, a columnist feed and a former government blog. Sports has five feeds, in the
  // order baseball, tennis, golf, hockey, soccer. FEEDS_FILE replaces all of these.
  feeds: {
    local: ["https://www.houstonpublicmedia.org/feed/", "https://abc13.com/feed/"],
    national: [
      "https://feeds.npr.org/1001/rss.xml",
      "https://rss.nytimes.com/services/xml/rss/nyt/US.xml",
    ],
    world: ["https://feeds.bbci.co.uk/news/world/rss.xml", "https://www.theguardian.com/world/rss"],
    politics: [
      "https://feeds.npr.org/1014/rss.xml",
      "https://rss.nytimes.com/services/xml/rss/nyt/Politics.xml",
    ],
    business: [
      "https://feeds.npr.org/1006/rss.xml",
      "https://rss.nytimes.com/services/xml/rss/nyt/Business.xml",
    ],
    technology: [
      "https://feeds.arstechnica.com/arstechnica/index",
      "https://www.theverge.com/rss/index.xml",
    ],
    automotive: [
      "https://www.caranddriver.com/rss/all.xml/",
      "https://www.eia.gov/rss/todayinenergy.xml",
    ],
    realestate: ["https://www.housingwire.com/feed/"],
    health: [
      "https://feeds.npr.org/1128/rss.xml",
      "https://rss.nytimes.com/services/xml/rss/nyt/Health.xml",
    ],
    sports: [
      "https://www.espn.com/espn/rss/mlb/news",
      "https://www.espn.com/espn/rss/tennis/news",
      "https://www.espn.com/espn/rss/golf/news",
      "https://www.espn.com/espn/rss/nhl/news",
      "https://www.espn.com/espn/rss/soccer/news",
    ],
    arts: ["https://feeds.npr.org/1008/rss.xml"],
    food: ["https://www.nrn.com/rss.xml"],
    lifestyle: ["https://cupofjo.com/feed/"],
    opinion: ["https://rss.nytimes.com/services/xml/rss/nyt/Opinion.xml"],
    archives: ["https://obamawhitehouse.archives.gov/feed"],
  },
  radio: {
    upstream: "",
    ports: [8076],
    maxListeners: 500,
    schedule: [
      {
        days: "Weekdays",
        start: "06:00",
        end: "09:00",
        show: "Morning Drive: news, traffic and weather",
      },
      { days: "Weekdays", start: "09:00", end: "12:00", show: "Community Voices" },
      { days: "Weekdays", start: "12:00", end: "13:00", show: "The Noon Report" },
      { days: "Weekdays", start: "16:00", end: "19:00", show: "Afternoon Drive" },
      { days: "Saturday", start: "10:00", end: "12:00", show: "Gulf Coast Gardening" },
      { days: "Sunday", start: "08:00", end: "10:00", show: "Gospel Morning" },
    ],
  },
} satisfies SiteConfig;

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
  feeds: {},
  radio: { upstream: "", ports: [8076] },
} satisfies SiteConfig;

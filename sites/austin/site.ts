import type { SiteConfig } from "../schema";

/** A small sample publication: proves that no city lives in the code. */
export default {
  id: "austin",
  name: "Austin City Wire",
  tagline:
    "Local news, politics, business, music, culture and events for Austin, Texas, with live radio and community resources.",
  city: "Austin",
  state: "Texas",
  stateCode: "TX",
  geo: { latitude: 30.2672, longitude: -97.7431 },
  timeZone: "America/Chicago",
  locale: "en-US",
  baseUrl: "https://austincitywire.com",
  socialImage: "/social/austin-1200x630.png",
  defaultImage: "/images/default-news.svg",
  keywords: ["Austin news", "Austin Texas", "Travis County", "Austin events"],
  contact: {
    email: "desk@austincitywire.com",
    phone: "(512) 555-0178",
    address: "301 Congress Avenue, Austin, TX 78701",
    officeHours: "Monday to Friday, 9 a.m. to 5 p.m.",
  },
  partners: [
    { label: "Buddha TV", url: "https://buddhatv.org" },
    { label: "Dunamis Charge", url: "https://dunamischarge.com" },
  ],
  social: [{ label: "Facebook", url: "https://www.facebook.com/austincitywire" }],
  donationUrl: "https://www.centraltexasfoodbank.org/donate",
  donationPrompt: { snoozeDays: 7, afterDonateDays: 30 },
  cityLinks: [
    { label: "City of Austin", url: "https://www.austintexas.gov/" },
    { label: "Visit Austin", url: "https://www.austintexas.org/" },
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
  radio: {
    upstream: "",
    ports: [8076],
    maxListeners: 500,
    schedule: [
      { days: "Weekdays", start: "06:00", end: "09:00", show: "Austin Mornings" },
      { days: "Weekdays", start: "17:00", end: "19:00", show: "Capitol Report" },
      { days: "Saturday", start: "20:00", end: "23:00", show: "Live Music Capital" },
    ],
  },
} satisfies SiteConfig;

import type { FeedKey } from "./categories";

/** A titled list of outside links (SPEC.md §3 "Resource link list"). */
export interface LinkList {
  title: string;
  links: { title: string; url: string }[];
}

/** The story shown on home when the local feed has nothing (SPEC.md §2 Home). */
export interface FeaturedStory {
  title: string;
  summary: string;
  image: string;
  category: string;
  url: string;
}

export interface Game {
  sport: string;
  home: string;
  away: string;
  /** ISO date-time in the city's time zone offset */
  startsAt: string;
  venue: string;
}

export interface CalendarItem {
  title: string;
  /** ISO date */
  date: string;
  venue: string;
  description: string;
}

/** The city's editorial content for the news pages: static blocks that are not from feeds. */
export interface NewsContent {
  featuredStory: FeaturedStory;
  featuredVideo: { title: string; poster: string };
  /** Sidebar resources by category key. */
  resources: Partial<Record<FeedKey, LinkList>>;
  sports: {
    interview: { title: string; name: string; role: string; quote: string; body: string };
    highlights: { title: string; description: string }[];
    upcomingGames: Game[];
  };
  culturalCalendar: CalendarItem[];
  opinion: { submitEmail: string; standards: string[] };
  events: { submitEmail: string; kinds: { title: string; description: string }[] };
}

export interface FaqItem {
  question: string;
  answer: string;
}

/** The FAQ page: its questions and when they were last revised. */
export interface FaqContent {
  /** ISO date (YYYY-MM-DD, the city's calendar day) the answers were last revised. */
  updated: string;
  items: FaqItem[];
}

/** The partners page: its documents and when they were last revised. */
export interface PartnersContent {
  /** ISO date (YYYY-MM-DD, the city's calendar day) the documents were last revised. */
  updated: string;
  documents: PartnerDocument[];
}

/**
 * The contact page. Its details (address, phone, hours) are the site config's `contact`; this is
 * when the newsroom last checked them.
 */
export interface ContactContent {
  /** ISO date (YYYY-MM-DD, the city's calendar day) the contact details were last checked. */
  updated: string;
}

export interface JobOpening {
  title: string;
  department: string;
  /** Full-time, Part-time, Contract, … */
  type: string;
  description: string;
  /** ISO date (YYYY-MM-DD, the city's calendar day) the opening was posted. */
  datePosted: string;
}

/** The city's static pages. */
export interface PagesContent {
  faq: FaqContent;
  weather: WeatherContent;
  partners: PartnersContent;
  contact: ContactContent;
  legal: LegalContent;
  books: BooksContent;
  careers: {
    openings: JobOpening[];
    benefits: string[];
    applyEmail: string;
    internship: string;
  };
}

export type WeatherCondition = "sunny" | "cloudy" | "rainy" | "windy";

/** SPEC.md §3 weather entities, and the rest of the static weather page. */
export interface WeatherContent {
  /** ISO date (YYYY-MM-DD, the city's calendar day) the page's figures were last revised. */
  updated: string;
  current: {
    temperature: number;
    condition: WeatherCondition;
    humidity: number;
    windSpeed: number;
    windDirection: string;
    pressure: number;
    visibility: number;
    uvIndex: number;
  };
  alerts: { type: string; description: string; severity: "severe" | "moderate" | "minor" }[];
  forecast: { day: string; condition: WeatherCondition; high: number; low: number }[];
  tips: string[];
  hurricaneSeason: string;
  /** Monthly averages: °F and inches of rain. */
  history: { month: string; high: number; low: number; rainfall: number }[];
}

/** A numbered section of a legal page. */
export interface LegalSection {
  title: string;
  paragraphs: string[];
}

export interface LegalContent {
  /** ISO date (YYYY-MM-DD, the city's calendar day) the texts were last revised. */
  updated: string;
  privacyPolicy: LegalSection[];
  termsOfService: LegalSection[];
  privacy: string[];
  terms: string[];
}

/** SPEC.md §3 partner document: a cloud-drive file id (empty: not configured) and a title. */
export interface PartnerDocument {
  id: string;
  title: string;
}

export interface Book {
  title: string;
  /** An https cover image URL, or empty for a typographic cover. */
  cover: string;
  /** The book's page at the retailer. */
  url: string;
  /** Who wrote it, as a cover names them (set on the typographic cover). */
  author: string;
}

/** The books page (SPEC.md §2 Books). */
export interface BooksContent {
  /** ISO date (YYYY-MM-DD) the list of books was last revised. */
  updated: string;
  /** The online university the banner promotes. */
  universityUrl: string;
  /** The author's store page at the retailer (View All Books). */
  storeUrl: string;
  books: Book[];
}

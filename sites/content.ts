import type { FeedKey } from "./schema";

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

export interface JobOpening {
  title: string;
  department: string;
  /** Full-time, Part-time, Contract, … */
  type: string;
  description: string;
  /** ISO date the opening was posted. */
  datePosted: string;
}

/** The city's static pages (FAQ, careers). */
export interface PagesContent {
  faq: FaqItem[];
  careers: {
    openings: JobOpening[];
    benefits: string[];
    applyEmail: string;
    internship: string;
  };
}

import { z } from "zod";
import { FEED_KEYS } from "./categories";
import { HAZARDS } from "../common/weather-hazards";

// The shapes of a city's editorial content, as zod schemas (a city's data file is checked against
// them, sites/schema.ts CitySchema) and as the types the pages use (z.infer of each schema). Every
// object is strict: a key the schema does not name is an error, so a misspelt key in a city's
// data fails loudly instead of being silently dropped.

/** An absolute http(s) URL: every link the pages show. */
const httpUrl = z
  .url({ protocol: /^https?$/, error: "must be an http(s) URL" })
  .describe("an absolute http(s) URL");

/** A calendar day, YYYY-MM-DD, that exists (no 2026-02-30). */
const isoDate = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, "must be a date, YYYY-MM-DD")
  .refine(isCalendarDay, "must be a date that exists");

/** A date-time with its offset, e.g. 2027-04-02T19:10:00-05:00. */
const isoDateTime = z.iso.datetime({
  offset: true,
  error: "must be an ISO date-time with its offset, e.g. 2027-04-02T19:10:00-05:00",
});

/**
 * An image: a site-relative path of a file under public/ (not protocol-relative, no `..`), or an
 * absolute http(s) URL.
 */
const image = z
  .string()
  .regex(
    /^\/(?!\/)(?!.*\.\.)[\w\-./]+\.(svg|webp|png|jpg|jpeg|gif|avif)$/,
    "must be a site-relative image path or an http(s) URL",
  )
  .or(httpUrl);

const email = z.email({ error: "must be an e-mail address" });

/** A line of text the page shows: not empty. */
const text = z.string().min(1);

/** A titled list of outside links (docs/product.md §3 "Resource link list"). */
export const LinkListSchema = z.strictObject({
  title: text,
  links: z.array(z.strictObject({ title: text, url: httpUrl })),
});
export type LinkList = z.infer<typeof LinkListSchema>;

/** The story shown on home when the local feed has nothing (docs/product.md §2 Home). */
export const FeaturedStorySchema = z.strictObject({
  title: text,
  summary: text,
  image,
  category: text,
  url: httpUrl,
});
export type FeaturedStory = z.infer<typeof FeaturedStorySchema>;

export const GameSchema = z.strictObject({
  sport: text,
  home: text,
  away: text,
  /** ISO date-time in the city's time zone offset */
  startsAt: isoDateTime,
  venue: text,
});
export type Game = z.infer<typeof GameSchema>;

export const CalendarItemSchema = z.strictObject({
  title: text,
  /** ISO date */
  date: isoDate,
  venue: text,
  description: text,
});
export type CalendarItem = z.infer<typeof CalendarItemSchema>;

/** The city's editorial content for the news pages: static blocks that are not from feeds. */
export const NewsContentSchema = z.strictObject({
  featuredStory: FeaturedStorySchema,
  featuredVideo: z.strictObject({ title: text, poster: image }),
  /** Sidebar resources by category key. */
  resources: z.partialRecord(z.enum(FEED_KEYS), LinkListSchema),
  sports: z.strictObject({
    interview: z.strictObject({
      title: text,
      name: text,
      role: text,
      quote: text,
      body: text,
    }),
    highlights: z.array(z.strictObject({ title: text, description: text })),
    upcomingGames: z.array(GameSchema),
  }),
  culturalCalendar: z.array(CalendarItemSchema),
  opinion: z.strictObject({ submitEmail: email, standards: z.array(text) }),
  events: z.strictObject({
    submitEmail: email,
    kinds: z.array(z.strictObject({ title: text, description: text })),
  }),
});
export type NewsContent = z.infer<typeof NewsContentSchema>;

export const FaqItemSchema = z.strictObject({
  question: text,
  answer: text,
  /** A page of the site the answer points to ("corrections"), linked after it by its heading. */
  page: z.enum(["about", "corrections", "contact", "careers", "opinion", "weather"]).optional(),
});
export type FaqItem = z.infer<typeof FaqItemSchema>;

/** The FAQ page: its questions and when they were last revised. */
export const FaqContentSchema = z.strictObject({
  /** ISO date (YYYY-MM-DD, the city's calendar day) the answers were last revised. */
  updated: isoDate,
  items: z.array(FaqItemSchema),
});
export type FaqContent = z.infer<typeof FaqContentSchema>;

/** docs/product.md §3 partner document: a cloud-drive file id (empty: not configured) and a title. */
export const PartnerDocumentSchema = z.strictObject({
  id: z.string().regex(/^[\w-]*$/, "must be a cloud-drive file id, or empty"),
  title: text,
});
export type PartnerDocument = z.infer<typeof PartnerDocumentSchema>;

/** The partners page: its documents and when they were last revised. */
export const PartnersContentSchema = z.strictObject({
  /** ISO date (YYYY-MM-DD, the city's calendar day) the documents were last revised. */
  updated: isoDate,
  documents: z.array(PartnerDocumentSchema),
});
export type PartnersContent = z.infer<typeof PartnersContentSchema>;

/**
 * The contact page. Its details (address, phone, hours) are the site config's `contact`; this is
 * when the newsroom last checked them.
 */
export const ContactContentSchema = z.strictObject({
  /** ISO date (YYYY-MM-DD, the city's calendar day) the contact details were last checked. */
  updated: isoDate,
});
export type ContactContent = z.infer<typeof ContactContentSchema>;

export const JobOpeningSchema = z.strictObject({
  title: text,
  department: text,
  /** Full-time, Part-time, Contract, … */
  type: text,
  description: text,
  /** ISO date (YYYY-MM-DD, the city's calendar day) the opening was posted. */
  datePosted: isoDate,
});
export type JobOpening = z.infer<typeof JobOpeningSchema>;

export const WeatherConditionSchema = z.enum(["sunny", "cloudy", "rainy", "windy"]);
export type WeatherCondition = z.infer<typeof WeatherConditionSchema>;

/**
 * What the weather page holds as content (docs/product.md §2 Weather): preparedness tips, the hurricane
 * season, the radar station, and the monthly climate normals with their source and period. The
 * conditions, forecast and alerts are live, from the National Weather Service
 * (server/weather/): never figures typed into a city's data.
 */
export const WeatherContentSchema = z.strictObject({
  /** Tips for any time of year. */
  tips: z.array(text),
  hurricaneSeason: text,
  /**
   * Tips for the hazards the city prepares for: each shown first while an alert of its kind is in
   * force (common/weather-hazards.ts reads an alert's type), and in its season (its months, the
   * city's calendar); out of both, not shown.
   */
  hazards: z
    .array(
      z.strictObject({
        hazard: z.enum(HAZARDS),
        /** The tips' heading ("Freezes"). */
        heading: text,
        months: z.array(z.number().int().min(1).max(12)).min(1).max(12),
        tips: z.array(text).min(1),
      }),
    )
    .optional(),
  /**
   * The NEXRAD station of the city's radar picture ("KHGX": four letters, K for the lower 48, P
   * for Alaska, Hawaii and the Pacific, T for the terminal radars); absent, no radar section.
   */
  radarStation: z
    .string()
    .regex(/^[KPT][A-Z]{3}$/, "must be a NEXRAD station id such as KHGX")
    .optional(),
  /**
   * The NWS alert zones the city covers, by name (UGC codes: forecast zones "TXZ213" and counties
   * "TXC201"), most local first: warnings are read for them beside the city's point's own zones,
   * and a reader may ask for warnings by push for any of them (server/push/). Absent, the site
   * offers no push warnings.
   */
  alertZones: z
    .array(
      z.strictObject({
        code: z.string().regex(/^[A-Z]{2}[CZ]\d{3}$/, "must be an NWS UGC code such as TXZ213"),
        /** The zone's name as readers say it ("Inland Harris", "Harris County"). */
        name: text,
      }),
    )
    .max(12)
    .optional(),
  /** Monthly climate normals: °F and inches of rain. */
  history: z
    .array(
      z.strictObject({
        month: text,
        high: z.number(),
        low: z.number(),
        rainfall: z.number().min(0),
      }),
    )
    .optional(),
  /** Where the normals come from and the years they average ("NOAA NCEI", "1991–2020"). */
  normals: z.strictObject({ source: text, period: text }).optional(),
});
export type WeatherContent = z.infer<typeof WeatherContentSchema>;

/** A numbered section of a legal page. */
export const LegalSectionSchema = z.strictObject({
  title: text,
  paragraphs: z.array(text),
});
export type LegalSection = z.infer<typeof LegalSectionSchema>;

export const LegalContentSchema = z.strictObject({
  /** ISO date (YYYY-MM-DD, the city's calendar day) the texts were last revised. */
  updated: isoDate,
  privacyPolicy: z.array(LegalSectionSchema),
  termsOfService: z.array(LegalSectionSchema),
  privacy: z.array(text),
  terms: z.array(text),
});
export type LegalContent = z.infer<typeof LegalContentSchema>;

export const BookSchema = z.strictObject({
  title: text,
  /** An https cover image URL, or empty for a typographic cover. */
  cover: z.url({ protocol: /^https$/, error: "must be an https URL, or empty" }).or(z.literal("")),
  /** The book's page at the retailer. */
  url: httpUrl,
  /** Who wrote it, as a cover names them (set on the typographic cover). */
  author: text,
});
export type Book = z.infer<typeof BookSchema>;

/** The books page (docs/product.md §2 Books). */
export const BooksContentSchema = z.strictObject({
  /** ISO date (YYYY-MM-DD) the list of books was last revised. */
  updated: isoDate,
  /** The online university the banner promotes. */
  universityUrl: httpUrl,
  /** The author's store page at the retailer (View All Books). */
  storeUrl: httpUrl,
  books: z.array(BookSchema),
});
export type BooksContent = z.infer<typeof BooksContentSchema>;

export const CareersContentSchema = z.strictObject({
  openings: z.array(JobOpeningSchema),
  benefits: z.array(text),
  applyEmail: email,
  internship: text,
});
export type CareersContent = z.infer<typeof CareersContentSchema>;

/** One of those who run the publication, as its masthead names them. */
export const MastheadEntrySchema = z.strictObject({
  /** What they do ("Publisher", "Editor"). */
  role: text,
  /** Who they are: a person, or a desk ("The {name} newsroom"). */
  name: text,
  /** How to write to them, when they take mail of their own. */
  email: email.optional(),
});
export type MastheadEntry = z.infer<typeof MastheadEntrySchema>;

/**
 * The About page (issue 53): who the publication is, who owns it, how it is funded, what it
 * gathers and from where, and its relation to its sponsors and to the books it promotes, as
 * titled sections; then who runs it (its masthead, /about#masthead). The outlets it gathers from
 * are counted from its feeds by the page, not written here.
 */
export const AboutContentSchema = z.strictObject({
  /** ISO date (YYYY-MM-DD, the city's calendar day) the page was last revised. */
  updated: isoDate,
  /** One line under the heading: what the publication is. */
  standfirst: text,
  sections: z.array(LegalSectionSchema).min(1),
  masthead: z.array(MastheadEntrySchema).min(1),
});
export type AboutContent = z.infer<typeof AboutContentSchema>;

/** One correction: when it was made, what it corrected, and how. */
export const CorrectionSchema = z.strictObject({
  /** ISO date (YYYY-MM-DD, the city's calendar day) it was made. */
  date: isoDate,
  /** What was wrong, as the reader saw it: a summary's headline, a page's name. */
  subject: text,
  /** Where it was, when it has an address of its own. */
  url: httpUrl.optional(),
  /** What was wrong and what it now says. */
  text,
});
export type Correction = z.infer<typeof CorrectionSchema>;

/**
 * The corrections page (issue 53): what the publication corrects (its summaries, labels, dates,
 * weather texts), and the dated list of its corrections, newest first (empty: none so far). How
 * to ask for one is the interface's (the contact page, a subject).
 */
export const CorrectionsContentSchema = z.strictObject({
  /** ISO date (YYYY-MM-DD, the city's calendar day) the policy or the list last changed. */
  updated: isoDate,
  /** What we correct, and what is another outlet's to correct: a paragraph each. */
  policy: z.array(text).min(1),
  corrections: z.array(CorrectionSchema),
});
export type CorrectionsContent = z.infer<typeof CorrectionsContentSchema>;

/** The city's static pages. */
export const PagesContentSchema = z.strictObject({
  about: AboutContentSchema,
  corrections: CorrectionsContentSchema,
  faq: FaqContentSchema,
  weather: WeatherContentSchema,
  partners: PartnersContentSchema,
  contact: ContactContentSchema,
  legal: LegalContentSchema,
  books: BooksContentSchema,
  careers: CareersContentSchema,
});
export type PagesContent = z.infer<typeof PagesContentSchema>;

function isCalendarDay(date: string): boolean {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d));
  return day.getUTCFullYear() === y && day.getUTCMonth() === m - 1 && day.getUTCDate() === d;
}

/** A city's editorial content (static blocks of the pages), as its data holds it. */
export interface SiteContent {
  news: NewsContent;
  pages: PagesContent;
}

import { z } from "zod";
import { CATEGORIES, FEED_KEYS } from "./categories";
import { NewsContentSchema, PagesContentSchema } from "./content";

const httpUrl = z
  .url({ protocol: /^https?$/, error: "must be an http(s) URL" })
  .describe("an absolute http(s) URL");

const link = z.strictObject({
  label: z.string().min(1),
  url: httpUrl,
});

/** The most links a city's emergency list holds: a few, read at a glance in a storm. */
export const EMERGENCY_LINKS = 6;

/**
 * One of the city's emergency links (storm mode's block on home): the official page of its
 * emergency management, traffic, power outages or non-emergency line, over https.
 */
const emergencyLink = z.strictObject({
  label: z.string().trim().min(1, "must not be empty").max(60),
  url: z
    .url({ protocol: /^https$/, error: "must be an https URL" })
    .describe("an absolute https URL"),
});

const httpsUrlOrEmpty = z
  .url({ protocol: /^https$/, error: "must be an https URL" })
  .or(z.literal(""));

/** A time of day, "HH:MM" on a 24-hour clock. */
const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "must be HH:MM (24-hour)");

/** An id of a third-party embed; empty means "not configured": the page leaves the embed out. */
const embedId = z.string().regex(/^[\w\-.:/?=&%]*$/, "must be a plain identifier");

/** A colour as "#rrggbb". */
const hexColour = z.string().regex(/^#[0-9a-f]{6}$/i, "must be a colour as #rrggbb");

/** An IANA time zone such as America/Chicago. */
const timeZone = z.string().refine(isTimeZone, "must be an IANA time zone");

/** A BCP 47 locale such as en-US. */
const locale = z.string().refine(isLocale, "must be a BCP 47 locale");

/** Canonical base URL without a trailing slash. */
const baseUrl = httpUrl.refine((u) => !u.endsWith("/"), "must not end with a slash");

/** What a city's data file is named (without .json) and what SITE names: its id. */
export const CITY_ID = /^[a-z][a-z0-9-]{0,62}$/;

/**
 * The id of a city's page set in one language: the city's id for its default edition, and the
 * city's id, a dot and the language for another ("houston.es"), which no file can be named.
 */
export const EDITION_SITE_ID = /^[a-z][a-z0-9-]{0,62}(?:\.[a-z]{2,3})?$/;

/** Where an edition other than the default is served: a path prefix such as /es. */
export const EDITION_PATH = /^\/[a-z]{2,3}(?:-[a-z]{2,4})?$/;

/**
 * A host name as a reader types it: lower case, dotted labels, no port, no trailing dot, and a
 * top-level label that is not all digits (no IP addresses).
 */
const hostname = z
  .string()
  .max(253)
  .regex(
    /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?$/,
    "must be a lower-case host name without a port",
  );

/** A title rule of what is not news: a title's start ("We're hiring", "{n}% off"). */
const notNewsTitle = z.string().trim().min(2).max(80).regex(/\p{L}/u, "must hold a word");

/**
 * Rules of what is not news (server/news/not-news.ts): title starts and categories that mark a
 * job ad, a call for applications or a marketing post. The network's (`network.notNews` in
 * sites/network.json) hold for every feed; a feed's listing may add its own.
 */
export const NotNewsRulesSchema = z.strictObject({
  /** Title starts, case, accents and apostrophes aside; `{n}` stands for a number. */
  titles: z.array(notNewsTitle).max(200).optional(),
  /** Categories, matched whole, case and accents aside. */
  categories: z.array(z.string().trim().min(1).max(60)).max(200).optional(),
});

/**
 * One feed of a category: its URL, or its URL with what the city knows about it: the zone of its
 * dates that name none, the publisher's short name (bylines) and the language of its stories.
 */
export const FeedEntrySchema = z.union(
  [
    httpUrl,
    z.strictObject({
      url: httpUrl,
      /** The IANA zone of the feed's dates that give no offset. */
      timeZone: timeZone.optional(),
      /** The publisher's short name, as a byline names it. */
      name: z.string().min(1).max(60).optional(),
      /** The BCP 47 language of the feed's stories. */
      language: locale.optional(),
      /** "keep": the feed's paid posts are listed, labelled Sponsored (else left out). */
      sponsored: z.literal("keep").optional(),
      /** This feed's own rules of what is not news, over the network's. */
      notNews: NotNewsRulesSchema.optional(),
    }),
  ],
  { error: "must be a feed URL or { url, timeZone?, name?, language?, sponsored?, notNews? }" },
);
export type FeedEntry = z.infer<typeof FeedEntrySchema>;

/** The URL of a feed entry, whichever its form. */
export function feedUrl(entry: FeedEntry): string {
  return typeof entry === "string" ? entry : entry.url;
}

/** The settings every publication has, as a site config and as a city's data. */
const settings = {
  /** The publication's name, as in the masthead. */
  name: z.string().min(2),
  /** One sentence describing the publication, used as the default meta description. */
  tagline: z.string().min(10),
  city: z.string().min(2),
  /** Full state name, e.g. Texas. */
  state: z.string().min(2),
  /** Two-letter state code, e.g. TX (geo.region becomes US-TX). */
  stateCode: z.string().regex(/^[A-Z]{2}$/, "must be a two-letter upper-case code"),
  geo: z.strictObject({
    latitude: z.number().min(-90).max(90),
    longitude: z.number().min(-180).max(180),
  }),
  /** An IANA time zone such as America/Chicago. */
  timeZone,
  /** A BCP 47 locale such as en-US. */
  locale,
  /**
   * How the publication looks outside its pages: the colours of the installed app (its web app
   * manifest, the browser's bar) and of its icon, the icon's letters and the name under it on a
   * phone's home screen (server/offline/). The network's defaults are the stylesheet's accent and
   * paper (sites/network.json); the icon's letters default to the first of the city's name.
   */
  brand: z
    .strictObject({
      /** The app's theme colour and the icon's background: "#rrggbb". */
      color: hexColour,
      /** The app's splash background and the icon's letters: "#rrggbb". */
      background: hexColour,
      /** The name under the icon (a manifest's short_name): a dozen characters show whole. */
      shortName: z.string().trim().min(1).max(30).optional(),
      /** The icon's letters (one to three), drawn in a serif. */
      mark: z.string().trim().min(1).max(3).optional(),
    })
    .optional(),
  /** Site-relative path of the 1200×630 social image under public/. */
  socialImage: z.string().regex(/^\/[\w\-./]+\.(png|jpg|jpeg)$/, "must be a path under public/"),
  /** Site-relative path of the photo shown for a story whose feed gives none. */
  defaultImage: z
    .string()
    .regex(/^\/[\w\-./]+\.(svg|webp|png|jpg)$/, "must be a path under public/"),
  keywords: z.array(z.string().min(1)).min(1),
  contact: z.strictObject({
    email: z.email(),
    /** The newsroom's phone and street address; a city without them shows none. */
    phone: z
      .string()
      .regex(/^[+()\d\s.-]{7,20}$/, "must be a phone number")
      .optional(),
    address: z.string().min(5).optional(),
    officeHours: z.string().min(5),
  }),
  /**
   * The two partner sites linked from the header, the partners page and the home page's sponsor
   * blocks (the first as docs/product.md's buddhatv, the second as dunamischarge).
   */
  partners: z.array(link).length(2),
  social: z.array(link),
  donationUrl: httpUrl,
  /**
   * How long the donation prompt stays away after a reader answered it (kept in the reader's
   * localStorage): after X, Maybe Later or Escape, and after Donate Now. Newsroom tools cap their
   * prompts so (Newspack: once per visitor per period).
   */
  donationPrompt: z.strictObject({
    snoozeDays: z.number().int().min(0).max(365),
    afterDonateDays: z.number().int().min(0).max(365),
  }),
  /** Links in the home sidebar's "Learn More About {city}" list. */
  cityLinks: z.array(link),
  /** Third-party embeds (docs/product.md §7); an empty one is not configured and left out of pages. */
  embeds: z.strictObject({
    /** The layout's form-embed script: its https URL, or empty. */
    formScript: httpsUrlOrEmpty,
    /** The AdSense client id ("ca-pub-…"): ad slots and the ad script, or empty. */
    adClient: embedId,
    /** Embed URL of the RSS image board (an https URL, or empty). */
    imageBoard: httpsUrlOrEmpty,
    /** Embed URL of the events feed wall (an https URL, or empty). */
    eventsFeed: httpsUrlOrEmpty,
    /** Embed URL of the contact page's lead form (an https URL, or empty). */
    leadForm: httpsUrlOrEmpty,
    /** The featured video's id on the video host (common/embeds.ts), or empty. */
    featuredVideo: embedId,
  }),
  radio: z.strictObject({
    /** Base URL of the station's upstream (Icecast/Shoutcast); RADIO_UPSTREAM overrides it. */
    upstream: httpUrl.or(z.literal("")),
    ports: z.array(z.number().int().min(1).max(65535)).min(1),
    /** Listeners the relay serves at once; beyond it /api/stream answers 503. */
    maxListeners: z.number().int().min(1).max(100_000),
    /** The station's week, shown on /radio: days, start and end ("HH:MM", city time), show. */
    schedule: z
      .array(
        z.strictObject({
          days: z.string().min(1).max(40),
          start: clock,
          end: clock,
          show: z.string().min(1).max(80),
        }),
      )
      .max(30),
  }),
};

/** The slug of every page but home (app/routes.ts): what an edition may translate. */
export const PAGE_SLUGS = [
  ...CATEGORIES.map((c) => c.slug),
  ...["weather", "contact", "privacy-policy", "terms-of-service", "privacy", "terms"],
  ...["careers", "partners", "faq", "search", "radio", "books", "about", "corrections"],
] as const;

/**
 * First path segments that are no page's, which a translated slug must not take: the server's
 * own (server/http), the old path that redirects to a category and /masthead, which redirects
 * to the About page's masthead (app/routes.ts).
 */
const RESERVED_SEGMENTS = [
  "api",
  "assets",
  "images",
  "healthz",
  "readyz",
  "metrics",
  "automotive-energy",
  "masthead",
];

/**
 * An edition's translated paths (common/slugs.ts): a page's slug in its language, by the page's
 * own ("weather": "clima"). Each is one lower-case segment, at most one page's, and never a
 * page's own slug or a path the server answers itself: a translated path shadows nothing.
 */
export const SlugsSchema = z
  .partialRecord(
    z.enum(PAGE_SLUGS as unknown as [string, ...string[]]),
    z
      .string()
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "must be one lower-case segment such as clima")
      .max(60),
  )
  .superRefine((map, ctx) => {
    const seen = new Set<string>();
    for (const [page, slug] of Object.entries(map)) {
      if (slug === undefined) continue;
      const taken =
        seen.has(slug) ||
        (PAGE_SLUGS as readonly string[]).includes(slug) ||
        RESERVED_SEGMENTS.includes(slug);
      if (taken) ctx.addIssue({ code: "custom", path: [page], message: `"${slug}" is taken` });
      seen.add(slug);
    }
  });

/** One of a city's other editions (sites/editions.ts). */
export const EditionSchema = z
  .strictObject({
    /** Its locale: its language's catalogue (common/i18n), dates and numbers. */
    locale,
    /** Its path prefix on the city's hosts, e.g. /es. */
    path: z.string().regex(EDITION_PATH, "must be a path prefix such as /es").optional(),
    /** Its own host names instead (the first canonical). */
    hosts: z.array(hostname).min(1).optional(),
    /**
     * Its pages' paths in its language, over its language layer's ("weather": "clima" serves
     * /es/clima; null takes the layer's away).
     */
    slugs: SlugsSchema.nullable().optional(),
    /**
     * What it says in its language over the language's layer (sites/languages/<lang>.json):
     * tagline, keywords, feeds per category, content…, in the shape of the city's own data.
     */
    data: z.record(z.string(), z.unknown()).optional(),
  })
  .refine((e) => (e.path === undefined) !== (e.hosts === undefined), {
    error: "must name either a path or hosts",
  });
export type Edition = z.infer<typeof EditionSchema>;

export const SiteSchema = z.object({
  /** Folder name under sites/, and the value of SITE. */
  id: z.string().regex(/^[a-z][a-z0-9-]*$/, "must be lower-case letters, digits and dashes"),
  ...settings,
  /** Canonical base URL without a trailing slash; SITE_URL overrides it. */
  baseUrl,
  /** Feed URLs per feed key (sites/categories.ts); FEEDS_FILE replaces them all. */
  feeds: z.partialRecord(z.enum(FEED_KEYS), z.array(httpUrl)),
});

export type SiteConfig = z.infer<typeof SiteSchema>;

/**
 * A city of the network: its data file (sites/cities/<id>.json) merged over the network's
 * defaults (sites/network.json), its templates expanded, and its id set from the file's name
 * (sites/city-data.ts parseCity). Strict at every level: an unknown key is an error.
 */
export const CitySchema = z.strictObject({
  /**
   * The data file's name without .json, and the value of SITE; not written in the file. An
   * edition other than the default has the city's id and its language ("houston.es").
   */
  id: z
    .string()
    .regex(EDITION_SITE_ID, "must be lower-case letters, digits and dashes (at most 63)"),
  /** The host names the city answers to, each once; the first is the canonical one. */
  hosts: z
    .array(hostname)
    .min(1)
    .refine((hosts) => new Set(hosts).size === hosts.length, "must not repeat a host"),
  ...settings,
  /** Canonical base URL without a trailing slash; when absent, https://<hosts[0]>. */
  baseUrl: baseUrl.optional(),
  /** Feeds per feed key (sites/categories.ts); FEEDS_FILE replaces them all. */
  feeds: z.partialRecord(z.enum(FEED_KEYS), z.array(FeedEntrySchema)),
  /**
   * The city's own emergency links, each city its own (none by default): storm mode's block on
   * home lists them while an Extreme or Severe alert is in force (app/components/storm-mode.tsx).
   */
  emergency: z.array(emergencyLink).max(EMERGENCY_LINKS).optional(),
  /**
   * Its pages' paths in its language (common/slugs.ts): its language layer's
   * (sites/languages/<lang>.json), its own over them; an edition's are its declaration's.
   */
  slugs: SlugsSchema.optional(),
  /** The city's editorial content: the static blocks of the news pages and the static pages. */
  content: z.strictObject({
    news: NewsContentSchema,
    pages: PagesContentSchema,
  }),
  /**
   * The city's other editions, each in a language of its readers (sites/editions.ts): served
   * under a path prefix of the city's hosts (`path`, e.g. /es) or at hosts of its own, with its
   * own texts and feeds (`data`, over the language's layer).
   */
  editions: z.array(EditionSchema).max(8).optional(),
  /**
   * Made, never written: the static pages an edition shows in the network's own language for
   * want of a translation (sites/editions.ts), which it marks and says.
   */
  untranslated: z.array(z.string()).optional(),
});

export type City = z.infer<typeof CitySchema>;

function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

function isLocale(locale: string): boolean {
  try {
    return Intl.getCanonicalLocales(locale).length === 1;
  } catch {
    return false;
  }
}

/** Thrown when a site file does not match SiteSchema; the message names every bad field. */
export class SiteConfigError extends Error {
  override name = "SiteConfigError";
}

/**
 * One line per problem, each naming the bad field by its dotted path (`contact.email: Invalid
 * email address`); an unknown key is named as a field of its own (`contact.fax: unknown key`).
 */
export function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  return issues
    .flatMap((issue) => {
      const at = issue.path.map(String);
      if (issue.code === "unrecognized_keys") {
        return issue.keys.map((key) => `  - ${[...at, key].join(".")}: unknown key`);
      }
      return [`  - ${at.join(".") || "(root)"}: ${issue.message}`];
    })
    .join("\n");
}

/**
 * Validates a site config, returning it typed, or throws a SiteConfigError whose message names
 * each bad field by its dotted path (e.g. `contact.email: Invalid email address`).
 */
export function parseSite(input: unknown, source = "site config"): SiteConfig {
  const result = SiteSchema.safeParse(input);
  if (result.success) return result.data;
  throw new SiteConfigError(`Invalid ${source}:\n${describeIssues(result.error.issues)}`);
}

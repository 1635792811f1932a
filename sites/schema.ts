import { z } from "zod";
import { FEED_KEYS } from "./categories";

const httpUrl = z
  .url({ protocol: /^https?$/, error: "must be an http(s) URL" })
  .describe("an absolute http(s) URL");

const link = z.object({
  label: z.string().min(1),
  url: httpUrl,
});

const httpsUrlOrEmpty = z
  .url({ protocol: /^https$/, error: "must be an https URL" })
  .or(z.literal(""));

/** A time of day, "HH:MM" on a 24-hour clock. */
const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "must be HH:MM (24-hour)");

/** An id of a third-party embed; empty means "not configured": the page leaves the embed out. */
const embedId = z.string().regex(/^[\w\-.:/?=&%]*$/, "must be a plain identifier");

export const SiteSchema = z.object({
  /** Folder name under sites/, and the value of SITE. */
  id: z.string().regex(/^[a-z][a-z0-9-]*$/, "must be lower-case letters, digits and dashes"),
  /** The publication's name, as in the masthead. */
  name: z.string().min(2),
  /** One sentence describing the publication, used as the default meta description. */
  tagline: z.string().min(10),
  city: z.string().min(2),
  /** Full state name, e.g. Texas. */
  state: z.string().min(2),
  /** Two-letter state code, e.g. TX (geo.region becomes US-TX). */
  stateCode: z.string().regex(/^[A-Z]{2}$/, "must be a two-letter upper-case code"),
  geo: z.object({
    latitude: z.number().min(-90).max(90),
    longitude: z.number().min(-180).max(180),
  }),
  /** An IANA time zone such as America/Chicago. */
  timeZone: z.string().refine(isTimeZone, "must be an IANA time zone"),
  /** A BCP 47 locale such as en-US. */
  locale: z.string().refine(isLocale, "must be a BCP 47 locale"),
  /** Canonical base URL without a trailing slash; SITE_URL overrides it. */
  baseUrl: httpUrl.refine((u) => !u.endsWith("/"), "must not end with a slash"),
  /** Site-relative path of the 1200×630 social image under public/. */
  socialImage: z.string().regex(/^\/[\w\-./]+\.(png|jpg|jpeg)$/, "must be a path under public/"),
  /** Site-relative path of the photo shown for a story whose feed gives none. */
  defaultImage: z
    .string()
    .regex(/^\/[\w\-./]+\.(svg|webp|png|jpg)$/, "must be a path under public/"),
  keywords: z.array(z.string().min(1)).min(1),
  contact: z.object({
    email: z.email(),
    phone: z.string().regex(/^[+()\d\s.-]{7,20}$/, "must be a phone number"),
    address: z.string().min(5),
    officeHours: z.string().min(5),
  }),
  /**
   * The two partner sites linked from the header, the partners page and the home page's sponsor
   * blocks (the first as SPEC.md's buddhatv, the second as dunamischarge).
   */
  partners: z.array(link).length(2),
  social: z.array(link),
  donationUrl: httpUrl,
  /**
   * How long the donation prompt stays away after a reader answered it (kept in the reader's
   * localStorage): after X, Maybe Later or Escape, and after Donate Now. Newsroom tools cap their
   * prompts so (Newspack: once per visitor per period).
   */
  donationPrompt: z.object({
    snoozeDays: z.number().int().min(0).max(365),
    afterDonateDays: z.number().int().min(0).max(365),
  }),
  /** Links in the home sidebar's "Learn More About {city}" list. */
  cityLinks: z.array(link).min(1),
  /** Third-party embeds (SPEC.md §7); an empty one is not configured and left out of pages. */
  embeds: z.object({
    /** The layout's form-embed script: its https URL, or empty. */
    formScript: httpsUrlOrEmpty,
    /** The ad network's client id (AdSense "ca-pub-…"): ad slots and the ad script, or empty. */
    adClient: embedId,
    /** Embed URL of the RSS image board (an https URL, or empty). */
    imageBoard: httpsUrlOrEmpty,
    /** Embed URL of the events feed wall (an https URL, or empty). */
    eventsFeed: httpsUrlOrEmpty,
    /** Embed URL of the contact page's lead form (an https URL, or empty). */
    leadForm: httpsUrlOrEmpty,
    /** The featured video's id on the video host (app/lib/embeds.ts), or empty. */
    featuredVideo: embedId,
  }),
  /** Feed URLs per feed key (sites/categories.ts); FEEDS_FILE replaces them all. */
  feeds: z.partialRecord(z.enum(FEED_KEYS), z.array(httpUrl)),
  radio: z.object({
    /** Base URL of the station's upstream (Icecast/Shoutcast); RADIO_UPSTREAM overrides it. */
    upstream: httpUrl.or(z.literal("")),
    ports: z.array(z.number().int().min(1).max(65535)).min(1),
    /** Listeners the relay serves at once; beyond it /api/stream answers 503. */
    maxListeners: z.number().int().min(1).max(100_000),
    /** The station's week, shown on /radio: days, start and end ("HH:MM", city time), show. */
    schedule: z
      .array(
        z.object({
          days: z.string().min(1).max(40),
          start: clock,
          end: clock,
          show: z.string().min(1).max(80),
        }),
      )
      .max(30),
  }),
});

export type SiteConfig = z.infer<typeof SiteSchema>;

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
 * Validates a site config, returning it typed, or throws a SiteConfigError whose message names
 * each bad field by its dotted path (e.g. `contact.email: Invalid email address`).
 */
export function parseSite(input: unknown, source = "site config"): SiteConfig {
  const result = SiteSchema.safeParse(input);
  if (result.success) return result.data;
  const problems = result.error.issues.map(
    (issue) => `  - ${issue.path.join(".") || "(root)"}: ${issue.message}`,
  );
  throw new SiteConfigError(`Invalid ${source}:\n${problems.join("\n")}`);
}

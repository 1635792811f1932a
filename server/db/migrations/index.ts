import type { Migration } from "kysely/migration";
import * as network from "./0001_network";
import * as feedLeases from "./0002_feed_leases";
import * as pictureFailures from "./0003_picture_failures";
import * as articleLanguage from "./0004_article_language";
import * as weatherDocuments from "./0005_weather_documents";
import * as searchStemming from "./0006_search_stemming";
import * as articlePublisher from "./0007_article_publisher";
import * as push from "./0008_push";
import * as articleAuthors from "./0009_article_authors";
import * as briefing from "./0010_briefing";
import * as categoryKeys from "./0011_category_keys";

/**
 * Every migration of the network's database, by name, in order: one file each in this folder,
 * each serving both dialects. Listed here rather than read from the folder at run time, since
 * the server runs as one bundled file (a test checks that every file is listed).
 */
export const MIGRATIONS: Record<string, Migration> = {
  "0001_network": network,
  "0002_feed_leases": feedLeases,
  "0003_picture_failures": pictureFailures,
  "0004_article_language": articleLanguage,
  "0005_weather_documents": weatherDocuments,
  "0006_search_stemming": searchStemming,
  "0007_article_publisher": articlePublisher,
  "0008_push": push,
  "0009_article_authors": articleAuthors,
  "0010_briefing": briefing,
  "0011_category_keys": categoryKeys,
};

import type { City } from "../../sites/schema";
import { CityDirectory } from "../../server/cities/directory";
import { ServedCities, type ServedCitiesOptions } from "../../server/cities/served";
import { acceptingMessages } from "./cities";
import {
  fixtureCity,
  fixtureCityFiles,
  fixtureCityNamed,
  type FixtureCityFiles,
} from "./fixture-city";

/** The fixture city and the others of its network a test names, with their files. */
export interface FixtureCities<Names extends readonly string[]> {
  /** The fixture city (fixtureCity()), then one city per name, in the order named. */
  cities: [City, ...{ [K in keyof Names]: City }];
  /** Their files, as the server reads a network's; the test removes them (files.remove()). */
  files: FixtureCityFiles;
}

/**
 * The fixture city and one more city of its network per name (fixtureCityNamed: "Stubport"
 * is served at stubport.test), written as the server reads a network's cities
 * (fixtureCityFiles), so that a test serves several cities by Host.
 */
export function writeFixtureCities<const Names extends readonly string[]>(
  ...names: Names
): FixtureCities<Names> {
  const cities = [fixtureCity(), ...names.map((name) => fixtureCityNamed(name))];
  return {
    cities: cities as FixtureCities<Names>["cities"],
    files: fixtureCityFiles(cities),
  };
}

export interface ServedCitiesOverOptions extends Omit<
  ServedCitiesOptions,
  "directory" | "messages"
> {
  /** Each city's messages (acceptingMessages unless told). */
  messages?: ServedCitiesOptions["messages"];
  /** SITES: the only cities served, of the files' (all unless told). */
  only?: readonly string[];
}

/**
 * The cities one process serves (ServedCities) over test cities' files, or over a directory a test
 * made of them (to watch its loads): each city's news as `options.news` gives it, and its messages
 * taken (acceptingMessages) unless told.
 */
export function servedCitiesOver(
  cities: FixtureCityFiles | CityDirectory,
  options: ServedCitiesOverOptions,
): ServedCities {
  const { only, messages = acceptingMessages, ...rest } = options;
  const directory =
    cities instanceof CityDirectory ? cities : new CityDirectory({ ...cities, only });
  return new ServedCities({ directory, messages, ...rest });
}

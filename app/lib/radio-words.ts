import type { RadioWords } from "~/components/radio-player";
import type { MessageKey } from "../../common/i18n";
import type { T } from "./i18n";

// The radio player's words, taken from the catalogue on the server (the player hydrates in the
// browser, which gets no catalogue: its island finds the words in its props).

/** The catalogue's key of each of the player's words. */
const RADIO_WORDS: Readonly<Record<keyof RadioWords, MessageKey>> = {
  liveStream: "radio.liveStream",
  listen: "radio.listen",
  play: "radio.play",
  pause: "radio.pause",
  mute: "radio.mute",
  unmute: "radio.unmute",
  volume: "radio.volume",
  nowPlaying: "radio.nowPlaying",
  noTitle: "radio.noTitle",
  recentlyPlayed: "radio.recentlyPlayed",
  recentEmpty: "radio.recentEmpty",
  playFailed: "radio.playFailed",
  streamFailed: "radio.streamFailed",
  liveRadio: "radio.liveRadio",
};

/** The player's words in the page's language: its island gets them with its props. */
export function radioWords(t: T): RadioWords {
  const words: Partial<Record<keyof RadioWords, string>> = {};
  for (const [name, key] of Object.entries(RADIO_WORDS) as [keyof RadioWords, MessageKey][]) {
    words[name] = t(key);
  }
  return words as RadioWords;
}

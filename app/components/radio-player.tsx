import { useRef } from "react";
import { VOLUME_STEP, useRadio, type Radio, type RadioStateWords } from "~/lib/use-radio";
import { PlayIcon } from "./icons";
import { MutedIcon, PauseIcon, VolumeIcon } from "./radio-icons";
import { RecentlyPlayed } from "./radio-extras";

const BUTTON = "flex h-14 w-14 items-center justify-center rounded-full";

/** docs/product.md §4 slider control: PageUp, PageDown and Shift+arrow move by 10 steps. */
const LARGE_STEP = 10 * VOLUME_STEP;
const LARGE_MOVES: Record<string, number> = { PageUp: 1, PageDown: -1 };
const SHIFT_MOVES: Record<string, number> = {
  ArrowRight: 1,
  ArrowUp: 1,
  ArrowLeft: -1,
  ArrowDown: -1,
};

/**
 * The volume after a key that moves it by a large step, or null for the keys the range input
 * handles itself (arrows by one step, Home and End to the bounds). Rounded to the step, so ten
 * steps down from 0.91 are 0.81, not 0.8100000000000001; clamping is changeVolume's.
 */
export function largeStepVolume(volume: number, key: string, shift: boolean): number | null {
  const direction = LARGE_MOVES[key] ?? (shift ? SHIFT_MOVES[key] : undefined);
  if (direction === undefined) return null;
  // Divided, not multiplied, by the steps per unit: 81 / 100 is 0.81, 81 * 0.01 is not.
  const perUnit = Math.round(1 / VOLUME_STEP);
  return Math.round((volume + direction * LARGE_STEP) * perUnit) / perUnit;
}

/**
 * The player's words in the edition's language, from the server's catalogue (app/routes/radio.tsx
 * radioWords): the browser's bundle holds no catalogue.
 */
export interface RadioWords extends RadioStateWords {
  listen: string;
  play: string;
  pause: string;
  mute: string;
  unmute: string;
  volume: string;
  nowPlaying: string;
  /** docs/product.md §2: what Now Playing says when the station names nothing. */
  noTitle: string;
  recentlyPlayed: string;
  recentEmpty: string;
}

/** What the player shows and plays: all of it from the server (JSON, app/islands/radio.tsx). */
export interface RadioPlayerProps {
  heading: string;
  streamUrl: string;
  stationName: string;
  /** How "Recently played" writes the times: the city's locale and zone. */
  locale: string;
  timeZone: string;
  words: RadioWords;
}

/** The player's controls: play or pause, mute, and the volume. */
function RadioControls({ radio, words }: { radio: Radio; words: RadioWords }) {
  const showMuted = radio.muted || radio.volume === 0;
  return (
    <div className="mt-6 flex items-center gap-4 noscript:hidden">
      <button
        type="button"
        onClick={() => (radio.playing ? radio.pause() : void radio.play())}
        aria-label={radio.playing ? words.pause : words.play}
        className={`${BUTTON} bg-accent hover:bg-accent-dark`}
      >
        {radio.playing ? <PauseIcon /> : <PlayIcon />}
      </button>
      <button
        type="button"
        onClick={radio.toggleMute}
        aria-label={radio.muted ? words.unmute : words.mute}
        aria-pressed={radio.muted}
        className={`${BUTTON} h-11 w-11 border border-stone-500 hover:bg-white/10`}
      >
        {showMuted ? <MutedIcon data-icon="muted" /> : <VolumeIcon data-icon="volume" />}
      </button>
      {/*
        The platform's slider: its role, value, pointer and keys come with it (decision 005);
        only the large steps are added.
      */}
      <input
        type="range"
        min={0}
        max={1}
        step={VOLUME_STEP}
        value={radio.volume}
        onChange={(event) => radio.changeVolume(Number(event.currentTarget.value))}
        onKeyDown={(event) => {
          const next = largeStepVolume(radio.volume, event.key, event.shiftKey);
          if (next === null) return;
          event.preventDefault();
          radio.changeVolume(next);
        }}
        aria-label={words.volume}
        className="h-11 min-w-0 flex-1 cursor-pointer accent-white focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-white"
      />
    </div>
  );
}

/**
 * docs/product.md §2 Radio: the Live Radio card with its controls and Now Playing. Rendered on the server
 * and hydrated alone in the browser (the radio island): it uses no React Router hook.
 */
export function RadioPlayer({
  heading,
  streamUrl,
  stationName,
  locale,
  timeZone,
  words,
}: RadioPlayerProps) {
  const audio = useRef<HTMLAudioElement>(null);
  const radio = useRadio(audio, streamUrl, stationName, words);
  return (
    <section
      aria-labelledby="radio-title"
      className="on-ink rounded-2xl bg-ink p-6 text-white shadow-xl"
    >
      <h1 id="radio-title" className="font-serif text-3xl font-bold">
        {heading}
      </h1>
      <p className="text-stone-300">{words.liveStream}</p>
      {/* Without JavaScript these controls cannot play: the browser's own player takes over. */}
      <noscript>
        {/* eslint-disable-next-line jsx-a11y/media-has-caption -- a live radio stream has none */}
        <audio controls preload="none" src={streamUrl} className="mt-6 w-full">
          <a href={streamUrl}>{words.listen}</a>
        </audio>
      </noscript>
      <RadioControls radio={radio} words={words} />
      {radio.error && (
        <p role="alert" className="mt-4 font-semibold text-red-300">
          {radio.error}
        </p>
      )}
      {/* A live radio stream has no caption track to offer. */}
      {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
      <audio ref={audio} preload="none" crossOrigin="anonymous" {...radio.events} />
      <section aria-labelledby="now-playing" className="mt-6 border-t border-stone-700 pt-4">
        <h2
          id="now-playing"
          className="text-xs font-semibold tracking-wider text-stone-300 uppercase"
        >
          {words.nowPlaying}
        </h2>
        <p className="mt-1 text-lg" aria-live="polite">
          {radio.title ?? words.noTitle}
        </p>
      </section>
      <RecentlyPlayed
        recent={radio.recent}
        locale={locale}
        timeZone={timeZone}
        words={{ heading: words.recentlyPlayed, empty: words.recentEmpty }}
      />
    </section>
  );
}

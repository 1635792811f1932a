import * as Slider from "@radix-ui/react-slider";
import { Pause, Play, Volume2, VolumeX } from "lucide-react";
import { useRef } from "react";
import { VOLUME_STEP, useRadio } from "~/lib/use-radio";
import { RecentlyPlayed } from "./radio-extras";

/** SPEC.md §2: what Now Playing says when the station names nothing. */
const NO_TITLE = "Live programming from our station stream.";

const BUTTON = "flex h-14 w-14 items-center justify-center rounded-full";

/** SPEC.md §2 Radio: the Live Radio card with its controls and Now Playing. */
export function RadioPlayer({
  heading,
  streamUrl,
  stationName,
  locale,
  timeZone,
}: {
  heading: string;
  streamUrl: string;
  stationName: string;
  /** How "Recently played" writes the times: the city's locale and zone. */
  locale: string;
  timeZone: string;
}) {
  const audio = useRef<HTMLAudioElement>(null);
  const radio = useRadio(audio, streamUrl, stationName);
  const showMuted = radio.muted || radio.volume === 0;
  return (
    <section aria-labelledby="radio-title" className="rounded-2xl bg-ink p-6 text-white shadow-xl">
      <h1 id="radio-title" className="font-serif text-3xl font-bold">
        {heading}
      </h1>
      <p className="text-stone-300">24/7 live stream</p>
      <div className="mt-6 flex items-center gap-4">
        <button
          type="button"
          onClick={() => (radio.playing ? radio.pause() : void radio.play())}
          aria-label={radio.playing ? "Pause" : "Play"}
          className={`${BUTTON} bg-accent hover:bg-accent-dark`}
        >
          {radio.playing ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
        </button>
        <button
          type="button"
          onClick={radio.toggleMute}
          aria-label={radio.muted ? "Unmute" : "Mute"}
          aria-pressed={radio.muted}
          className={`${BUTTON} h-11 w-11 border border-stone-500 hover:bg-white/10`}
        >
          {showMuted ? (
            <VolumeX aria-hidden="true" data-icon="muted" />
          ) : (
            <Volume2 aria-hidden="true" data-icon="volume" />
          )}
        </button>
        <Slider.Root
          className="relative flex h-11 flex-1 touch-none items-center select-none"
          min={0}
          max={1}
          step={VOLUME_STEP}
          value={[radio.volume]}
          onValueChange={([value]) => radio.changeVolume(value ?? 0)}
          aria-label="Volume"
        >
          <Slider.Track className="relative h-1.5 grow rounded-full bg-stone-600">
            <Slider.Range className="absolute h-full rounded-full bg-white" />
          </Slider.Track>
          <Slider.Thumb
            aria-label="Volume"
            className="block h-5 w-5 rounded-full bg-white shadow focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-white"
          />
        </Slider.Root>
      </div>
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
          Now Playing
        </h2>
        <p className="mt-1 text-lg" aria-live="polite">
          {radio.title ?? NO_TITLE}
        </p>
      </section>
      <RecentlyPlayed recent={radio.recent} locale={locale} timeZone={timeZone} />
    </section>
  );
}

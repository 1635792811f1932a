import type { Area } from "../catalogue";
import type { radio as en } from "../en/radio";

// Texto de la interfaz en español (radio).
export const radio: Area<typeof en> = {
  "radio.liveStream": "Transmisión en vivo 24/7",
  "radio.listen": "Escuche la transmisión en vivo",
  "radio.play": "Reproducir",
  "radio.pause": "Pausa",
  "radio.mute": "Silenciar",
  "radio.unmute": "Activar sonido",
  "radio.volume": "Volumen",
  "radio.nowPlaying": "Sonando ahora",
  "radio.noTitle": "Programación en vivo de la transmisión de nuestra estación.",
  "radio.recentlyPlayed": "Sonó recientemente",
  "radio.recentEmpty": "Los títulos aparecen aquí a medida que la estación los transmite.",
  "radio.playFailed": "No se pudo iniciar la reproducción. Vuelva a intentarlo.",
  "radio.streamFailed": "La transmisión no está disponible temporalmente.",
  "radio.liveRadio": "Radio en vivo",
  "radio.autoplayHint":
    "Si el audio no comienza, haga clic en reproducir. Algunos navegadores bloquean la reproducción automática con sonido hasta que usted interactúe con la página.",
  "radio.schedule": "Programación",
  "radio.scheduleCaption": "Los programas semanales de la estación, en hora de {city}",
  "radio.days": "Días",
  "radio.time": "Hora",
  "radio.show": "Programa",
  "radio.timesAre": "Los horarios están en hora de {city}.",
};

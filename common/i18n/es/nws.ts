/**
 * The National Weather Service's words in Spanish (es): its alert types, its forecast periods'
 * names and the phrases its forecasts are composed of, as its own Spanish products name them
 * (Warning "Aviso", Watch "Vigilancia", Advisory "Advertencia", Statement "Declaración").
 * Data beside the catalogues; common/i18n/weather-words.ts composes a forecast from them.
 * Keys are the service's English, lower-cased; values are Spanish as written mid-sentence (the
 * composer capitalises the start of a sentence).
 */

/**
 * Every alert type of the service (GET /alerts/types; tests/fixtures/weather/alert-types.json
 * holds its answer and a test checks each has its name here).
 */
export const NWS_EVENTS_ES: Readonly<Record<string, string>> = {
  "911 telephone outage emergency": "emergencia por interrupción del servicio 911",
  "administrative message": "mensaje administrativo",
  "air quality alert": "alerta de calidad del aire",
  "air stagnation advisory": "advertencia de estancamiento del aire",
  "arroyo and small stream flood advisory": "advertencia de inundación de arroyos y riachuelos",
  "ashfall advisory": "advertencia de caída de ceniza",
  "ashfall warning": "aviso de caída de ceniza",
  "avalanche advisory": "advertencia de avalanchas",
  "avalanche warning": "aviso de avalanchas",
  "avalanche watch": "vigilancia de avalanchas",
  "beach hazards statement": "declaración de peligros en las playas",
  "blizzard warning": "aviso de ventisca",
  "blizzard watch": "vigilancia de ventisca",
  "blowing dust advisory": "advertencia de polvo en suspensión",
  "blowing dust warning": "aviso de polvo en suspensión",
  "brisk wind advisory": "advertencia de vientos fuertes para embarcaciones",
  "child abduction emergency": "emergencia por secuestro de menor",
  "civil danger warning": "aviso de peligro civil",
  "civil emergency message": "mensaje de emergencia civil",
  "coastal flood advisory": "advertencia de inundación costera",
  "coastal flood statement": "declaración de inundación costera",
  "coastal flood warning": "aviso de inundación costera",
  "coastal flood watch": "vigilancia de inundación costera",
  "cold weather advisory": "advertencia de tiempo frío",
  "dense fog advisory": "advertencia de niebla densa",
  "dense smoke advisory": "advertencia de humo denso",
  "dust advisory": "advertencia de polvo",
  "dust storm warning": "aviso de tormenta de polvo",
  "earthquake warning": "aviso de terremoto",
  "evacuation - immediate": "evacuación inmediata",
  "excessive heat warning": "aviso de calor excesivo",
  "excessive heat watch": "vigilancia de calor excesivo",
  "extreme cold warning": "aviso de frío extremo",
  "extreme cold watch": "vigilancia de frío extremo",
  "extreme fire danger": "peligro extremo de incendios",
  "extreme heat warning": "aviso de calor extremo",
  "extreme heat watch": "vigilancia de calor extremo",
  "extreme wind warning": "aviso de vientos extremos",
  "fire warning": "aviso de incendio",
  "fire weather watch": "vigilancia de tiempo propicio para incendios",
  "flash flood statement": "declaración de inundación repentina",
  "flash flood warning": "aviso de inundación repentina",
  "flash flood watch": "vigilancia de inundación repentina",
  "flood advisory": "advertencia de inundación",
  "flood statement": "declaración de inundación",
  "flood warning": "aviso de inundación",
  "flood watch": "vigilancia de inundación",
  "freeze warning": "aviso de congelación",
  "freeze watch": "vigilancia de congelación",
  "freezing fog advisory": "advertencia de niebla helada",
  "freezing rain advisory": "advertencia de lluvia helada",
  "freezing spray advisory": "advertencia de rocío congelante",
  "frost advisory": "advertencia de escarcha",
  "gale warning": "aviso de vendaval",
  "gale watch": "vigilancia de vendaval",
  "hard freeze warning": "aviso de congelación severa",
  "hard freeze watch": "vigilancia de congelación severa",
  "hazardous materials warning": "aviso de materiales peligrosos",
  "hazardous seas warning": "aviso de mares peligrosos",
  "hazardous seas watch": "vigilancia de mares peligrosos",
  "hazardous weather outlook": "panorama de tiempo peligroso",
  "heat advisory": "advertencia de calor",
  "heavy freezing spray warning": "aviso de rocío congelante intenso",
  "heavy freezing spray watch": "vigilancia de rocío congelante intenso",
  "high surf advisory": "advertencia de oleaje alto",
  "high surf warning": "aviso de oleaje alto",
  "high wind warning": "aviso de vientos fuertes",
  "high wind watch": "vigilancia de vientos fuertes",
  "hurricane force wind warning": "aviso de vientos con fuerza de huracán",
  "hurricane force wind watch": "vigilancia de vientos con fuerza de huracán",
  "hurricane local statement": "declaración local de huracán",
  "hurricane warning": "aviso de huracán",
  "hurricane watch": "vigilancia de huracán",
  "hydrologic advisory": "advertencia hidrológica",
  "hydrologic outlook": "panorama hidrológico",
  "ice storm warning": "aviso de tormenta de hielo",
  "lake effect snow advisory": "advertencia de nieve por efecto lacustre",
  "lake effect snow warning": "aviso de nieve por efecto lacustre",
  "lake effect snow watch": "vigilancia de nieve por efecto lacustre",
  "lake wind advisory": "advertencia de viento en los lagos",
  "lakeshore flood advisory": "advertencia de inundación en la ribera del lago",
  "lakeshore flood statement": "declaración de inundación en la ribera del lago",
  "lakeshore flood warning": "aviso de inundación en la ribera del lago",
  "lakeshore flood watch": "vigilancia de inundación en la ribera del lago",
  "law enforcement warning": "aviso de las autoridades policiales",
  "local area emergency": "emergencia local",
  "low water advisory": "advertencia de nivel de agua bajo",
  "marine weather statement": "declaración de tiempo marítimo",
  "nuclear power plant warning": "aviso de planta nuclear",
  "radiological hazard warning": "aviso de peligro radiológico",
  "red flag warning": "aviso de bandera roja",
  "rip current statement": "declaración de corrientes de resaca",
  "severe thunderstorm warning": "aviso de tormenta eléctrica severa",
  "severe thunderstorm watch": "vigilancia de tormenta eléctrica severa",
  "severe weather statement": "declaración de tiempo severo",
  "shelter in place warning": "aviso de refugio en el lugar",
  "short term forecast": "pronóstico a corto plazo",
  "small craft advisory": "advertencia para embarcaciones pequeñas",
  "small craft advisory for hazardous seas":
    "advertencia para embarcaciones pequeñas por mares peligrosos",
  "small craft advisory for rough bar": "advertencia para embarcaciones pequeñas por barra agitada",
  "small craft advisory for winds": "advertencia para embarcaciones pequeñas por vientos",
  "small stream flood advisory": "advertencia de inundación de riachuelos",
  "snow squall warning": "aviso de ráfagas de nieve",
  "special marine warning": "aviso marítimo especial",
  "special weather statement": "declaración especial del tiempo",
  "storm surge warning": "aviso de marejada ciclónica",
  "storm surge watch": "vigilancia de marejada ciclónica",
  "storm warning": "aviso de tormenta",
  "storm watch": "vigilancia de tormenta",
  test: "prueba",
  "tornado warning": "aviso de tornado",
  "tornado watch": "vigilancia de tornado",
  "tropical cyclone local statement": "declaración local de ciclón tropical",
  "tropical depression local statement": "declaración local de depresión tropical",
  "tropical storm local statement": "declaración local de tormenta tropical",
  "tropical storm warning": "aviso de tormenta tropical",
  "tropical storm watch": "vigilancia de tormenta tropical",
  "tsunami advisory": "advertencia de tsunami",
  "tsunami warning": "aviso de tsunami",
  "tsunami watch": "vigilancia de tsunami",
  "typhoon local statement": "declaración local de tifón",
  "typhoon warning": "aviso de tifón",
  "typhoon watch": "vigilancia de tifón",
  "urban and small stream flood advisory": "advertencia de inundación urbana y de riachuelos",
  "volcano warning": "aviso de volcán",
  "wind advisory": "advertencia de viento",
  "wind chill advisory": "advertencia de sensación térmica baja",
  "wind chill warning": "aviso de sensación térmica peligrosamente baja",
  "wind chill watch": "vigilancia de sensación térmica peligrosamente baja",
  "winter storm warning": "aviso de tormenta invernal",
  "winter storm watch": "vigilancia de tormenta invernal",
  "winter weather advisory": "advertencia de tiempo invernal",
};

/**
 * A forecast period's name: today's parts, the days of the week and the federal holidays the
 * service names a period after; "{name} Night" is composed ("lunes por la noche").
 */
export const PERIODS_ES: Readonly<Record<string, string>> = {
  today: "hoy",
  tonight: "esta noche",
  "this morning": "esta mañana",
  "this afternoon": "esta tarde",
  "late afternoon": "al final de la tarde",
  "this evening": "al anochecer",
  overnight: "de madrugada",
  "rest of today": "el resto del día",
  "rest of tonight": "el resto de la noche",
  monday: "lunes",
  tuesday: "martes",
  wednesday: "miércoles",
  thursday: "jueves",
  friday: "viernes",
  saturday: "sábado",
  sunday: "domingo",
  "new year's day": "día de Año Nuevo",
  "new year's eve": "Nochevieja",
  "martin luther king jr. day": "día de Martin Luther King Jr.",
  "washington's birthday": "día de los Presidentes",
  "memorial day": "día de los Caídos",
  juneteenth: "día de la Emancipación (Juneteenth)",
  "independence day": "día de la Independencia",
  "labor day": "día del Trabajo",
  "columbus day": "día de la Hispanidad",
  "veterans day": "día de los Veteranos",
  "thanksgiving day": "día de Acción de Gracias",
  "christmas eve": "Nochebuena",
  "christmas day": "día de Navidad",
};

/** How a period's name says it is the night after a named day ("{day} por la noche"). */
export const NIGHT_OF_ES = "{day} por la noche";

/** A noun of the weather: its Spanish, its gender and number (for the words agreeing with it). */
export interface WeatherNoun {
  es: string;
  gender: "m" | "f";
  plural: boolean;
}

const m = (es: string, plural = false): WeatherNoun => ({ es, gender: "m", plural });
const f = (es: string, plural = false): WeatherNoun => ({ es, gender: "f", plural });

/**
 * What falls or hangs in the air: the phenomena a qualifier ("Chance", "Isolated", "Likely")
 * applies to, as forecasts and observations name them.
 */
export const PHENOMENA_ES: Readonly<Record<string, WeatherNoun>> = {
  showers: m("chubascos", true),
  "rain showers": m("chubascos", true),
  "light rain showers": m("chubascos ligeros", true),
  "heavy rain showers": m("chubascos fuertes", true),
  thunderstorms: f("tormentas eléctricas", true),
  "t-storms": f("tormentas eléctricas", true),
  thunderstorm: f("tormenta eléctrica"),
  "severe thunderstorms": f("tormentas eléctricas severas", true),
  "heavy thunderstorms": f("tormentas eléctricas fuertes", true),
  rain: f("lluvia"),
  "light rain": f("lluvia ligera"),
  "heavy rain": f("lluvia intensa"),
  drizzle: f("llovizna"),
  "light drizzle": f("llovizna ligera"),
  "freezing drizzle": f("llovizna helada"),
  "freezing rain": f("lluvia helada"),
  "light freezing rain": f("lluvia helada ligera"),
  sleet: f("aguanieve"),
  snow: f("nieve"),
  "light snow": f("nieve ligera"),
  "heavy snow": f("nieve intensa"),
  "snow showers": m("chubascos de nieve", true),
  "blowing snow": f("nieve arrastrada por el viento"),
  flurries: f("nevisca"),
  "wintry mix": f("mezcla invernal"),
  "ice pellets": f("bolitas de hielo", true),
  hail: m("granizo"),
  fog: f("niebla"),
  "dense fog": f("niebla densa"),
  "freezing fog": f("niebla helada"),
  "fog/mist": f("niebla o neblina"),
  mist: f("neblina"),
  haze: f("bruma"),
  smoke: m("humo"),
  dust: m("polvo"),
  "blowing dust": m("polvo en suspensión"),
  frost: f("escarcha"),
  "thunderstorm in vicinity": f("tormenta eléctrica en las cercanías"),
  "showers in vicinity": m("chubascos en las cercanías", true),
  "fog in vicinity": f("niebla en las cercanías"),
  "funnel cloud": f("nube embudo"),
  tornado: m("tornado"),
  squalls: f("turbonadas", true),
  "hurricane conditions": f("condiciones de huracán", true),
  "tropical storm conditions": f("condiciones de tormenta tropical", true),
};

/**
 * The sky, the wind and the air, as a forecast or an observation describes them: words that stand
 * alone ("Mostly Sunny"), joined by "and" to others ("Sunny And Breezy"), never qualified.
 */
export const CONDITIONS_ES: Readonly<Record<string, string>> = {
  sunny: "soleado",
  "mostly sunny": "mayormente soleado",
  "partly sunny": "parcialmente soleado",
  clear: "despejado",
  "mostly clear": "mayormente despejado",
  "partly cloudy": "parcialmente nublado",
  "mostly cloudy": "mayormente nublado",
  cloudy: "nublado",
  overcast: "cubierto",
  fair: "buen tiempo",
  "a few clouds": "algunas nubes",
  "increasing clouds": "nubosidad en aumento",
  "decreasing clouds": "nubosidad en disminución",
  "becoming sunny": "cada vez más soleado",
  "becoming cloudy": "cada vez más nublado",
  "gradual clearing": "despejando poco a poco",
  breezy: "con brisa",
  windy: "ventoso",
  "very windy": "muy ventoso",
  blustery: "con ráfagas de viento",
  hot: "caluroso",
  "very hot": "muy caluroso",
  cold: "frío",
  "very cold": "muy frío",
  humid: "húmedo",
};

/** The endings of an adjective that agrees with a noun: masculine/feminine, singular/plural. */
type Agreeing = [ms: string, fs: string, mp: string, fp: string];

/**
 * The qualifiers a forecast puts before or after its phenomena, and how Spanish says them:
 * around the phrase ("{x}" is the phenomena, lower-case), or as an adjective agreeing with them.
 */
export const QUALIFIERS_ES: Readonly<
  Record<string, { around: string } | { after: Agreeing } | { before: Agreeing }>
> = {
  "slight chance": { around: "ligera probabilidad de {x}" },
  chance: { around: "probabilidad de {x}" },
  "periods of": { around: "períodos de {x}" },
  "areas of": { around: "{x} en algunas zonas" },
  patchy: { around: "{x} en algunos sectores" },
  isolated: { after: ["aislado", "aislada", "aislados", "aisladas"] },
  scattered: { after: ["disperso", "dispersa", "dispersos", "dispersas"] },
  widespread: { after: ["generalizado", "generalizada", "generalizados", "generalizadas"] },
  occasional: { after: ["ocasional", "ocasional", "ocasionales", "ocasionales"] },
  frequent: { after: ["frecuente", "frecuente", "frecuentes", "frecuentes"] },
  numerous: { before: ["numeroso", "numerosa", "numerosos", "numerosas"] },
};

/** The qualifiers that follow the phenomena in English ("Showers Likely"). */
export const TRAILING_QUALIFIERS_ES: Readonly<
  Record<string, { after: Agreeing } | { before: Agreeing }>
> = {
  likely: { after: ["probable", "probable", "probables", "probables"] },
  possible: { before: ["posible", "posible", "posibles", "posibles"] },
};

/** How the parts of a forecast follow one another ("… then …"), and the word joining two. */
export const THEN_ES = ", luego ";
export const AND_ES = " y ";

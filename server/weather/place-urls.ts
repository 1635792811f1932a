import { readPoint, readStations, type NwsPoint, type NwsStation } from "./nws";
import type { NwsAnswers } from "./nws-answers";

/** Where a place is, as the service's URLs name it (of a WeatherPlace). */
interface Place {
  latitude: number;
  longitude: number;
  /** Its state's two-letter code: alerts are asked for per state. */
  stateCode: string;
}

/**
 * Where a place's answers are on the service: its point and its state's alerts, then what its
 * point names once its answer is held (the forecast, the stations near it), then its nearest
 * station's latest observation.
 */
export class PlaceUrls {
  constructor(
    private readonly apiUrl: string,
    private readonly answers: Pick<NwsAnswers, "read">,
  ) {}

  point(place: Place): string {
    // The service takes at most four decimals (more is answered with a redirect).
    const coordinate = (n: number) => String(Number(n.toFixed(4)));
    return `${this.apiUrl}/points/${coordinate(place.latitude)},${coordinate(place.longitude)}`;
  }

  alerts(place: Place): string {
    return `${this.apiUrl}/alerts/active?area=${encodeURIComponent(place.stateCode.toUpperCase())}`;
  }

  stations(point: NwsPoint): string {
    return (
      this.onService(point.stations) ??
      `${this.apiUrl}/gridpoints/${encodeURIComponent(point.office)}/${point.gridX},${point.gridY}/stations`
    );
  }

  observation(station: NwsStation): string {
    return `${this.apiUrl}/stations/${encodeURIComponent(station.id)}/observations/latest`;
  }

  forecast(point: NwsPoint): string {
    return (
      this.onService(point.forecast) ??
      `${this.apiUrl}/gridpoints/${encodeURIComponent(point.office)}/${point.gridX},${point.gridY}/forecast`
    );
  }

  /** A place's point, once its answer is held and can be read. */
  pointOf(place: Place): NwsPoint | null {
    return this.answers.read(this.point(place), readPoint);
  }

  /** The station nearest a point, once the answer naming it is held and can be read. */
  stationOf(point: NwsPoint): NwsStation | null {
    return this.answers.read(this.stations(point), readStations);
  }

  /** The URLs of a place known so far: its point and alerts, then what its point names. */
  known(place: Place): string[] {
    const urls = [this.point(place), this.alerts(place)];
    const point = this.pointOf(place);
    if (point) {
      urls.push(this.forecast(point), this.stations(point));
      const station = this.stationOf(point);
      if (station) urls.push(this.observation(station));
    }
    return urls;
  }

  /** A link the service's answer gives, when it stays on the service (else none is followed). */
  private onService(href: string | undefined): string | null {
    if (!href) return null;
    try {
      const url = new URL(href, `${this.apiUrl}/`);
      const base = new URL(`${this.apiUrl}/`);
      return url.origin === base.origin && url.pathname.startsWith(base.pathname) ? url.href : null;
    } catch {
      return null;
    }
  }
}

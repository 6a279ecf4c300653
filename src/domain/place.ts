/**
 * A place as it travels between pages (§2 /open-location's query, §3 session locationInfo). Apart from
 * domain/location so that the main package (the detail's 活动地点 row) carries only this, not the map rules.
 */

export interface Place {
  name: string;
  address: string;
  latitude: number;
  longitude: number;
}

export interface Coords {
  latitude: number;
  longitude: number;
}

/** Longest name or address a page query carries (a venue name, a street address). */
export const PLACE_TEXT_MAX = 100;

const inRange = (lat: number, lng: number) =>
  Number.isFinite(lat) && Number.isFinite(lng) && Math.abs(lat) <= 90 && Math.abs(lng) <= 180;

/** Whether a value (session locationInfo, a detail's place) is a usable place. */
export function isPlace(value: unknown): value is Place {
  const p = value as Partial<Place> | null;
  return (
    !!p &&
    typeof p === 'object' &&
    typeof p.name === 'string' &&
    typeof p.address === 'string' &&
    typeof p.latitude === 'number' &&
    typeof p.longitude === 'number' &&
    inRange(p.latitude, p.longitude) &&
    Boolean(p.name || p.address)
  );
}

/** The query /open-location is opened with. Six decimals are about 0.1 m, more than any map shows. */
export function placeQuery(place: Place): Record<string, string> {
  return {
    latitude: place.latitude.toFixed(6),
    longitude: place.longitude.toFixed(6),
    name: place.name.slice(0, PLACE_TEXT_MAX),
    address: place.address.slice(0, PLACE_TEXT_MAX),
  };
}

/** The place a page query names, or null when its coordinates are missing or out of range (a hand-edited link). */
export function placeFromQuery(query: Readonly<Record<string, string | undefined>>): Place | null {
  const num = (v: string | undefined) => (v === undefined || v.trim() === '' ? NaN : Number(v));
  const place = {
    name: (query.name ?? '').trim().slice(0, PLACE_TEXT_MAX),
    address: (query.address ?? '').trim().slice(0, PLACE_TEXT_MAX),
    latitude: num(query.latitude),
    longitude: num(query.longitude),
  };
  if (!inRange(place.latitude, place.longitude)) return null;
  return place;
}

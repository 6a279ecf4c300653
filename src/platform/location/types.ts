/** The one interface every target's location implementation has (callers import `platform/location`). */
import type { Coords, LocationFailure, Place } from '../../domain/location';

export type { Coords, Place };

/** A position that could not be had, and why (domain/location locationFailure). */
export class LocationError extends Error {
  constructor(
    readonly kind: LocationFailure,
    readonly cause?: unknown,
  ) {
    super(`location: ${kind}`);
  }
}

export interface LocationPlatform {
  /** 'mini': the refusal text names 去设置 and openSettings can turn location back on. */
  readonly platform: 'h5' | 'mini';
  /** Whether a native map picker exists (mini-programs); the H5 chooser is the /choose-location page's own form. */
  readonly hasMapPicker: boolean;
  /** The customer's position on the maps' grid (GCJ-02); rejects with a LocationError. */
  locate(): Promise<Coords>;
  /** Shows a place: the native map on mini-programs, the /open-location page on H5. */
  openLocation(place: Place): Promise<void>;
  /**
   * Lets the customer choose a place: the native picker on mini-programs, /choose-location on H5; null when they gave
   * up.
   */
  chooseLocation(): Promise<Place | null>;
  /** The native picker itself (mini-programs); asks to open settings after a refusal; null when given up. */
  pickOnMap(): Promise<Place | null>;
  /** Opens the settings where location can be allowed again; resolves whether it now is (false on H5: no such page). */
  openSettings(): Promise<boolean>;
}

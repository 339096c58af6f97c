import { z } from 'zod';

/**
 * A place on the map: `x` is the latitude and `y` the longitude (the spec's naming).
 * Both accept numbers or numeric text (typed coordinates, multipart forms).
 */
function coordinate(requiredKey: string, rangeKey: string, limit: number) {
  return z.preprocess(
    (v) => {
      if (typeof v !== 'string') return v;
      const s = v.trim();
      if (s === '') return undefined;
      const n = Number(s);
      return Number.isFinite(n) ? n : v;
    },
    z
      .number({ error: (issue) => (issue.input === undefined || issue.input === null ? requiredKey : rangeKey) })
      .min(-limit, { error: rangeKey })
      .max(limit, { error: rangeKey }),
  );
}

export const latitudeSchema = coordinate('validation.org.latitudeRequired', 'validation.org.latitudeRange', 90);
export const longitudeSchema = coordinate('validation.org.longitudeRequired', 'validation.org.longitudeRange', 180);

export const locationSchema = z.strictObject(
  { x: latitudeSchema, y: longitudeSchema },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? 'validation.unknownField' : 'validation.org.locationRequired') },
);
export type GeoLocation = z.output<typeof locationSchema>;

/** As records read it back. */
export const locationRecord = z.object({ x: z.number(), y: z.number() });

/** Zoom of the map picker: the whole world without a location, a neighbourhood with one. */
export const MAP_DEFAULT_ZOOM = 2;
export const MAP_LOCATION_ZOOM = 13;

import { useState } from 'react';
import { STALE_RECORD } from '@clinic/shared';
import { isError } from './http';

/** The API refused a change because someone else changed the record since it was loaded (409 STALE_RECORD). */
export function isStaleRecord(error: unknown): boolean {
  return isError(error, STALE_RECORD);
}

interface Versioned {
  _id: string;
  version: number;
}

export interface EditedRecord<T extends Versioned> {
  /** The record as the form loaded it: background refreshes do not change it, so the form saves against it. */
  record: T | undefined;
  /** Key for the form: a new one after `reload`, so the form starts again from the latest record. */
  formKey: string;
  /** True after a save was refused because someone else changed the record; the form stays open with the input. */
  stale: boolean;
  reloading: boolean;
  /** Runs a save: a 409 STALE_RECORD sets `stale` (and is rethrown, so the form stays as it is). */
  save<R>(run: (version: number) => Promise<R>): Promise<R>;
  /** Takes the latest record from the server; the form starts again from it. */
  reload(): Promise<void>;
}

/**
 * What an edit screen edits (optimistic concurrency): every save sends the version of the record the form was loaded
 * with, and the server refuses it (409) when someone else saved in between, instead of silently dropping their change.
 * `latest` is the record as the query has it now; `refetch` loads it again.
 */
export function useEditedRecord<T extends Versioned>(latest: T | undefined, refetch: () => Promise<{ data?: T | null | undefined }>): EditedRecord<T> {
  const [loaded, setLoaded] = useState<T | undefined>(latest);
  const [generation, setGeneration] = useState(0);
  const [stale, setStale] = useState(false);
  const [reloading, setReloading] = useState(false);
  // The first load, or another record opened in the same screen: edit that one.
  if (latest && loaded?._id !== latest._id) setLoaded(latest);
  const record = loaded?._id === latest?._id ? loaded : latest;

  return {
    record,
    formKey: `${record?._id ?? 'none'}:${generation}`,
    stale,
    reloading,
    async save(run) {
      if (!record) throw new Error('nothing loaded to save');
      try {
        const result = await run(record.version);
        setStale(false);
        // The next save of the same screen is based on what was just saved.
        setLoaded(undefined);
        return result;
      } catch (error) {
        if (isStaleRecord(error)) setStale(true);
        throw error;
      }
    },
    async reload() {
      setReloading(true);
      try {
        const result = await refetch();
        if (result.data) {
          setLoaded(result.data);
          setGeneration((g) => g + 1);
          setStale(false);
        }
      } finally {
        setReloading(false);
      }
    },
  };
}

import { useCallback, useEffect, useRef, useState } from 'react';
import type { EncounterNote, NoteContent, NoteValue } from '@clinic/shared';
import { isApiError, isError } from '@/lib/http';
import { saveNote } from '../api/encounters';
import { clearDraft, readDraft, sameContent, writeDraft } from './draft-store';

/** Where the draft stands: on the server, on its way, kept on this device only, or waiting for the doctor's choice. */
export type SaveState = 'saved' | 'pending' | 'saving' | 'offline' | 'conflict' | 'error';

const DEBOUNCE_MS = 800;
const RETRY_MS = 5000;

/**
 * The note's draft as the doctor types: every change is kept on this device at once and sent to the server after a
 * short pause, based on the version last read or saved. A save the server refuses because someone else saved first
 * keeps both texts (`conflict`) until the doctor keeps theirs or takes the other; nothing is overwritten silently.
 */
export function useNoteDraft(encounterId: string, note: EncounterNote | undefined) {
  const [content, setContent] = useState<NoteContent | null>(null);
  const [state, setState] = useState<SaveState>('saved');
  const [conflict, setConflict] = useState<EncounterNote | null>(null);
  const version = useRef(0);
  const latest = useRef<NoteContent>({});
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inFlight = useRef(false);
  const again = useRef(false);
  const blocked = useRef(false);

  const save = useCallback(async () => {
    clearTimeout(timer.current);
    if (blocked.current) return;
    if (inFlight.current) {
      again.current = true;
      return;
    }
    inFlight.current = true;
    const sent = latest.current;
    setState('saving');
    try {
      const saved = await saveNote(encounterId, version.current, sent);
      version.current = saved.version;
      if (sameContent(sent, latest.current)) {
        clearDraft(encounterId);
        setState('saved');
      } else {
        writeDraft(encounterId, { content: latest.current, baseVersion: version.current });
        again.current = true;
      }
    } catch (e) {
      if (isError(e, 'STALE_RECORD') && (e.data as { current?: EncounterNote } | undefined)?.current) {
        blocked.current = true;
        setConflict((e.data as unknown as { current: EncounterNote }).current);
        setState('conflict');
      } else if (isApiError(e) && (e.status === 0 || e.status >= 500)) {
        setState('offline');
        timer.current = setTimeout(() => void save(), RETRY_MS);
      } else {
        setState('error');
      }
    } finally {
      inFlight.current = false;
    }
    if (again.current && !blocked.current) {
      again.current = false;
      void save();
    }
  }, [encounterId]);

  // The first answer: the server's note, or this device's unsaved text typed on it.
  useEffect(() => {
    if (!note || content !== null) return;
    version.current = note.version;
    const local = note.signedAt ? null : readDraft(encounterId);
    if (local && !sameContent(local.content, note.content)) {
      latest.current = local.content;
      setContent(local.content);
      if (local.baseVersion === note.version) {
        setState('pending');
        void save();
      } else {
        blocked.current = true;
        setConflict(note);
        setState('conflict');
      }
    } else {
      if (note.signedAt) clearDraft(encounterId);
      latest.current = note.content;
      setContent(note.content);
    }
  }, [note, content, encounterId, save]);

  useEffect(() => {
    const online = () => { if (!blocked.current) void save(); };
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('online', online);
      clearTimeout(timer.current);
    };
  }, [save]);

  const change = useCallback((key: string, value: NoteValue) => {
    const next = { ...latest.current, [key]: value };
    latest.current = next;
    setContent(next);
    writeDraft(encounterId, { content: next, baseVersion: version.current });
    if (blocked.current) return;
    setState('pending');
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void save(), DEBOUNCE_MS);
  }, [encounterId, save]);

  /** Keeps the doctor's text: saved over the other, on the version the conflict answered. */
  const keepMine = useCallback(() => {
    if (!conflict) return;
    version.current = conflict.version;
    blocked.current = false;
    setConflict(null);
    void save();
  }, [conflict, save]);

  /** Takes the other text: the doctor's is dropped from this device. */
  const takeTheirs = useCallback(() => {
    if (!conflict) return;
    version.current = conflict.version;
    latest.current = conflict.content;
    setContent(conflict.content);
    clearDraft(encounterId);
    blocked.current = false;
    setConflict(null);
    setState('saved');
  }, [conflict, encounterId]);

  /** Sends what is pending now (before signing); the version the server has. */
  const flush = useCallback(async () => {
    if (state !== 'saved') await save();
    return version.current;
  }, [save, state]);

  return { content, state, conflict, change, keepMine, takeTheirs, flush, version };
}

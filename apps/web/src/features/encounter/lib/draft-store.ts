import type { NoteContent } from '@clinic/shared';

/**
 * The draft as typed, kept on this device until the server has it: a closed tab, a network drop or a server restart
 * loses nothing, and reopening the encounter restores it. Removed as soon as a save of exactly this text succeeds.
 */
export interface LocalDraft {
  content: NoteContent;
  /** The note's version the text was typed on (a newer one on the server means someone else saved meanwhile). */
  baseVersion: number;
  savedAt: string;
}

const key = (encounterId: string) => `clinic.noteDraft.${encounterId}`;

export function readDraft(encounterId: string, storage: Storage = localStorage): LocalDraft | null {
  try {
    const raw = storage.getItem(key(encounterId));
    if (!raw) return null;
    const draft = JSON.parse(raw) as LocalDraft;
    return draft && typeof draft === 'object' && draft.content && typeof draft.baseVersion === 'number' ? draft : null;
  } catch {
    return null;
  }
}

export function writeDraft(encounterId: string, draft: Omit<LocalDraft, 'savedAt'>, storage: Storage = localStorage): void {
  try {
    storage.setItem(key(encounterId), JSON.stringify({ ...draft, savedAt: new Date().toISOString() }));
  } catch {
    // Storage full or refused (private mode): the server copy is then the only one.
  }
}

export function clearDraft(encounterId: string, storage: Storage = localStorage): void {
  try {
    storage.removeItem(key(encounterId));
  } catch {
    // Nothing to remove.
  }
}

/** Whether two contents say the same (blank answers count as absent). */
export function sameContent(a: NoteContent, b: NoteContent): boolean {
  const norm = (c: NoteContent) => JSON.stringify(Object.entries(c).filter(([, v]) => !(v === null || v === '' || (Array.isArray(v) && !v.length))).sort(([x], [y]) => x.localeCompare(y)));
  return norm(a) === norm(b);
}

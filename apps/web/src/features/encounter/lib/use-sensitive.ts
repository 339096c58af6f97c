import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { EncounterDetails } from '@clinic/shared';
import { setSensitive } from '../api/encounters';
import { encounterKeys } from '../api/encounter-keys';
import type { useNoteDraft } from './use-note-draft';

/** The note's sensitive mark (its doctor's choice): saved with the current text on the version the draft is at. */
export function useSensitiveToggle(id: string, data: EncounterDetails | undefined, draft: ReturnType<typeof useNoteDraft>) {
  const queryClient = useQueryClient();
  const [value, setValue] = useState<boolean | null>(null);
  const current = value ?? data?.note.sensitive ?? false;
  const set = async (next: boolean) => {
    const version = await draft.flush();
    const note = await setSensitive(id, version, draft.content ?? {}, next);
    draft.version.current = note.version;
    setValue(note.sensitive);
    queryClient.setQueryData<EncounterDetails>(encounterKeys.detail(id), (old) => (old ? { ...old, note: { ...old.note, sensitive: note.sensitive } } : old));
  };
  return { value: current, set };
}

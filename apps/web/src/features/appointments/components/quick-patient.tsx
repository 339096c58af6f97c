import { useState, type ReactNode } from 'react';
import { Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { QuickPatientDialog } from '@/features/patients';
import type { LookupRow } from '@/lib/lookups';
import { useSession } from '@/lib/session-context';

export interface QuickPatient {
  /** For the patient field: the patient just registered (so it shows before the search knows it), and its search text. */
  fieldProps: { known: LookupRow | null; onSearchChange: (text: string) => void };
  /** "Not found? Register quickly" for the field's description; undefined without patient_write. */
  link: ReactNode | undefined;
  /** The quick registration dialog, to render beside the field. */
  dialog: ReactNode;
  /** Forgets the patient registered here (the form was closed). */
  reset: () => void;
}

/**
 * A patient field's quick registration: a walk-in not found yet is registered from the field (with patient_write),
 * starting with the name typed last (leaving the field to click the link empties its search), and chosen at once.
 */
export function useQuickPatient(onRegistered: (patientId: string) => void, testId: string): QuickPatient {
  const { t } = useTranslation();
  const canRegister = useSession().can('patient_write');
  const [search, setSearch] = useState('');
  const [registered, setRegistered] = useState<LookupRow | null>(null);
  const [open, setOpen] = useState(false);
  return {
    fieldProps: { known: registered, onSearchChange: (text) => { if (text.trim()) setSearch(text); } },
    link: canRegister ? (
      <Anchor component="button" type="button" size="xs" onClick={() => setOpen(true)} data-testid={testId}>
        {t('patients.quick.addQuickly')}
      </Anchor>
    ) : undefined,
    dialog: canRegister && (
      <QuickPatientDialog
        key={String(open)}
        opened={open}
        initialName={/\d/.test(search) ? '' : search}
        onClose={() => setOpen(false)}
        onCreated={(p) => {
          setRegistered({ _id: p._id, name: p.name, publicId: p.publicId });
          onRegistered(p._id);
        }}
      />
    ),
    reset: () => setRegistered(null),
  };
}

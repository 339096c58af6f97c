import { Select } from '@mantine/core';
import { IconBuildingHospital } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface ClinicPickerProps {
  clinics: { data?: Array<{ _id: string; name: string }>; isPending: boolean };
  value: string | null;
  onChange: (id: string) => void;
}

/** The clinic a waiting-room screen is about. */
export function ClinicPicker({ clinics, value, onChange }: ClinicPickerProps) {
  const { t } = useTranslation();
  return (
    <Select
      aria-label={t('waitingRoom.clinic')}
      placeholder={clinics.isPending ? t('common.loading') : t('appointments.form.clinicPlaceholder')}
      data={(clinics.data ?? []).map((c) => ({ value: c._id, label: c.name }))}
      value={value}
      onChange={(v) => v && onChange(v)}
      allowDeselect={false}
      searchable
      leftSection={<IconBuildingHospital size={16} />}
      w={{ base: '100%', sm: 260 }}
      comboboxProps={{ withinPortal: true }}
      data-testid="waiting-room-clinic"
    />
  );
}

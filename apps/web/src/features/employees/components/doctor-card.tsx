import { Badge, Card, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconBuildingHospital, IconPhone } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { EmployeeListItem } from '@clinic/shared';
import { EmployeeAvatar } from './employee-avatar';
import classes from './doctor-card.module.css';

/** One doctor in the grid: picture, name, specialities, clinics and phone; the whole card opens the details. */
export function DoctorCard({ doctor, onOpen }: { doctor: EmployeeListItem; onOpen: () => void }) {
  const { t } = useTranslation();
  return (
    <UnstyledButton onClick={onOpen} className={classes.button} aria-label={t('doctors.open', { name: doctor.name })} data-testid={`doctor-card-${doctor._id}`}>
      <Card className={classes.card} h="100%">
        <Stack gap="sm" align="center" ta="center" h="100%">
          <div className={classes.avatarWrap}>
            <EmployeeAvatar src={doctor.image?.url} name={doctor.name} size={88} radius={44} />
            <span className={classes.dot} data-active={doctor.isActive || undefined} aria-hidden />
          </div>
          <Stack gap={2} w="100%">
            <Text fw={650} size="md" lineClamp={1} data-testid="doctor-card-name">{doctor.name}</Text>
            <Text size="sm" c="dimmed" lineClamp={1}>{doctor.jobTitle ?? t('common.employeeTypes.Doctor')}</Text>
          </Stack>
          <Group gap={6} justify="center" mih={22}>
            {doctor.specializations.slice(0, 2).map((s) => (
              <Badge key={s._id} variant="light" tt="none">{s.name}</Badge>
            ))}
            {doctor.specializations.length > 2 && <Badge variant="outline" color="gray">+{doctor.specializations.length - 2}</Badge>}
            {!doctor.isActive && <Badge color="gray" tt="none">{t('common.status.inactive')}</Badge>}
          </Group>
          <Stack gap={4} mt="auto" w="100%" className={classes.meta}>
            <Group gap={6} justify="center" wrap="nowrap">
              <IconBuildingHospital size={14} stroke={1.6} />
              <Text size="xs" c="dimmed" lineClamp={1}>{doctor.clinics.map((c) => c.name).join(', ') || t('doctors.noClinic')}</Text>
            </Group>
            {doctor.phone && (
              <Group gap={6} justify="center" wrap="nowrap">
                <IconPhone size={14} stroke={1.6} />
                <Text size="xs" c="dimmed" dir="ltr">{doctor.phone}</Text>
              </Group>
            )}
          </Stack>
        </Stack>
      </Card>
    </UnstyledButton>
  );
}

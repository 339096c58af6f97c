import { useState, type ReactNode } from 'react';
import { Avatar, Badge, Button, Card, Group, Stack, Title } from '@mantine/core';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ContactLinks } from './details-blocks';
import { DeleteRecordDialog, type DeleteRecordDialogProps } from './delete-record-dialog';
import { StatusBadge } from './status-badge';

export interface RecordHeaderProps {
  /** The record's logo, and the icon drawn without one. */
  logo: string | null | undefined;
  icon: ReactNode;
  name: string;
  publicId: string;
  isActive: boolean;
  /** Badges after the public id and status. */
  badges?: ReactNode;
  /** Under the badges (for example the specialities or a website). */
  children?: ReactNode;
  contacts: Array<{ type: string; value: string }>;
  location?: { x: number; y: number } | null;
  /** Edit and Delete (asked first, then back to the list), for those who may change the record. */
  actions?: { editTo: string; deletion: Omit<DeleteRecordDialogProps, 'opened' | 'onClose'> } | null;
  /** Prefix of the test ids: `<prefix>-title`, `<prefix>-edit`, `<prefix>-delete`. */
  testId: string;
}

/** The head of an organisation record's page: logo, name, public id, status, contact links, Edit and Delete. */
export function RecordHeader({ logo, icon, name, publicId, isActive, badges, children, contacts, location, actions, testId }: RecordHeaderProps) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  return (
    <Card>
      <Group justify="space-between" align="flex-start" gap="lg" wrap="wrap">
        <Group gap="lg" wrap="nowrap" style={{ minWidth: 0, flex: '1 1 18rem' }}>
          <Avatar src={logo} size={72} radius="md" color="clinic" alt={name}>
            {icon}
          </Avatar>
          <Stack gap={6} style={{ minWidth: 0 }}>
            <Title order={2} fz={{ base: 'h3', sm: 'h2' }} data-testid={`${testId}-title`} style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Title>
            <Group gap="xs">
              <Badge variant="outline" color="gray" tt="none" ff="monospace">{publicId}</Badge>
              <StatusBadge active={isActive} />
              {badges}
            </Group>
            {children}
          </Stack>
        </Group>
        <Stack gap="sm" align="flex-end">
          <ContactLinks contacts={contacts} location={location} />
          {actions && (
            <Group gap="sm">
              <Button component={Link} to={actions.editTo} variant="light" leftSection={<IconEdit size={16} />} data-testid={`${testId}-edit`}>
                {t('organisation.actions.edit')}
              </Button>
              <Button color="red" variant="light" leftSection={<IconTrash size={16} />} onClick={() => setConfirming(true)} data-testid={`${testId}-delete`}>
                {t('organisation.actions.delete')}
              </Button>
            </Group>
          )}
        </Stack>
      </Group>
      {actions && <DeleteRecordDialog {...actions.deletion} opened={confirming} onClose={() => setConfirming(false)} />}
    </Card>
  );
}

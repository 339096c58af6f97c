import { Badge, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconMailForward } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { EmployeeListItem } from '@clinic/shared';
import { formatDateTime } from '@/lib/dates';

/** A person invited by e-mail who has not set up their account yet: "Invited" (until when) or "Invitation expired". */
export function InvitationBadge({ invitation }: { invitation: EmployeeListItem['invitation'] | undefined }) {
  const { t, i18n } = useTranslation();
  if (!invitation) return null;
  const badge = invitation.expired ? (
    <Badge color="orange" variant="light" tt="none" leftSection={<IconMailForward size={12} />} data-status="invitation-expired" data-testid="invitation-expired">{t('users.invite.badgeExpired')}</Badge>
  ) : (
    <Badge color="blue" variant="light" tt="none" leftSection={<IconMailForward size={12} />} data-status="invited" data-testid="invitation-pending">{t('users.invite.badgePending')}</Badge>
  );
  return <Tooltip label={t(invitation.expired ? 'users.invite.expiredOn' : 'users.invite.validUntil', { date: formatDateTime(invitation.expiresAt, i18n.language) })}>{badge}</Tooltip>;
}

/** Made by an invitation: the HR record (hours, identity, contract) is still to be completed; leads to the edit form. */
export function IncompleteBadge({ incomplete, editTo }: { incomplete: boolean | undefined; editTo: string | null }) {
  const { t } = useTranslation();
  if (!incomplete) return null;
  const props = { color: 'yellow', variant: 'light', tt: 'none', leftSection: <IconAlertTriangle size={12} />, 'data-testid': 'hr-incomplete' } as const;
  return editTo ? (
    <Tooltip label={t('users.invite.completeRecord')}>
      <Badge {...props} component={Link} to={editTo} style={{ cursor: 'pointer' }}>{t('users.invite.badgeIncomplete')}</Badge>
    </Tooltip>
  ) : (
    <Badge {...props}>{t('users.invite.badgeIncomplete')}</Badge>
  );
}

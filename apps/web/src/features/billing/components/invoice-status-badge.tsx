import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ClaimStatus, InvoiceStatus } from '@clinic/shared';

export const INVOICE_STATUS_COLORS: Record<InvoiceStatus, string> = {
  draft: 'gray', issued: 'blue', partially_paid: 'yellow', paid: 'teal', credited: 'grape',
};

export const CLAIM_STATUS_COLORS: Record<ClaimStatus, string> = { open: 'gray', submitted: 'blue', paid: 'teal', rejected: 'red' };

export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={INVOICE_STATUS_COLORS[status]} variant="light" tt="none" data-status={status} data-testid="invoice-status">
      {t(`billing.status.${status}`)}
    </Badge>
  );
}

export function ClaimStatusBadge({ status }: { status: ClaimStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={CLAIM_STATUS_COLORS[status]} variant="light" tt="none" data-status={status} data-testid="claim-status">
      {t(`billing.claimStatus.${status}`)}
    </Badge>
  );
}

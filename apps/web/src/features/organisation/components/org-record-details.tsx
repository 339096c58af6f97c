import type { ReactNode } from 'react';
import { Stack } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Permission } from '@clinic/shared';
import { BackLink, ContactList, DetailsFrame, RecordHeader, SectionCard, type DeleteRecordDialogProps, type RecordHeaderProps } from '@/components/details';
import { useSession } from '@/lib/session-context';

interface OrgRecord {
  _id: string;
  name: string;
  publicId: string;
  isActive: boolean;
  logo?: string | null;
  contactInfos: Array<{ type: string; value: string }>;
  locationGoogl?: { x: number; y: number } | null;
}

export interface OrgRecordDetailsProps<R extends OrgRecord> {
  query: UseQueryResult<R>;
  /** The list's path: back links, `<path>/edit/:id`, and where a deleted record leaves to. */
  path: string;
  backLabel: string;
  notFound: string;
  /** Who may edit and delete. */
  writePermission: Permission;
  deletion: (record: R) => Pick<DeleteRecordDialogProps, 'title' | 'text' | 'remove'>;
  icon: ReactNode;
  /** `<testId>-details` on the page, and the header's test id prefix. */
  testId: string;
  header?: (record: R) => Partial<Pick<RecordHeaderProps, 'badges' | 'children' | 'contacts'>>;
  children: (record: R) => ReactNode;
}

/**
 * The page of one organisation record (complex, department, clinic): the details gate, a link back to the list, the
 * record's head with Edit and Delete for those who may, then the record's own cards.
 */
export function OrgRecordDetails<R extends OrgRecord>({ query, path, backLabel, notFound, writePermission, deletion, icon, testId, header, children }: OrgRecordDetailsProps<R>) {
  const { can } = useSession();
  return (
    <DetailsFrame query={query} notFound={notFound} back={{ to: path, label: backLabel }}>
      {(r) => (
        <Stack gap="lg" data-testid={`${testId}-details`}>
          <BackLink to={path} label={backLabel} />
          <RecordHeader
            logo={r.logo}
            icon={icon}
            name={r.name}
            publicId={r.publicId}
            isActive={r.isActive}
            contacts={r.contactInfos}
            location={r.locationGoogl}
            actions={can(writePermission) ? { editTo: `${path}/edit/${r._id}`, deletion: { ...deletion(r), id: r._id, leaveTo: path } } : null}
            testId={testId}
            {...header?.(r)}
          />
          {children(r)}
        </Stack>
      )}
    </DetailsFrame>
  );
}

/** The record's contacts in a card of their own. */
export function ContactsCard({ contacts }: { contacts: Array<{ type: string; value: string }> }) {
  const { t } = useTranslation();
  return (
    <SectionCard title={t('organisation.contacts.title')}>
      <ContactList contacts={contacts} />
    </SectionCard>
  );
}

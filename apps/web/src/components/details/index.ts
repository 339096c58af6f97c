/** The details kit: every details page goes through `DetailsFrame`'s gate and is built from these blocks. */
export { BackLink, DetailsFrame, DetailsMissing, isMissing, PageLoader, type DetailsFrameProps } from './details-frame';
export { ContactLinks, ContactList, InfoItem, RefList, SectionCard, StatTile } from './details-blocks';
export { StatusBadge } from './status-badge';
export { RecordHeader, type RecordHeaderProps } from './record-header';
export { DeleteRecordDialog, type DeleteRecordDialogProps } from './delete-record-dialog';
/** A person's details card: a section card with its icon. */
export { SectionCard as DetailsCard } from './details-blocks';
export { DetailsColumns, type DetailsColumnsProps } from './details-columns';

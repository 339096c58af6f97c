/** The details kit: every details page goes through `DetailsFrame`'s gate and is built from these blocks. */
export { BackLink, DetailsFrame, DetailsMissing, isMissing, PageLoader, type DetailsFrameProps } from './details-frame';
export { ContactLinks, ContactList, InfoItem, RefList, SectionCard, StatTile } from './details-blocks';
export { StatusBadge } from './status-badge';
export { RecordHeader, type RecordHeaderProps } from './record-header';
export { DeleteRecordDialog, type DeleteRecordDialogProps } from './delete-record-dialog';
export { DetailsCard } from './details-card';
export { DetailsColumns, type DetailsColumnsProps } from './details-columns';

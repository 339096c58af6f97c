/** Spreadsheet imports: upload, map columns, a dry run, the import with its progress, undo. */
export const importRoutes = {
};

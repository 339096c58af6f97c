import { Select, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IMPORT_FIELDS, IMPORT_REQUIRED_FIELDS, type ImportKind } from '@clinic/shared';

interface MappingTableProps {
  kind: ImportKind;
  columns: string[];
  mapping: Record<string, string>;
  onChange: (mapping: Record<string, string>) => void;
  disabled?: boolean;
}

/** Step 2: each column of the file and the field it fills (detected, or the organisation's last choice). */
export function MappingTable({ kind, columns, mapping, onChange, disabled }: MappingTableProps) {
  const { t } = useTranslation();
  const fieldOf = (column: string) => Object.entries(mapping).find(([, c]) => c === column)?.[0] ?? null;
  const required = IMPORT_REQUIRED_FIELDS[kind];
  const options = IMPORT_FIELDS[kind].map((f) => ({ value: f, label: `${t(`imports.fields.${f}`)}${required.includes(f) ? ' *' : ''}` }));
  const set = (column: string, field: string | null) => {
    const next = Object.fromEntries(Object.entries(mapping).filter(([f, c]) => c !== column && f !== field));
    if (field) next[field] = column;
    onChange(next);
  };
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table data-testid="import-mapping" verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr><Table.Th>{t('imports.column')}</Table.Th><Table.Th>{t('imports.field')}</Table.Th></Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {columns.map((column) => (
            <Table.Tr key={column}>
              <Table.Td><Text size="sm" dir="auto">{column}</Text></Table.Td>
              <Table.Td>
                <Select
                  size="xs" data={options} value={fieldOf(column)} clearable disabled={disabled}
                  placeholder={t('imports.notImported')} aria-label={t('imports.fieldOf', { column })}
                  onChange={(v) => set(column, v)}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

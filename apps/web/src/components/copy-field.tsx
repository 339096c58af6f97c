import { ActionIcon, CopyButton, Group, TextInput, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';

/** A read-only address (or snippet) with a button that copies it. */
export function CopyField({ label, value, copyLabel, copiedLabel, testId }: { label: string; value: string; copyLabel: string; copiedLabel: string; testId: string }) {
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <TextInput label={label} value={value} readOnly dir="ltr" style={{ flex: 1, minWidth: 0 }} onFocus={(e) => e.currentTarget.select()} data-testid={testId} />
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? copiedLabel : copyLabel}>
            <ActionIcon variant="light" size="lg" mb={2} onClick={copy} aria-label={copyLabel} data-testid={`${testId}-copy`}>
              {copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}

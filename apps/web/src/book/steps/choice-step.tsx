import { Stack, Text, UnstyledButton } from '@mantine/core';

export interface Option { id: string; title: string; detail?: string; aside?: string }

/** One answer among a few (clinic, service, doctor): large buttons, one a line. */
export function ChoiceStep({ options, onChoose }: { options: Option[]; onChoose: (id: string) => void }) {
  return (
    <Stack gap="sm" data-testid="book-options">
      {options.map((o) => (
        <UnstyledButton key={o.id} className="book-option" onClick={() => onChoose(o.id)} data-option={o.id}>
          <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
            <Text fw={650}>{o.title}</Text>
            {o.detail && <Text size="sm" c="dimmed">{o.detail}</Text>}
          </Stack>
          {o.aside && <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>{o.aside}</Text>}
        </UnstyledButton>
      ))}
    </Stack>
  );
}

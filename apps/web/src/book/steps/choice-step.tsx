import '../components/controls.css';
import { Stack, Text, UnstyledButton } from '@mantine/core';

export interface Option { id: string; title: string; detail?: string; aside?: string }

/** One answer among a few (clinic, service, doctor): large cards, one a line, each going on to the next step. */
export function ChoiceStep({ options, onChoose }: { options: Option[]; onChoose: (id: string) => void }) {
  return (
    <Stack gap="sm" data-testid="book-options">
      {options.map((o) => (
        <UnstyledButton key={o.id} className="book-option" onClick={() => onChoose(o.id)} data-option={o.id}>
          <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
            {/* Names in the other language (an English name on the Arabic page) keep their own direction. */}
            <Text fw={650} lh={1.35}><bdi>{o.title}</bdi></Text>
            {o.detail && <Text size="sm" c="dimmed" lh={1.4}><bdi>{o.detail}</bdi></Text>}
          </Stack>
          {o.aside && <span className="book-option-aside" data-testid="book-option-aside">{o.aside}</span>}
          <svg className="book-option-arrow" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden>
            <path d="m9 6 6 6-6 6" />
          </svg>
        </UnstyledButton>
      ))}
    </Stack>
  );
}

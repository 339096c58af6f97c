import { useEffect, useState, type ReactNode } from 'react';
import { Box, Card, Grid, NavLink, Select, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface SectionLink {
  /** The FormSection's id. */
  id: string;
  label: string;
}

/** The section nearest below the top of the window: the one the user is reading. */
function useSectionInView(ids: string[]): [string | undefined, (id: string) => void] {
  const [active, setActive] = useState<string | undefined>(ids[0]);
  const key = ids.join('|');
  useEffect(() => {
    if (typeof IntersectionObserver === 'undefined') return;
    const visible = new Map<string, boolean>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) visible.set(entry.target.id, entry.isIntersecting);
        const first = ids.find((id) => visible.get(id));
        if (first) setActive(first);
      },
      // A section counts as read while it crosses the upper part of the window.
      { rootMargin: '-15% 0px -55% 0px' },
    );
    for (const id of ids) {
      const el = document.getElementById(id);
      if (el) observer.observe(el);
    }
    return () => observer.disconnect();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  const go = (id: string) => {
    setActive(id);
    const el = document.getElementById(id);
    el?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
    // Keyboard users land in the section too.
    el?.querySelector<HTMLElement>('input:not([type=hidden]), textarea, button')?.focus({ preventScroll: true });
  };
  return [active, go];
}

/**
 * A long form with an index of its sections: on the side at desktop width (sticky, the section in view marked),
 * a compact select at the top on a phone. The side follows the reading direction.
 */
export function SectionedForm({ sections, children, testId = 'section-nav' }: { sections: SectionLink[]; children: ReactNode; testId?: string }) {
  const { t } = useTranslation();
  const [active, go] = useSectionInView(sections.map((s) => s.id));
  return (
    <Grid gap="lg" align="flex-start">
      <Grid.Col span={{ base: 12, md: 3, xl: 2 }} style={{ position: 'sticky', top: 'calc(var(--app-shell-header-offset, 0px) + 0.5rem)', zIndex: 4, alignSelf: 'flex-start' }}>
        <Box hiddenFrom="md">
          <Card p="xs" withBorder>
            <Select
              aria-label={t('common.form.sections')}
              data={sections.map((s) => ({ value: s.id, label: s.label }))}
              value={active ?? null}
              onChange={(v) => v && go(v)}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
              data-testid={`${testId}-select`}
            />
          </Card>
        </Box>
        <Card p="xs" visibleFrom="md" component="nav" aria-label={t('common.form.sections')} data-testid={testId}>
          <Stack gap={2}>
            <Text size="xs" fw={600} c="dimmed" tt="uppercase" px="sm" py={4}>
              {t('common.form.sections')}
            </Text>
            {sections.map((s) => (
              <NavLink
                key={s.id}
                component="a"
                href={`#${s.id}`}
                label={s.label}
                active={active === s.id}
                aria-current={active === s.id ? 'location' : undefined}
                variant="light"
                style={{ borderRadius: 'var(--mantine-radius-sm)' }}
                onClick={(e) => {
                  e.preventDefault();
                  go(s.id);
                }}
                data-testid={`${testId}-${s.id}`}
              />
            ))}
          </Stack>
        </Card>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 9, xl: 10 }} style={{ minWidth: 0 }}>
        {children}
      </Grid.Col>
    </Grid>
  );
}

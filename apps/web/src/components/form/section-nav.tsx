import { useEffect, useState, type ReactNode } from 'react';
import { Box, Card, Grid, NavLink, Select, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from './section-nav.module.css';

export interface SectionLink {
  /** The FormSection's id. */
  id: string;
  label: string;
}

/**
 * The section being read: the last one whose top has passed a line near the top of the window, or the last section
 * once the page is scrolled to its end (a short last section never reaches that line).
 */
function useSectionInView(ids: string[]): [string | undefined, (id: string) => void] {
  const [active, setActive] = useState<string | undefined>(ids[0]);
  const key = ids.join('|');
  useEffect(() => {
    let frame = 0;
    const measure = () => {
      frame = 0;
      const line = window.innerHeight * 0.3;
      const atEnd = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2;
      let current = ids[0];
      for (const id of ids) {
        const el = document.getElementById(id);
        if (el && el.getBoundingClientRect().top <= line) current = id;
      }
      setActive(atEnd && window.scrollY > 0 ? ids.at(-1) : current);
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
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
      <Grid.Col span={{ base: 12, md: 3 }} style={{ position: 'sticky', top: 'calc(var(--app-shell-header-offset, 0px) + 0.5rem)', zIndex: 4, alignSelf: 'flex-start' }}>
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
      <Grid.Col span={{ base: 12, md: 9 }} className={classes.content} style={{ minWidth: 0 }}>
        {children}
      </Grid.Col>
    </Grid>
  );
}

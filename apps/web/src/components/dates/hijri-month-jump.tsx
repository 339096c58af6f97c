import { useEffect, useId, useState, useSyncExternalStore, type FocusEvent, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { NativeSelect } from '@mantine/core';
import { formatHijri, hijriMonthStart, toHijri, type DigitStyle } from '@clinic/shared';
import { useTranslation } from 'react-i18next';
import { getDisplay, subscribeDisplay } from '@/lib/format/display';
import { todayIso } from '@/lib/dates';

export interface HijriMonthOption {
  value: string;
  label: string;
  /** The Gregorian day ('YYYY-MM-DD') the Hijri month starts on. */
  start: string;
}

/**
 * The Hijri months of the year before, the year of and the year after `around` ('YYYY-MM-DD'), named by the browser's
 * Umm al-Qura calendar in the interface language: "Shawwal 1447 AH", "شوال ١٤٤٧ هـ".
 */
export function hijriMonthOptions(around: string, lang: string, digits: DigitStyle): HijriMonthOption[] {
  const h = toHijri(around);
  if (!h) return [];
  const options: HijriMonthOption[] = [];
  for (let year = h.year - 1; year <= h.year + 1; year += 1) {
    for (let month = 1; month <= 12; month += 1) {
      const start = hijriMonthStart(year, month);
      if (start) options.push({ value: `${year}-${month}`, start, label: formatHijri(start, lang, digits, { month: 'long', year: 'numeric' }) });
    }
  }
  return options;
}

const monthOf = (day: string) => day.slice(0, 7);

/**
 * A Hijri month and year select for a Mantine picker input's dropdown: choosing one shows the Gregorian month holding
 * that Hijri month's first day. Gives the props that control the picker's shown month and name its popover, and the
 * select itself (placed in the open dropdown), with `on` (Hijri dates shown) and the dropdown's element id. Nothing
 * when the user keeps Hijri dates off. `select` hears the select's own blur and keys (a typed date input keeps its
 * dropdown open while the select has the focus).
 */
export function useHijriMonthJump(
  picked: unknown,
  popoverProps: { onOpen?: () => void; onClose?: () => void } = {},
  select: { onBlur?: (event: FocusEvent<HTMLSelectElement>) => void; onKeyDown?: (event: KeyboardEvent<HTMLSelectElement>) => void } = {},
) {
  const first = Array.isArray(picked) ? (picked as unknown[])[0] : picked;
  const value = typeof first === 'string' ? first : first instanceof Date ? first.toISOString() : null;
  const { i18n } = useTranslation();
  const { hijriMode, digits } = useSyncExternalStore(subscribeDisplay, getDisplay);
  const id = `hijri-${useId().replace(/:/g, '')}`;
  const [date, setDate] = useState<string>(() => (value || todayIso()).slice(0, 10));
  const [chosen, setChosen] = useState<HijriMonthOption | null>(null);
  const [open, setOpen] = useState(false);
  const [host, setHost] = useState<HTMLElement | null>(null);
  const on = hijriMode !== 'off';

  useEffect(() => {
    if (!on || !open) return setHost(null);
    let frame = 0;
    let tries = 0;
    const find = () => {
      const dropdown = document.getElementById(`${id}-dropdown`);
      if (dropdown) {
        const node = document.createElement('div');
        dropdown.prepend(node);
        setHost(node);
      } else if ((tries += 1) < 30) frame = requestAnimationFrame(find);
    };
    find();
    return () => cancelAnimationFrame(frame);
  }, [on, open, id]);

  if (!on) return { on, dropdownId: `${id}-dropdown`, pickerProps: {}, jump: null as ReactNode };
  const options = hijriMonthOptions(date, i18n.language, digits);
  const shown = chosen && monthOf(chosen.start) === monthOf(date) ? chosen : options.find((o) => o.value === `${toHijri(date)?.year}-${toHijri(date)?.month}`);
  const monthSelect = (
    <NativeSelect
      size="xs"
      mb="xs"
      aria-label={i18n.t('common.hijriMonth')}
      data-testid="hijri-month-select"
      value={shown?.value ?? ''}
      data={options.map((o) => ({ value: o.value, label: o.label }))}
      onBlur={select.onBlur}
      onKeyDown={select.onKeyDown}
      onChange={(event) => {
        const option = options.find((o) => o.value === event.currentTarget.value);
        if (!option) return;
        setChosen(option);
        setDate(`${monthOf(option.start)}-01`);
      }}
    />
  );
  return {
    on,
    dropdownId: `${id}-dropdown`,
    pickerProps: {
      date,
      onDateChange: setDate,
      popoverProps: {
        ...popoverProps,
        id,
        onOpen: () => {
          setDate((value || todayIso()).slice(0, 10));
          setOpen(true);
          popoverProps.onOpen?.();
        },
        onClose: () => {
          setOpen(false);
          popoverProps.onClose?.();
        },
      },
    },
    jump: host ? createPortal(monthSelect, host) : null,
  };
}

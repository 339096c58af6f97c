import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emptyList, jsonResponse } from '@/test/mocks';
import { mockFetch, renderApp, setLanguage, signIn } from '@/test/utils';
import { PHONE_QUERY } from './shell-frame';

/** A phone's width: the side navigation is a drawer behind the ☰ button. */
function phone() {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({
    matches: query === PHONE_QUERY, media: query, onchange: null, addListener: vi.fn(), removeListener: vi.fn(),
    addEventListener: vi.fn(), removeEventListener: vi.fn(), dispatchEvent: vi.fn(),
  }));
}

afterEach(async () => {
  vi.restoreAllMocks();
  await setLanguage('en');
});

describe('the navigation drawer on a phone', () => {
  it.each([['en', 'ltr'], ['ar', 'rtl']] as const)('opens from the side of the ☰ button, the start of the line (%s)', async (lang, dir) => {
    phone();
    await setLanguage(lang);
    signIn();
    mockFetch(() => jsonResponse(200, emptyList()));
    renderApp('/clinics');
    await userEvent.click(await screen.findByTestId('navigation-burger'));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByTestId('sidebar')).toBeInTheDocument();
    expect(document.documentElement.dir).toBe(dir);
    // Mantine's 'left' is the start side, mirrored right to left; its 'right' (flex-end) would be the far side, away
    // from the button, in both languages.
    const root = drawer.closest<HTMLElement>('.mantine-Drawer-root')!;
    expect(root.style.getPropertyValue('--drawer-justify')).toBe('');
  });
});

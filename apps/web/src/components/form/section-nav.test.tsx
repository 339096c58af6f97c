import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/utils';
import { FormSection } from './form-section';
import { SectionedForm } from './section-nav';

describe('SectionedForm', () => {
  it('lists the sections, scrolls to the chosen one and marks it', () => {
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    renderWithProviders(
      <SectionedForm sections={[{ id: 'general', label: 'General' }, { id: 'hours', label: 'Working hours' }]}>
        <FormSection id="general" icon={null} title="General">
          <input aria-label="Name" />
        </FormSection>
        <FormSection id="hours" icon={null} title="Working hours">
          <input aria-label="Start" />
        </FormSection>
      </SectionedForm>,
    );
    const index = screen.getByTestId('section-nav');
    expect(screen.getByTestId('section-nav-general')).toHaveAttribute('aria-current', 'location');
    expect(index).toHaveTextContent('Working hours');
    fireEvent.click(screen.getByTestId('section-nav-hours'));
    expect(scrolled).toHaveBeenCalledTimes(1);
    expect(scrolled.mock.contexts[0]).toBe(document.getElementById('hours'));
    expect(screen.getByTestId('section-nav-hours')).toHaveAttribute('aria-current', 'location');
    expect(screen.getByLabelText('Start')).toHaveFocus();
  });
});

import { describe, expect, it, jest } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { BusyButton } from './busy-button';

describe('BusyButton', () => {
  it('is an ordinary button while idle: its label, pressable, not busy', async () => {
    const onClick = jest.fn();
    const { container } = render(
      <BusyButton className="button button--primary" busy={false} busyText="Saving..." onClick={onClick}>
        Save Changes
      </BusyButton>,
    );
    const button = screen.getByRole('button', { name: 'Save Changes' });
    expect(button.getAttribute('type')).toBe('button');
    expect(button.className).toBe('button button--primary');
    expect(button.hasAttribute('aria-busy')).toBe(false);
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(await axe(container)).toHaveNoViolations();
  });

  it('while busy says its busy text, is aria-busy and cannot be pressed again', async () => {
    const onClick = jest.fn();
    const { container } = render(
      <form aria-label="Profile">
        <BusyButton type="submit" busy busyText="Saving..." onClick={onClick}>
          Save Changes
        </BusyButton>
      </form>,
    );
    const button = screen.getByRole('button', { name: 'Saving...' });
    expect(button.getAttribute('type')).toBe('submit');
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect((button as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
    expect(await axe(container)).toHaveNoViolations();
  });

  it('keeps its label while busy without a busy text, and `disabled` refuses without being busy', () => {
    const { rerender } = render(<BusyButton busy>Refresh</BusyButton>);
    expect(screen.getByRole('button', { name: 'Refresh' }).getAttribute('aria-busy')).toBe('true');
    rerender(
      <BusyButton busy={false} disabled>
        Refresh
      </BusyButton>,
    );
    const button = screen.getByRole('button', { name: 'Refresh' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.hasAttribute('aria-busy')).toBe(false);
  });
});

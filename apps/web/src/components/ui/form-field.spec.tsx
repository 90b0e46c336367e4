import { describe, expect, it } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import { axe } from 'jest-axe';
import { TextField } from './form-field';

describe('TextField', () => {
  it('labels its input and ties the description and the error to it', async () => {
    const { container } = render(<TextField label="Email address" description="We never share it." error="Enter a valid email address." />);
    const input = screen.getByLabelText('Email address');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (input.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(describedBy).toEqual(['We never share it.', 'Enter a valid email address.']);
    expect(await axe(container)).toHaveNoViolations();
  });
});

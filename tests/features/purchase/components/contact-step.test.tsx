import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ContactStep } from '../../../../src/features/purchase/components/contact-step';
import type { Language } from '../../../../src/lib/i18n/languages';
import { renderWithProviders } from '../../../support/render';

const INVALID = 'Please enter a valid email or Viber phone number (e.g., 09...).';
const EMPTY = 'Please enter your email or Viber phone number, so we know where to send your eSIM.';
const FOREIGN = /This is not a Myanmar mobile number\..*please enter your email address instead\./;

function Harness({ onContinue }: { onContinue: () => void }) {
  const [contact, setContact] = useState('');
  return (
    <ContactStep
      planId="power-30"
      operatorId="mpt"
      contact={contact}
      onEdit={setContact}
      onContinue={onContinue}
      onBack={() => {}}
    />
  );
}

async function renderStep(language: Language = 'en') {
  const onContinue = vi.fn();
  await renderWithProviders(<Harness onContinue={onContinue} />, {
    namespaces: ['purchase'],
    language,
  });
  return { onContinue, user: userEvent.setup(), field: screen.getByRole('textbox') };
}

describe('the contact step', () => {
  it('opens the email keyboard on a text field that also takes a phone number', async () => {
    const { field } = await renderStep();
    expect(field).toHaveAttribute('type', 'text');
    expect(field).toHaveAttribute('inputmode', 'email');
  });

  it('says nothing while typing, and says what is wrong on leaving the field', async () => {
    const { user, field } = await renderStep();
    await user.type(field, 'hello');
    expect(screen.queryByText(INVALID)).not.toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'false');
    await user.tab();
    expect(screen.getByText(INVALID)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(expect.stringContaining(INVALID));
    // Once corrected, the message goes at once.
    await user.clear(field);
    await user.type(field, 'hello@example.com');
    expect(screen.queryByText(INVALID)).not.toBeInTheDocument();
  });

  it('tells the buyer to fill the field when Continue is pressed on an empty one', async () => {
    const { user, field, onContinue } = await renderStep();
    await user.tab();
    expect(screen.queryByText(EMPTY)).not.toBeInTheDocument();
    const next = screen.getByRole('button', { name: 'Continue to payment' });
    expect(next).toBeEnabled();
    await user.click(next);
    expect(screen.getByText(EMPTY)).toBeInTheDocument();
    expect(field).toHaveFocus();
    expect(onContinue).not.toHaveBeenCalled();
  });

  it.each(['+44 7700 900123', '+1 415 555 0100', '07700 900123'])(
    'points a traveller with %s to email, under the spec message',
    async (number) => {
      const { user, field, onContinue } = await renderStep();
      await user.type(field, `${number}{Enter}`);
      expect(screen.getByText(INVALID)).toBeInTheDocument();
      expect(screen.getByText(FOREIGN)).toBeInTheDocument();
      expect(onContinue).not.toHaveBeenCalled();
    },
  );

  it('gives no foreign-number hint for a short Myanmar number', async () => {
    const { user, field } = await renderStep();
    await user.type(field, '0912');
    await user.tab();
    expect(screen.getByText(INVALID)).toBeInTheDocument();
    expect(screen.queryByText(FOREIGN)).not.toBeInTheDocument();
  });

  it('offers "did you mean" for a mistyped common domain, and applies it', async () => {
    const { user, field, onContinue } = await renderStep();
    await user.type(field, 'ko.aung@gmial.com');
    await user.tab();
    expect(screen.getByText('Did you mean ko.aung@gmail.com?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Use ko.aung@gmail.com' }));
    expect(field).toHaveValue('ko.aung@gmail.com');
    expect(field).toHaveFocus();
    expect(screen.queryByText(/Did you mean/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(onContinue).toHaveBeenCalledOnce();
  });

  it('stops a first Enter to show the suggestion, and goes on with the address as typed at the second', async () => {
    const { user, field, onContinue } = await renderStep();
    await user.type(field, 'me@yaho.com{Enter}');
    expect(screen.getByText('Did you mean me@yahoo.com?')).toBeInTheDocument();
    expect(onContinue).not.toHaveBeenCalled();
    await user.type(field, '{Enter}');
    expect(onContinue).toHaveBeenCalledOnce();
    expect(field).toHaveValue('me@yaho.com');
  });

  it('goes on at once with a valid address', async () => {
    const { user, field, onContinue } = await renderStep();
    await user.type(field, '09 123 456 789{Enter}');
    expect(onContinue).toHaveBeenCalledOnce();
  });

  it('speaks Burmese', async () => {
    const { user, field } = await renderStep('my');
    await user.type(field, '+447700900123');
    await user.tab();
    expect(screen.getByText(/မြန်မာ မိုဘိုင်းနံပါတ် မဟုတ်ပါ/)).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, 'a@hotmial.com');
    await user.tab();
    expect(screen.getByText('a@hotmail.com ကို ဆိုလိုပါသလား။')).toBeInTheDocument();
  });
});

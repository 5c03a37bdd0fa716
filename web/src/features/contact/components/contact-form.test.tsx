import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeErrorDialog, errorDialogStore } from '@/lib/error-dialog-store';
import { createQueryClient } from '@/lib/query-client';
import { clearSession, saveLogin } from '@/lib/session';
import { makeLogin, mockFetch, type Answer } from '@/testing/data';
import { ContactForm, TOO_MANY_MESSAGES } from './contact-form';

beforeEach(() => closeErrorDialog());
afterEach(() => {
  act(() => clearSession());
  vi.unstubAllGlobals();
});

function renderForm(answer?: Answer) {
  const { fetchMock, calls } = mockFetch(answer ? { 'POST /contacts/create': answer } : {});
  vi.stubGlobal('fetch', fetchMock);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ContactForm />
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), calls };
}

async function fillIn(user: ReturnType<typeof userEvent.setup>, values: Partial<Record<string, string>> = {}) {
  const all = {
    'Your name': 'Chidi Okeke',
    Email: 'chidi@example.com',
    Subject: 'My deposit has not arrived',
    Message: 'I paid ₦2,000 by card an hour ago and my balance has not changed.',
    ...values,
  };
  // Pasted, not typed key by key: the rules are what is tested here, and a busy machine types slowly.
  for (const [label, value] of Object.entries(all)) {
    const field = screen.getByLabelText(label);
    await user.clear(field);
    if (value) await user.paste(value);
  }
}

const sent = { status: 201, body: { data: { id: 3 }, message: 'Thank you. We have your message and will reply by email.' } };

describe('the contact form', () => {
  it('checks every field before sending: a message beside each, the summary, and the focus on the first', async () => {
    const { user, calls } = renderForm(sent);
    await fillIn(user, { 'Your name': '', Email: 'chidi@', Message: 'Too short' });
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    expect(screen.getByRole('status')).toHaveTextContent('All fields are required');
    expect(screen.getByLabelText('Your name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Your name')).toHaveAccessibleDescription('Required');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(/Enter a valid email address/);
    expect(screen.getByLabelText('Subject')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('Message')).toHaveAccessibleDescription(/Message must be between 10 and 5,000 characters/);
    await waitFor(() => expect(screen.getByLabelText('Your name')).toHaveFocus());
    expect(calls).toHaveLength(0);

    // Typing into a field clears its own error.
    await user.type(screen.getByLabelText('Your name'), 'Chidi');
    expect(screen.getByLabelText('Your name')).not.toHaveAttribute('aria-invalid');
  });

  it('sends the trimmed message without a login and says so in the live region', async () => {
    const { user, calls } = renderForm(sent);
    await fillIn(user, { Subject: '  My deposit has not arrived  ' });
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    const status = screen.getByRole('status');
    await waitFor(() => expect(status).toHaveTextContent('Message sent. Thank you. We have your message and will reply by email.'));
    expect(status).toHaveAttribute('aria-live', 'polite');
    expect(status).toHaveFocus();
    expect(screen.queryByRole('form', { name: 'Contact us' })).not.toBeInTheDocument();

    expect(calls).toHaveLength(1);
    const headers = calls[0]?.init?.headers as Record<string, string>;
    expect(headers.Authorization).toBeUndefined();
    expect(JSON.parse(String(calls[0]?.init?.body))).toEqual({
      name: 'Chidi Okeke',
      email: 'chidi@example.com',
      subject: 'My deposit has not arrived',
      message: 'I paid ₦2,000 by card an hour ago and my balance has not changed.',
    });

    // Another message: who they are stays, what they said does not.
    await user.click(screen.getByRole('button', { name: 'Send another message' }));
    expect(screen.getByLabelText('Your name')).toHaveValue('Chidi Okeke');
    expect(screen.getByLabelText('Email')).toHaveValue('chidi@example.com');
    expect(screen.getByLabelText('Subject')).toHaveValue('');
    expect(screen.getByLabelText('Message')).toHaveValue('');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('shows the server’s 422 beside the field it names, with no error dialog', async () => {
    const { user } = renderForm({
      status: 422,
      body: { message: 'Email must be at most 50 characters', errors: { email: ['Email must be at most 50 characters'] } },
    });
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(/Email must be at most 50 characters/);
    expect(screen.getByRole('status')).toHaveTextContent('Email must be at most 50 characters');
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveFocus());
    expect(errorDialogStore.get()).toBeNull();
  });

  it('asks the visitor to wait on a 429 and keeps what they typed', async () => {
    const { user } = renderForm({ status: 429, body: { message: 'Too many attempts.', errorCode: 'RATE_LIMITED' } });
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(TOO_MANY_MESSAGES));
    expect(screen.getByLabelText('Subject')).toHaveValue('My deposit has not arrived');
    expect(screen.getByRole('button', { name: 'Send message' })).toBeEnabled();
    expect(errorDialogStore.get()).toBeNull();
  });

  it('fills in the name and email of a logged-in player', () => {
    saveLogin(makeLogin());
    renderForm(sent);
    expect(screen.getByLabelText('Your name')).toHaveValue('Ada Obi');
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
  });
});

import { useMutation } from '@tanstack/react-query';
import { api, type ApiError } from '@/lib/api-client';
import type { ContactValues } from '@/features/contact/validation';

/** 422 (fields) and 429 (too many messages) are shown on the form itself, not in the 'Error!' dialog. */
const shownOnTheForm = (error: ApiError) => error.status === 422 || error.status === 429;

/** POST /contacts/create `{name, email, subject, message}` → 201 `{data: {id}, message}`; no login needed. */
export function sendContact(body: ContactValues) {
  return api.post<{ id: number }>('/contacts/create', body, { noAuth: true, handled: shownOnTheForm });
}

export function useSendContact() {
  return useMutation({ mutationFn: sendContact });
}

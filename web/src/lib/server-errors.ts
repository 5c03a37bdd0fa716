import { ApiError } from '@/lib/api-client';

/**
 * A 422's per-field errors (`errors: {field: [...]}`) mapped onto a form's own field names, so each shows
 * beside its input. `fields` maps the server's name to the form's (`phoneNumber` → `phone`).
 */
export function serverFieldErrors<K extends string>(error: unknown, fields: Record<string, K>): Partial<Record<K, string>> {
  if (!(error instanceof ApiError)) return {};
  const out: Partial<Record<K, string>> = {};
  for (const [serverName, formName] of Object.entries(fields)) {
    const message = error.fieldError(serverName);
    if (message) out[formName] = message;
  }
  return out;
}

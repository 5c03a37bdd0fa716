/**
 * The audit log's filters beside the table state (GET /admin/activities): an action or its family (`login` keeps
 * `login.failed`), part of the actor's email, a range of Lagos days (`from`–`to`, YYYY-MM-DD, inclusive) and whether
 * the witness's routine entries (its commitment, reveal and signature on every draw) are hidden — they are unless
 * asked for, so the entries a person caused stand out. A value that is not valid is named beside its field and left
 * out of the request. Pure.
 */
import { checkDateRange } from '@/lib/date-range';
import type { ListFilters } from '@/features/admin/api/admin-table';

export type AuditFilters = {
  action: string;
  actor: string;
  from: string;
  to: string;
  hideRoutine: boolean;
};

export const DEFAULT_AUDIT_FILTERS: AuditFilters = { action: '', actor: '', from: '', to: '', hideRoutine: true };

export type AuditFilterErrors = Partial<Record<'action' | 'actor' | 'to', string>>;

/** As the server reads an action: dotted lower-case words (`login.failed`), at most 64 characters. */
const ACTION = /^[a-z0-9_]+(\.[a-z0-9_]+)*$/;
const ACTOR_MAX = 254;

export function checkAuditFilters(filters: AuditFilters): AuditFilterErrors {
  const errors: AuditFilterErrors = {};
  const action = filters.action.trim().toLowerCase();
  if (action && (!ACTION.test(action) || action.length > 64)) {
    errors.action = 'Enter an action like login.failed, or its first part like login';
  }
  if (filters.actor.trim().length > ACTOR_MAX) errors.actor = `Enter at most ${ACTOR_MAX} characters of an email`;
  const range = checkDateRange(filters);
  if (range) errors.to = range;
  return errors;
}

/** The request's filters: the valid ones that are set (a wrong range sends neither date). */
export function auditParams(filters: AuditFilters): ListFilters {
  const errors = checkAuditFilters(filters);
  return {
    action: errors.action ? undefined : filters.action.trim().toLowerCase() || undefined,
    actor: errors.actor ? undefined : filters.actor.trim() || undefined,
    from: errors.to ? undefined : filters.from || undefined,
    to: errors.to ? undefined : filters.to || undefined,
    hide_routine: filters.hideRoutine ? 'true' : undefined,
  };
}

/** Whether anything differs from the default view (so "Clear filters" has something to clear). */
export function hasAuditFilters(filters: AuditFilters): boolean {
  return (Object.keys(DEFAULT_AUDIT_FILTERS) as (keyof AuditFilters)[]).some(
    (key) => filters[key] !== DEFAULT_AUDIT_FILTERS[key],
  );
}

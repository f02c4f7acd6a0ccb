// The Availability form's state and checks: the form holds the API input as it is, and the shared schema checks it
// on save, its problems keyed by their path ("weekly.mon.0.end") so each shows under its own input.
import { AdminAvailabilityInputSchema, type AdminAvailabilityInput } from '../../../shared/schemas/admin-bookings';

export type AvailabilityErrors = Record<string, string>;

/** Checks the form; the parsed input, or the first message for each path. */
export function checkAvailability(
  value: AdminAvailabilityInput,
): { ok: true; input: AdminAvailabilityInput } | { ok: false; errors: AvailabilityErrors } {
  const parsed = AdminAvailabilityInputSchema.safeParse(value);
  if (parsed.success) return { ok: true, input: parsed.data };
  const errors: AvailabilityErrors = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.join('.');
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}

/** Minutes shown as hours in the form (a day's notice is 24, not 1440). */
export const minutesToHours = (minutes: number): number => Math.round((minutes / 60) * 100) / 100;
export const hoursToMinutes = (hours: number): number => Math.round(hours * 60);

/** A number input's value, NaN when blank, so the schema says what is wrong. */
export const numberFrom = (text: string): number => (text.trim() === '' ? Number.NaN : Number(text));

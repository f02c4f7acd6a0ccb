// What the Site screen's widgets share: the form's control types and reading an error at a path.
import type { Control, FieldErrors, UseFormRegister } from 'react-hook-form';
import type { SiteSettingsInput } from '../../../shared/schemas/site-settings';
import type { SiteFormState } from './site-form-model';

export type Errors = FieldErrors<SiteFormState>;
export type SiteControl = Control<SiteFormState, unknown, SiteSettingsInput>;

export interface EditorProps {
  control: SiteControl;
  register: UseFormRegister<SiteFormState>;
  errors: Errors;
}

/** An error message at a dotted path of the errors tree. */
export function errorAt(errors: Errors, path: string): string | undefined {
  let node: unknown = errors;
  for (const key of path.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  if (typeof node !== 'object' || node === null) return undefined;
  const message = (node as { message?: unknown }).message;
  return typeof message === 'string' ? message : undefined;
}

import type { Control, FieldErrors, UseFormRegister, UseFormReturn } from 'react-hook-form';
import type { ServiceInput } from '../../../../shared/schemas/service';
import type { ServiceFormState } from '../service-form-model';

export interface EditorProps {
  control: Control<ServiceFormState, unknown, ServiceInput>;
  register: UseFormRegister<ServiceFormState>;
  errors: FieldErrors<ServiceFormState>;
}

/** The whole service form, for the sections that bind their fields with bindField. */
export type ServiceForm = UseFormReturn<ServiceFormState, unknown, ServiceInput>;

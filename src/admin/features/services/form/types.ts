import type { Control, FieldErrors, UseFormRegister } from 'react-hook-form';
import type { ServiceInput } from '../../../../shared/schemas/service';
import type { ServiceFormState } from '../service-form-model';

export interface EditorProps {
  control: Control<ServiceFormState, unknown, ServiceInput>;
  register: UseFormRegister<ServiceFormState>;
  errors: FieldErrors<ServiceFormState>;
}

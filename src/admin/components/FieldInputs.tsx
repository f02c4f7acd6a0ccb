import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { LIMITS } from '../../shared/constants';
import { fieldProps } from '../forms/field-wiring';
import { Field } from './Field';

/** What every react-hook-form field of the admin forms takes: label, hint and error shown by Field. */
interface FieldBase {
  id: string;
  label: ReactNode;
  registration: UseFormRegisterReturn;
  error: string | undefined;
  /** Marks the label and sets aria-required. */
  required?: boolean;
  /** Shown under the input and named in its aria-describedby. */
  hint?: ReactNode;
  /** On the field's wrapper, e.g. span-2. */
  className?: string;
}

type Passed<A> = Omit<A, 'id' | 'className' | 'name' | 'onChange' | 'onBlur' | 'required' | 'children'>;

/** Field around the control `render` draws with the input's props (registration, accessible wiring, attributes). */
function labelled<A>(
  { id, label, registration, error, required = false, hint, className, ...rest }: FieldBase & A,
  render: (control: UseFormRegisterReturn & ReturnType<typeof fieldProps> & { className: string }) => ReactNode,
) {
  const control = {
    ...registration,
    ...fieldProps(id, error, hint !== undefined),
    className: 'input',
    ...(required ? { 'aria-required': 'true' as const } : {}),
    ...rest,
  };
  return (
    <Field id={id} label={label} required={required} error={error} hint={hint} {...(className ? { className } : {})}>
      {render(control)}
    </Field>
  );
}

/** A labelled text (or number, url, date…) input of a react-hook-form form, with its hint and error. */
export function FieldInput(props: FieldBase & Passed<InputHTMLAttributes<HTMLInputElement>>) {
  return labelled(props, (control) => <input {...control} />);
}

/**
 * The alt text of an uploaded picture (a service's, a banner's): the same label, opening sentence and length limit on
 * every screen; `whenEmpty` says what leaving it empty means there.
 */
export function ImageAltInput({ whenEmpty, ...props }: Omit<FieldBase, 'label' | 'hint'> & { whenEmpty: string }) {
  return (
    <FieldInput
      {...props}
      label="Image Alt Text"
      hint={`What the picture shows, for people who cannot see it. ${whenEmpty}`}
      maxLength={LIMITS.imageAlt}
    />
  );
}

/** A labelled text area of a react-hook-form form, with its hint and error. */
export function FieldTextArea(props: FieldBase & Passed<TextareaHTMLAttributes<HTMLTextAreaElement>>) {
  return labelled(props, (control) => <textarea {...control} />);
}

/** A labelled select of a react-hook-form form, with its hint and error; `children` are its options. */
export function FieldSelect({
  children,
  ...props
}: FieldBase & Passed<SelectHTMLAttributes<HTMLSelectElement>> & { children: ReactNode }) {
  return labelled(props, (control) => <select {...control}>{children}</select>);
}

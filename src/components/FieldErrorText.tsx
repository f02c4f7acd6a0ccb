// A public form field's error, right after its control: the control names it with aria-describedby `${id}-error`.
export function FieldErrorText({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p className="field__error" id={`${id}-error`}>
      {error}
    </p>
  ) : null;
}

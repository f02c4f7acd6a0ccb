import { FieldLabel } from './Field';

/** A list screen's search box, which filters the list as the practitioner types. */
export function SearchField({
  id,
  label,
  placeholder,
  value,
  onChange,
  className,
}: {
  id: string;
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  /** The wrapper's classes, which place the box in its screen's layout. */
  className: string;
}) {
  return (
    <div className={className}>
      <FieldLabel id={id} label={label} />
      <input
        id={id}
        className="input"
        type="search"
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

// A row of buttons that switches what a screen shows (the inbox's folders, the bookings' list or week), each
// pressed or not: one look and one behaviour for every such switch in the portal.
import type { ReactNode } from 'react';
import './SwitchTabs.css';

export function SwitchTabs<T extends string>({
  label,
  options,
  current,
  onSelect,
  className,
}: {
  /** Names the group for screen readers, e.g. "Folders". */
  label: string;
  options: readonly { value: T; label: ReactNode }[];
  current: T;
  onSelect: (value: T) => void;
  className?: string;
}) {
  return (
    <div className={className ? `tabs ${className}` : 'tabs'} role="group" aria-label={label}>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          className={current === option.value ? 'tab active' : 'tab'}
          aria-pressed={current === option.value}
          onClick={() => onSelect(option.value)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}

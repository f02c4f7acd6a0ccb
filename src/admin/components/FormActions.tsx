import type { ReactNode } from 'react';
import './FormActions.css';

/** The sticky button bar at the bottom of a long admin form (the service form): Cancel, then the form's actions. */
export function FormActions({ children }: { children: ReactNode }) {
  return <div className="form-actions">{children}</div>;
}

// After a refused submit: bring the first invalid field (in the order it is shown) into view and put focus on it.

const INVALID = '[aria-invalid="true"]';

function reducedMotion(): boolean {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * The first invalid field inside `root`, scrolled to the middle of the screen (clear of the sticky top bar) and
 * focused, with the text of its error message (`<id>-error`), or null when nothing is marked invalid.
 */
export function focusFirstInvalid(root: ParentNode | null): { field: HTMLElement; message: string | null } | null {
  const field = root?.querySelector<HTMLElement>(INVALID) ?? null;
  if (!field) return null;
  field.scrollIntoView({ block: 'center', behavior: reducedMotion() ? 'auto' : 'smooth' });
  field.focus({ preventScroll: true });
  const message = field.id ? (document.getElementById(`${field.id}-error`)?.textContent ?? null) : null;
  return { field, message };
}

/** The same, once React has drawn the errors (aria-invalid is set during the next render). */
export function focusFirstInvalidSoon(
  root: () => ParentNode | null,
  then?: (found: ReturnType<typeof focusFirstInvalid>) => void,
): void {
  window.requestAnimationFrame(() => {
    window.requestAnimationFrame(() => {
      const found = focusFirstInvalid(root());
      then?.(found);
    });
  });
}

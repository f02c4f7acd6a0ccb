// The WAI-ARIA carousel pattern both carousels follow (docs/public-site.md, "Keyboard and focus in the carousels"):
// a named region, holding still while keyboard focus is inside, whose slides are groups named "n of total".
import type { FocusEvent } from 'react';

interface FocusHold {
  onFocus: (event: FocusEvent<HTMLElement>) => void;
  onBlur: (event: FocusEvent<HTMLElement>) => void;
}

/** The root's props; data-loop and data-count state the rules for the static autoplay (banner-autoplay.ts) and the CSS. */
export function carouselRegion(label: string, loop: boolean, count: number, hold: FocusHold) {
  return {
    role: 'region',
    'aria-roledescription': 'carousel',
    'aria-label': label,
    'data-loop': String(loop),
    'data-count': count,
    onFocus: hold.onFocus,
    onBlur: hold.onBlur,
  } as const;
}

/** One slide's props. */
export function slideGroup(index: number, count: number) {
  return { role: 'group', 'aria-roledescription': 'slide', 'aria-label': `${index + 1} of ${count}` } as const;
}

/** A control of the slides: a plain button, named for what it does, pointing at the list it moves. */
export function slideControl(listId: string, label: string) {
  return { type: 'button', 'aria-label': label, 'aria-controls': listId } as const;
}

// What only the browser knows, read during render without an effect: the static HTML says nothing about the
// visitor's zone or the page's address, so the server's snapshot is a neutral value and React swaps in the browser's
// right after hydration.
import { useSyncExternalStore } from 'react';
import { browserZone } from './slot-view';

const never = () => () => undefined;

/** The visitor's IANA zone ('UTC' in the static HTML). */
export const useVisitorZone = (): string => useSyncExternalStore(never, browserZone, () => 'UTC');

/** One query parameter of the page's address (null in the static HTML and when absent). */
export const useQueryParam = (name: string): string | null =>
  useSyncExternalStore(
    never,
    () => new URLSearchParams(window.location.search).get(name),
    () => null,
  );

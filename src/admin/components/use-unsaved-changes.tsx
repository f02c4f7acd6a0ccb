import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { Modal } from './Modal';

export const LEAVE_TITLE = 'Leave without saving?';

/**
 * While `dirty`, leaving the screen asks first: a move inside the portal (sidebar, links, Back) is held by the
 * router and confirmed in a dialog; closing or reloading the tab gets the browser's own question. A change of query
 * string on the same screen is not "leaving". Render the returned element (null when nothing is asked).
 */
export function useUnsavedChanges(dirty: boolean) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers need a returnValue to show their prompt.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  // Saved meanwhile (or the changes were undone): let a held move go on.
  useEffect(() => {
    if (!dirty && blocker.state === 'blocked') blocker.proceed();
  }, [dirty, blocker]);

  if (blocker.state !== 'blocked') return null;
  return (
    <Modal
      title={LEAVE_TITLE}
      size="sm"
      onClose={() => blocker.reset()}
      footer={
        <>
          <button type="button" className="button button-ghost button-danger-text" onClick={() => blocker.proceed()}>
            Leave without saving
          </button>
          <button type="button" className="button button-primary" data-autofocus="" onClick={() => blocker.reset()}>
            Stay on this page
          </button>
        </>
      }
    >
      <p>Your changes on this page are not saved yet. If you leave now, they are lost.</p>
    </Modal>
  );
}

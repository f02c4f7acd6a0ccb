import { useEffect, useState } from 'react';
import { DEFAULT_SCHEDULE_ZONE } from '../../../shared/schedule';
import { siteSettings } from '../../api/endpoints';

/** The practitioner's time zone is read once per visit to the portal: it changes only on the Site screen. */
let zonePromise: Promise<string> | undefined;

/** Forgets the zone read, after the Site screen saved a new one. */
export function forgetPractitionerZone(): void {
  zonePromise = undefined;
}

/**
 * The zone offers and banners are typed and shown in (the site settings' time zone, docs/schedules.md); the default
 * (Asia/Kolkata) until it has loaded, or if it cannot be.
 */
export function usePractitionerZone(): string {
  const [zone, setZone] = useState(DEFAULT_SCHEDULE_ZONE);
  useEffect(() => {
    let live = true;
    zonePromise ??= siteSettings.get().then(
      (reply) => reply.data.contact.timeZone,
      () => {
        zonePromise = undefined;
        return DEFAULT_SCHEDULE_ZONE;
      },
    );
    void zonePromise.then((found) => {
      if (live) setZone(found);
    });
    return () => {
      live = false;
    };
  }, []);
  return zone;
}

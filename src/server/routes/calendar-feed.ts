import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../deps';
import { fail } from '../http/errors';
import { privateFeed } from '../bookings/feed';

/** The token part of `/api/calendar/{feedToken}.ics`: URL-safe characters only, as the portal makes them. */
const FeedFileSchema = z.string().regex(/^[A-Za-z0-9_-]{16,128}\.ics$/);

const NOT_FOUND = 'Calendar not found';

/**
 * GET /api/calendar/{feedToken}.ics: the practitioner's sessions for their calendar to subscribe to (docs/bookings.md,
 * "Calendars"). An unknown, rotated or malformed token gets the same 404, so nothing tells a guess apart.
 */
export const calendarFeedRoutes = new Hono<AppEnv>().get('/:file', async (c) => {
  const file = FeedFileSchema.safeParse(c.req.param('file'));
  if (!file.success) return fail(c, 404, NOT_FOUND);
  const text = await privateFeed(c.var.deps, file.data.slice(0, -'.ics'.length));
  if (text === null) return fail(c, 404, NOT_FOUND);
  return c.body(text, 200, {
    'Content-Type': 'text/calendar; charset=utf-8',
    'Content-Disposition': 'inline; filename="sessions.ics"',
    // Personal data under a secret address: never kept by a shared cache, nor by the browser.
    'Cache-Control': 'private, no-store',
    'X-Robots-Tag': 'noindex',
  });
});

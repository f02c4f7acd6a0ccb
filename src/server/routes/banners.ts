import { Hono } from 'hono';
import { optionalAdmin, requireAdmin } from '../auth/require-admin';
import { bannersShownAt } from '../../shared/schedule';
import type { AppEnv } from '../deps';
import { readMultipart } from '../http/multipart';
import { bannerReply } from '../http/serialize';
import { BANNER_MEDIA_FIELD, BANNER_MESSAGES, createBanner, deleteBanner, updateBanner } from '../domain/banners';

const FORM = { fileFields: [BANNER_MEDIA_FIELD] } as const;

/**
 * GET is public: active banners by order, each only inside its window (docs/schedules.md). With a valid admin token
 * it answers every banner, scheduled and ended ones too (the management screen uses the same call). Writes need an
 * admin.
 */
export const bannersRoutes = new Hono<AppEnv>()
  .get('/', async (c) => {
    const admin = await optionalAdmin(c);
    const stored = await c.var.deps.stores.banners.list({ activeOnly: !admin });
    const data = (admin ? stored : bannersShownAt(stored, new Date())).map(bannerReply);
    // The reply depends on the token: a cache must key on it, and must never keep the admin's view (inactive
    // banners included) to hand to someone else.
    c.header('Vary', 'Authorization');
    if (admin) c.header('Cache-Control', 'private, no-store');
    return c.json({ success: true as const, data });
  })
  .post('/', requireAdmin, async (c) => {
    const data = bannerReply(await createBanner(c.var.deps, await readMultipart(c, FORM)));
    return c.json({ success: true as const, data, message: BANNER_MESSAGES.created }, 201);
  })
  .put('/:id', requireAdmin, async (c) => {
    const data = bannerReply(await updateBanner(c.var.deps, c.req.param('id'), await readMultipart(c, FORM)));
    return c.json({ success: true as const, data, message: BANNER_MESSAGES.updated });
  })
  .delete('/:id', requireAdmin, async (c) => {
    await deleteBanner(c.var.deps, c.req.param('id'));
    return c.json({ success: true as const, message: BANNER_MESSAGES.deleted });
  });

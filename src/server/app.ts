import { Hono } from 'hono';
import type { AppDeps, AppEnv } from './deps';
import { requireBodyType } from './http/content-type';
import { fail, HttpError, refusalToHttp } from './http/errors';
import { Refusal } from './refusal';
import { describeError } from './http/log';
import { securityHeaders } from './http/security-headers';
import { allowedMethods, methodNotAllowed } from './http/method-not-allowed';
import { StoreUnavailableError } from './stores/types';
import { adminAuthRoutes } from './routes/admin-auth';
import { adminBackupRoutes } from './routes/backup';
import { adminClientDataRoutes } from './routes/admin-client-data';
import { adminAuthRefreshRoutes } from './routes/admin-auth-refresh';
import { adminPasskeyRoutes } from './routes/admin-passkeys';
import { adminAuthDeviceRoutes } from './routes/admin-auth-devices';
import { adminFirstRunRoutes } from './routes/admin-first-run';
import { adminMessagesRoutes } from './routes/admin-messages';
import {
  adminAvailabilityRoutes,
  adminBookingsRoutes,
  adminClientsRoutes,
  adminFunnelRoutes,
} from './routes/admin-bookings';
import { adminBannerOrderRoutes, adminServiceOrderRoutes } from './routes/admin-order';
import { adminPublishRoutes } from './routes/admin-publish';
import { adminServicesRoutes } from './routes/admin-services';
import { adminTestimonialsRoutes } from './routes/admin-testimonials';
import { adminTrashRoutes } from './routes/admin-trash';
import { bannersRoutes } from './routes/banners';
import { adminCategoriesRoutes, categoriesRoutes } from './routes/categories';
import { contactRoutes } from './routes/contact';
import { mediaRoutes } from './routes/media';
import { servicesRoutes } from './routes/services';
import { adminSiteSettingsRoutes, siteSettingsRoutes } from './routes/site-settings';
import { uploadsRoutes } from './routes/uploads';
import {
  bookingsRoutes,
  calendarFeedRoutes,
  funnelRoutes,
  paymentWebhookRoutes,
  serviceSlotsRoutes,
} from './routes/bookings';

/**
 * The whole server: `/api/*` (the API contract in docs/content-api.md and docs/auth.md) and `/media/*` (uploaded files).
 * The Netlify function and the local server both wrap this same object.
 */
export function createApp(deps: AppDeps) {
  const app = new Hono<AppEnv>({ strict: false });

  app.use('*', securityHeaders());
  // Every 5xx leaves a line in the function log (an outage must not be silent). onError logs the ones it handles with
  // their cause; this catches a 5xx a route answered itself. Method, path and status only: no bodies, no headers.
  app.use('*', async (c, next) => {
    await next();
    if (c.res.status >= 500 && !c.get('errorLogged')) {
      console.error(`[api] ${c.req.method} ${c.req.path} answered ${c.res.status}`);
    }
  });
  app.use('*', async (c, next) => {
    c.set('deps', deps);
    await next();
  });

  const api = new Hono<AppEnv>({ strict: false })
    .use('*', requireBodyType)
    .route('/services', serviceSlotsRoutes)
    .route('/services', servicesRoutes)
    .route('/bookings', bookingsRoutes)
    .route('/payments', paymentWebhookRoutes)
    .route('/funnel', funnelRoutes)
    .route('/calendar', calendarFeedRoutes)
    .route('/banners', bannersRoutes)
    .route('/contact', contactRoutes)
    .route('/admin/auth', adminAuthRoutes)
    .route('/admin/auth', adminAuthRefreshRoutes)
    .route('/admin/auth/passkeys', adminPasskeyRoutes)
    .route('/admin/auth', adminAuthDeviceRoutes)
    .route('/admin/services/order', adminServiceOrderRoutes)
    .route('/admin/banners/order', adminBannerOrderRoutes)
    .route('/admin/services', adminServicesRoutes)
    .route('/admin/uploads', uploadsRoutes)
    .route('/admin/messages', adminMessagesRoutes)
    .route('/admin/publish', adminPublishRoutes)
    .route('/admin/trash', adminTrashRoutes)
    .route('/admin/testimonials', adminTestimonialsRoutes)
    .route('/site-settings', siteSettingsRoutes)
    .route('/admin/site-settings', adminSiteSettingsRoutes)
    .route('/admin/first-run', adminFirstRunRoutes)
    .route('/categories', categoriesRoutes)
    .route('/admin/categories', adminCategoriesRoutes)
    .route('/admin/backup', adminBackupRoutes)
    .route('/admin/availability', adminAvailabilityRoutes)
    .route('/admin/bookings', adminBookingsRoutes)
    .route('/admin/clients', adminClientsRoutes)
    // One person's data (export, erase) beside the client list: docs/policies.md.
    .route('/admin/clients', adminClientDataRoutes)
    .route('/admin/funnel', adminFunnelRoutes);

  app.route('/api', api);
  app.route('/media', mediaRoutes);

  // Read lazily: the route list is complete once createApp has returned.
  let allowFor: ((path: string) => string[]) | undefined;
  app.notFound((c) => {
    allowFor ??= allowedMethods(app.routes);
    const allow = allowFor(c.req.path);
    if (allow.length > 0 && !allow.includes(c.req.method)) return methodNotAllowed(c, allow);
    if (c.req.path.startsWith('/media')) return fail(c, 404, 'Media not found');
    return fail(c, 404, `No API route for ${c.req.method} ${c.req.path}`);
  });

  app.onError((thrown, c) => {
    // The rules refuse in their own words; here they become a status (docs/content-api.md, "Headers, errors and logs").
    const error = thrown instanceof Refusal ? refusalToHttp(thrown) : thrown;
    if (error instanceof HttpError && error.status >= 500) {
      c.set('errorLogged', true);
      console.error(`[api] ${c.req.method} ${c.req.path} answered ${error.status}: ${describeError(error)}`);
    }
    if (error instanceof HttpError) {
      if (error.headers) for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
      return fail(c, error.status, error.message, error.errors);
    }
    // Log the error chain's names and messages only (credentials in addresses masked): request bodies may hold
    // passwords or tokens.
    c.set('errorLogged', true);
    if (error instanceof StoreUnavailableError) {
      console.error(`[api] ${c.req.method} ${c.req.path} answered 503: ${describeError(error)}`);
      return fail(c, 503, 'The service is temporarily unavailable. Please try again shortly.');
    }
    console.error(`[api] ${c.req.method} ${c.req.path} answered 500: ${describeError(error)}`);
    return fail(c, 500, 'Something went wrong. Please try again.');
  });

  return app;
}

export type App = ReturnType<typeof createApp>;

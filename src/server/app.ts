import { Hono } from 'hono';
import type { AppDeps, AppEnv } from './deps';
import { fail, HttpError } from './http/errors';
import { StoreUnavailableError } from './stores/types';
import { adminAuthRoutes } from './routes/admin-auth';
import { adminMessagesRoutes } from './routes/admin-messages';
import { adminPublishRoutes } from './routes/admin-publish';
import { adminServicesRoutes } from './routes/admin-services';
import { bannersRoutes } from './routes/banners';
import { contactRoutes } from './routes/contact';
import { mediaRoutes } from './routes/media';
import { servicesRoutes } from './routes/services';
import { uploadsRoutes } from './routes/uploads';

/**
 * The whole server: `/api/*` (docs/product-rules.md, "Calls") and `/media/*` (uploaded files).
 * The Netlify function and the local server both wrap this same object.
 */
export function createApp(deps: AppDeps) {
  const app = new Hono<AppEnv>({ strict: false });

  app.use('*', async (c, next) => {
    c.set('deps', deps);
    await next();
  });

  const api = new Hono<AppEnv>({ strict: false })
    .route('/services', servicesRoutes)
    .route('/banners', bannersRoutes)
    .route('/contact', contactRoutes)
    .route('/admin/auth', adminAuthRoutes)
    .route('/admin/services', adminServicesRoutes)
    .route('/admin/uploads', uploadsRoutes)
    .route('/admin/messages', adminMessagesRoutes)
    .route('/admin/publish', adminPublishRoutes);

  app.route('/api', api);
  app.route('/media', mediaRoutes);

  app.notFound((c) => {
    if (c.req.path.startsWith('/media')) return fail(c, 404, 'Media not found');
    return fail(c, 404, `No API route for ${c.req.method} ${c.req.path}`);
  });

  app.onError((error, c) => {
    if (error instanceof HttpError) {
      if (error.headers) for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
      return fail(c, error.status, error.message, error.errors);
    }
    if (error instanceof StoreUnavailableError)
      return fail(c, 503, 'The service is temporarily unavailable. Please try again shortly.');
    // Log the error's name and message only: request bodies may hold passwords or tokens.
    console.error(`[api] ${c.req.method} ${c.req.path} failed: ${error.name}: ${error.message}`);
    return fail(c, 500, 'Something went wrong. Please try again.');
  });

  return app;
}

export type App = ReturnType<typeof createApp>;

import { Hono } from 'hono';
import type { AppEnv } from '../deps';

// Placeholder: filled by its issue.
export const contactRoutes = new Hono<AppEnv>();

import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * All configuration, read once through zod. Nothing else in the project reads process.env
 * (eslint enforces it outside this file and scripts/).
 */
const EnvSchema = z.object({
  NODE_ENV: z.string().optional(),
  /** Netlify sets CONTEXT=production on production deploys. */
  CONTEXT: z.string().optional(),
  MONGODB_URI: z.string().min(1).optional(),
  MONGODB_DB: z.string().min(1).default('soul_guidance'),
  JWT_SECRET: z.string().min(32, { error: 'JWT_SECRET must be at least 32 characters' }).optional(),
  SMTP_URL: z.string().min(1).optional(),
  MAIL_FROM: z.string().min(1).default('Soul Guidance <no-reply@soulguidance.in>'),
  CONTACT_INBOX: z.string().min(1).optional(),
  NETLIFY_BUILD_HOOK_URL: z.url().optional(),
  SITE_URL: z.url().default('http://localhost:8888'),
  /** Quiet time after the last content change before one build publishes them all; 0 publishes every change at once. */
  PUBLISH_QUIET_SECONDS: z.coerce.number().int().min(0).max(3_600).default(120),
  /** Where the embedded store, local secret and mail outbox live. */
  DATA_DIR: z.string().min(1).default('.data'),
  /** Local server port (Netlify's local default). */
  PORT: z.coerce.number().int().min(1).max(65_535).default(8888),
});

export type RawEnv = z.output<typeof EnvSchema>;

export interface Env extends Omit<RawEnv, 'JWT_SECRET' | 'DATA_DIR'> {
  isProduction: boolean;
  JWT_SECRET: string;
  DATA_DIR: string;
  OUTBOX_DIR: string;
}

function emptyToUndefined(source: NodeJS.ProcessEnv): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(source).map(([k, v]) => [k, v === '' ? undefined : v]));
}

/** A random secret generated once and kept in the data folder, so local sessions survive restarts. */
function localSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = EnvSchema.safeParse(emptyToUndefined(source));
  if (!parsed.success) {
    // Name the variables, never their values: they may be secrets.
    const names = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Invalid configuration: ${names}`);
  }
  const raw = parsed.data;
  const isProduction = raw.CONTEXT === 'production' || raw.NODE_ENV === 'production';
  if (isProduction && !raw.JWT_SECRET) {
    throw new Error('JWT_SECRET is required in production. Set it to a random string of at least 32 characters.');
  }
  const dataDir = path.resolve(raw.DATA_DIR);
  return {
    ...raw,
    isProduction,
    DATA_DIR: dataDir,
    OUTBOX_DIR: path.join(dataDir, 'outbox'),
    JWT_SECRET: raw.JWT_SECRET ?? localSecret(dataDir),
  };
}

const StoreConfigSchema = EnvSchema.pick({ MONGODB_URI: true, MONGODB_DB: true, DATA_DIR: true });
export type StoreConfig = z.output<typeof StoreConfigSchema>;

/**
 * Only what the static build needs to read content. `astro build` sets NODE_ENV=production, and a build has no use
 * for the JWT secret, so it must not be required here.
 */
export function getStoreConfig(source: NodeJS.ProcessEnv = process.env): StoreConfig {
  const raw = StoreConfigSchema.parse(emptyToUndefined(source));
  return { ...raw, DATA_DIR: path.resolve(raw.DATA_DIR) };
}

let cached: Env | undefined;

/** The process-wide configuration, parsed on first use. */
export function getEnv(): Env {
  cached ??= parseEnv();
  return cached;
}

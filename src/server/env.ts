import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { isStrongSetupCode, SETUP_CODE_ADVICE } from './auth/setup-code-strength';
import { deployContext, isPreviewContext, type DeployContext } from './deploy-context';

/**
 * All configuration, read once through zod. Nothing else in the project reads process.env
 * (eslint enforces it outside this file and scripts/).
 */
const EnvSchema = z.object({
  NODE_ENV: z.string().optional(),
  /** Netlify sets CONTEXT (production, deploy-preview, …) and NETLIFY=true in builds, not in functions. */
  CONTEXT: z.string().optional(),
  NETLIFY: z.string().optional(),
  /**
   * What a deployed function may carry besides the site's own variables. Netlify documents SITE_ID, SITE_NAME and URL
   * for functions; DEPLOY_ID is a build variable, kept here only because a runtime that sets it is Netlify too.
   */
  SITE_ID: z.string().optional(),
  SITE_NAME: z.string().optional(),
  URL: z.string().optional(),
  DEPLOY_ID: z.string().optional(),
  MONGODB_URI: z.string().min(1).optional(),
  /**
   * The database of every non-production deploy context (Deploy Previews, branch deploys): used instead of
   * MONGODB_URI there, always with the database name MONGODB_DB + "_preview" (docs/decisions/015-previews-isolated.md).
   */
  PREVIEW_MONGODB_URI: z.string().min(1).optional(),
  MONGODB_DB: z.string().min(1).default('soul_guidance'),
  JWT_SECRET: z.string().min(32, { error: 'JWT_SECRET must be at least 32 characters' }).optional(),
  SMTP_URL: z.string().min(1).optional(),
  /** The sender address; without a name of its own, mail carries the site name (src/server/mail/site-sender.ts). */
  MAIL_FROM: z.string().min(1).default('no-reply@soulguidance.in'),
  CONTACT_INBOX: z.string().min(1).optional(),
  NETLIFY_BUILD_HOOK_URL: z.url().optional(),
  /** Defaults to Netlify's URL on Netlify, http://localhost:8888 elsewhere (see siteUrl below). */
  SITE_URL: z.url().optional(),
  /** Quiet time after the last content change before one build publishes them all; 0 publishes every change at once. */
  PUBLISH_QUIET_SECONDS: z.coerce.number().int().min(0).max(3_600).default(120),
  /**
   * Contact messages the whole site accepts in one hour, from all addresses together (docs/auth.md, "Contact form"):
   * the per-address limit alone lets a flood from many addresses fill the inbox.
   */
  CONTACT_HOURLY_LIMIT: z.coerce.number().int().min(1).max(10_000).default(30),
  /** Where the embedded store, local secret and mail outbox live. */
  DATA_DIR: z.string().min(1).default('.data'),
  /**
   * On a deployed site, creating the first admin also needs this code (docs/auth.md). At least 128 bits of
   * randomness, since init is a public endpoint: a weak code stops start-up (the function answers 503 naming it)
   * rather than leave the site claimable. The message says how to make one and never shows the value.
   */
  ADMIN_SETUP_CODE: z
    .string()
    .max(200, { error: 'ADMIN_SETUP_CODE must be at most 200 characters' })
    .refine(isStrongSetupCode, { error: SETUP_CODE_ADVICE })
    .optional(),
  /**
   * Razorpay (docs/bookings.md, "What a deploy needs"). With any of the three keys missing, paid sessions booked on
   * the site are paid at the session and the portal's Availability screen names the missing variable.
   */
  RAZORPAY_KEY_ID: z.string().min(1).optional(),
  RAZORPAY_KEY_SECRET: z.string().min(1).optional(),
  RAZORPAY_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** Razorpay's API origin; tests point it at the stand-in (tests/support/razorpay-standin.ts). */
  RAZORPAY_API_BASE: z.url().default('https://api.razorpay.com'),
  /** The address of Razorpay Checkout's script; tests point it at the stand-in's simulated modal. */
  RAZORPAY_CHECKOUT_URL: z.url().default('https://checkout.razorpay.com/v1/checkout.js'),
  /** Local server port (Netlify's local default). */
  PORT: z.coerce.number().int().min(1).max(65_535).default(8888),
  /**
   * The address the local server listens on. Loopback by default, so `npm start` is not reachable from the network;
   * set e.g. HOST=0.0.0.0 to open it on purpose. Netlify does not use it.
   */
  HOST: z.string().trim().min(1).default('127.0.0.1'),
});

export type RawEnv = z.output<typeof EnvSchema>;

export interface Env extends Omit<RawEnv, 'JWT_SECRET' | 'DATA_DIR' | 'SITE_URL'> {
  /** A deployed function, a Netlify build, or CONTEXT/NODE_ENV production. */
  isProduction: boolean;
  /** Running on Netlify (build or function) rather than under `npm start` or tests. */
  isDeployed: boolean;
  runtime: Runtime;
  /** The Netlify deploy context, when known (src/server/deploy-context.ts); undefined locally. */
  deployContext: DeployContext | undefined;
  /** A non-production Netlify context: its own database and media store, no build hook. */
  isPreview: boolean;
  SITE_URL: string;
  JWT_SECRET: string;
  DATA_DIR: string;
  OUTBOX_DIR: string;
}

function emptyToUndefined(source: NodeJS.ProcessEnv): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(source).map(([k, v]) => [k, v === '' ? undefined : v]));
}

/**
 * Where this code runs (docs/decisions/002-mongodb-in-functions.md). A Netlify build has NETLIFY=true and CONTEXT; a
 * deployed function has neither, but the SITE_ID, SITE_NAME and URL Netlify documents for functions (DEPLOY_ID only
 * counts as a hint). `netlify dev` style tools set NETLIFY_DEV, which stays local.
 */
export type Runtime = 'local' | 'netlify-build' | 'netlify-function';

export function detectRuntime(source: NodeJS.ProcessEnv = process.env): Runtime {
  const env = emptyToUndefined(source);
  if (env['NETLIFY_DEV'] === 'true') return 'local';
  if (env['NETLIFY'] === 'true' || env['CONTEXT'] !== undefined) return 'netlify-build';
  if (['SITE_ID', 'SITE_NAME', 'URL', 'DEPLOY_ID'].some((name) => env[name] !== undefined)) return 'netlify-function';
  return 'local';
}

/** What a deployed function cannot work without; with one missing it answers 503 naming it (src/server/runtime.ts). */
export const FUNCTION_REQUIRED = ['MONGODB_URI', 'JWT_SECRET', 'SMTP_URL'] as const;
/** What a Netlify build cannot work without: without MONGODB_URI it would publish an empty site over the live one. */
export const BUILD_REQUIRED = ['MONGODB_URI'] as const;

/** Configuration that is missing or invalid. Carries variable names only, never values (they may be secrets). */
export class ConfigurationError extends Error {
  constructor(
    readonly variables: string[],
    message: string,
  ) {
    super(message);
    this.name = 'ConfigurationError';
  }
}

function missingMessage(names: string[], where: string): string {
  const list = names.join(', ');
  return `${list} ${names.length === 1 ? 'is' : 'are'} not set ${where}. Set ${names.length === 1 ? 'it' : 'them'} in the Netlify site's environment variables (README, "Deploying on Netlify").`;
}

export const PREVIEW_DATABASE_SUFFIX = '_preview';

/**
 * In a non-production deploy context, the database is PREVIEW_MONGODB_URI with MONGODB_DB + "_preview", never the
 * production one; without PREVIEW_MONGODB_URI the function answers 503 and the build stops, naming it. The suffix keeps
 * a preview off the live data even when PREVIEW_MONGODB_URI points at the production cluster.
 */
function isolatePreview<T extends { MONGODB_URI?: string | undefined; MONGODB_DB: string }>(
  raw: T & { PREVIEW_MONGODB_URI?: string | undefined },
  context: DeployContext | undefined,
  where: string,
): T {
  if (!isPreviewContext(context)) return raw;
  if (!raw.PREVIEW_MONGODB_URI) {
    throw new ConfigurationError(
      ['PREVIEW_MONGODB_URI'],
      `Deploy Previews and branch deploys need PREVIEW_MONGODB_URI ${where} (deploy context "${String(context)}"): ` +
        "they never use the production database. Set it in the Netlify site's environment variables " +
        '(README, "Deploying on Netlify").',
    );
  }
  return { ...raw, MONGODB_URI: raw.PREVIEW_MONGODB_URI, MONGODB_DB: `${raw.MONGODB_DB}${PREVIEW_DATABASE_SUFFIX}` };
}

function parseRaw(source: NodeJS.ProcessEnv): RawEnv {
  const parsed = EnvSchema.safeParse(emptyToUndefined(source));
  if (!parsed.success) {
    // Name the variables, never their values: they may be secrets.
    const variables = [...new Set(parsed.error.issues.map((issue) => issue.path.join('.')))];
    const names = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new ConfigurationError(variables, `Invalid configuration: ${names}`);
  }
  return parsed.data;
}

/** SITE_URL, else Netlify's own URL for the site (canonical links, sitemap), else the local server. */
function siteUrl(raw: RawEnv, runtime: Runtime): string {
  if (raw.SITE_URL) return raw.SITE_URL;
  if (runtime !== 'local' && raw.URL && z.url().safeParse(raw.URL).success) return raw.URL;
  return 'http://localhost:8888';
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
  const runtime = detectRuntime(source);
  const parsed = parseRaw(source);
  const context = runtime === 'local' ? undefined : deployContext(parsed.CONTEXT);
  const isPreview = isPreviewContext(context);
  // A preview never calls the production build hook: without it the publisher is 'none' (src/server/publish).
  const raw = isPreview
    ? { ...isolatePreview(parsed, context, 'for the function'), NETLIFY_BUILD_HOOK_URL: undefined }
    : parsed;
  // A deployed function must never fall back to local defaults: the embedded store, the generated secret and the mail
  // outbox all write to a data folder, and a function's disk is read-only.
  if (runtime === 'netlify-function') {
    const missing = FUNCTION_REQUIRED.filter((name) => !raw[name]);
    if (missing.length > 0) throw new ConfigurationError(missing, missingMessage(missing, 'for the function'));
  }
  const isProduction = runtime !== 'local' || raw.CONTEXT === 'production' || raw.NODE_ENV === 'production';
  if (isProduction && !raw.JWT_SECRET) {
    throw new ConfigurationError(
      ['JWT_SECRET'],
      'JWT_SECRET is required in production. Set it to a random string of at least 32 characters.',
    );
  }
  const dataDir = path.resolve(raw.DATA_DIR);
  return {
    ...raw,
    isProduction,
    isDeployed: runtime !== 'local',
    runtime,
    deployContext: context,
    isPreview,
    SITE_URL: siteUrl(raw, runtime),
    DATA_DIR: dataDir,
    OUTBOX_DIR: path.join(dataDir, 'outbox'),
    JWT_SECRET: raw.JWT_SECRET ?? localSecret(dataDir),
  };
}

const StoreConfigSchema = EnvSchema.pick({
  MONGODB_URI: true,
  PREVIEW_MONGODB_URI: true,
  MONGODB_DB: true,
  DATA_DIR: true,
  CONTEXT: true,
});
export type StoreConfig = Pick<z.output<typeof StoreConfigSchema>, 'MONGODB_URI' | 'MONGODB_DB' | 'DATA_DIR'>;

/**
 * Only what the static build (and `npm run db:migrate`) needs to read content. `astro build` sets NODE_ENV=production,
 * and a build has no use for the JWT secret, so it must not be required here. On Netlify a build without MONGODB_URI
 * fails: reading the (empty) embedded store would publish an empty site over the live one.
 */
export function getStoreConfig(source: NodeJS.ProcessEnv = process.env): StoreConfig {
  const parsed = StoreConfigSchema.safeParse(emptyToUndefined(source));
  if (!parsed.success) {
    const variables = [...new Set(parsed.error.issues.map((issue) => issue.path.join('.')))];
    throw new ConfigurationError(variables, `Invalid configuration: ${variables.join(', ')}`);
  }
  const runtime = detectRuntime(source);
  // A Deploy Preview's build (and its db:migrate) reads and migrates the preview database, never production's.
  const {
    PREVIEW_MONGODB_URI: _preview,
    CONTEXT: _context,
    ...raw
  } = runtime === 'local'
    ? parsed.data
    : isolatePreview(parsed.data, deployContext(parsed.data.CONTEXT), 'for this build');
  if (runtime !== 'local') {
    const missing = BUILD_REQUIRED.filter((name) => !raw[name]);
    if (missing.length > 0) {
      throw new ConfigurationError(
        missing,
        `${missingMessage(missing, 'for this Netlify build')} The build stops so that the live site stays as it is.`,
      );
    }
  }
  return { ...raw, DATA_DIR: path.resolve(raw.DATA_DIR) };
}

let cached: Env | undefined;

/** The process-wide configuration, parsed on first use. */
export function getEnv(): Env {
  cached ??= parseEnv();
  return cached;
}

/** Netlify's build context (production, deploy-preview, branch-deploy), or undefined outside a Netlify build. */
export function buildContext(source: NodeJS.ProcessEnv = process.env): string | undefined {
  return emptyToUndefined(source)['CONTEXT'];
}

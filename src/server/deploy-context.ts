/**
 * Which Netlify deploy context this code serves (docs/decisions/015-previews-isolated.md). Production-only side
 * effects (the production database, the build hook, the scheduled publisher, the site-wide Blobs store) belong to the
 * `production` context alone; Deploy Previews and branch deploys must never reach them.
 *
 * How each place learns it: a build has the CONTEXT variable; a deployed function does not (CONTEXT is a build
 * variable), it gets `context.deploy.context` on the handler's Context argument, which the handler hands over with
 * `rememberDeployContext` before anything reads the configuration. Locally (`npm start`, tests) there is no context.
 */
export type DeployContext = 'production' | 'deploy-preview' | 'branch-deploy' | (string & {});

let fromFunction: string | undefined;

/** Called by a function handler with its Context (netlify/functions/api.mts), before the app is built. */
export function rememberDeployContext(context: { deploy?: { context?: string } } | undefined): void {
  const value = context?.deploy?.context;
  if (typeof value === 'string' && value !== '') fromFunction = value;
}

/** For tests: forget what a handler said. */
export function forgetDeployContext(): void {
  fromFunction = undefined;
}

/**
 * The deploy context: the function's (from its Context), else the build's CONTEXT, else undefined (local, or a
 * function whose runtime did not say: treated as production, as before this rule, so a live site never loses its
 * database over a missing field).
 */
export function deployContext(buildContext: string | undefined): DeployContext | undefined {
  return fromFunction ?? buildContext;
}

/** True for anything that is a Netlify context other than production: deploy-preview, branch-deploy, dev… */
export function isPreviewContext(context: DeployContext | undefined): boolean {
  return context !== undefined && context !== 'production';
}

/**
 * Strictly the production deploy, from a function's Context. For side effects that may be skipped safely (the weekly
 * backup): a missing context counts as not production, unlike `deployContext`, which keeps a live site's database.
 */
export function isProductionContext(context: { deploy?: { context?: string } } | undefined): boolean {
  return context?.deploy?.context === 'production';
}

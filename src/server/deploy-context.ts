/**
 * Whether this function runs on the production deploy. A deployed function has no CONTEXT variable; Netlify passes
 * the deploy context in the function's context argument instead ("production", "deploy-preview", "branch-deploy",
 * "dev"). Anything else (a local run, a test, a missing context) is not production, so side effects stay off.
 */
export function isProductionContext(context: { deploy?: { context?: string } } | undefined): boolean {
  return context?.deploy?.context === 'production';
}

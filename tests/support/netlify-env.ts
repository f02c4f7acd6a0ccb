// The variables Netlify gives a deployed function (docs/decisions/002-mongodb-in-functions.md): a site and a deploy,
// and nothing of a build's (no CONTEXT, no NETLIFY). env.ts recognises a deployed function by them.
export const NETLIFY_FUNCTION_ENV = {
  SITE_ID: '0f3c5e1a-dry-run',
  SITE_NAME: 'soul-guidance-dry-run',
  URL: 'https://soul-guidance.example',
  DEPLOY_ID: 'dry-run-deploy',
} as const;

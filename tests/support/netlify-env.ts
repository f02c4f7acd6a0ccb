// The read-only variables Netlify documents for a deployed function (docs/decisions/002-mongodb-in-functions.md): the
// site's, and nothing of a build's (no CONTEXT, NETLIFY or DEPLOY_ID). env.ts recognises a deployed function by them.
export const NETLIFY_FUNCTION_ENV = {
  SITE_ID: '0f3c5e1a-dry-run',
  SITE_NAME: 'soul-guidance-dry-run',
  URL: 'https://soul-guidance.example',
} as const;

import { afterEach, describe, expect, it } from 'vitest';
import { forgetDeployContext, rememberDeployContext } from './deploy-context';
import { ConfigurationError, getStoreConfig, parseEnv } from './env';

// Deploy Previews never touch the live site (docs/decisions/015-previews-isolated.md).
const FUNCTION = {
  SITE_ID: 'site',
  URL: 'https://soul-guidance.example',
  JWT_SECRET: 'x'.repeat(40),
  SMTP_URL: 'smtp://127.0.0.1:9',
  MONGODB_URI: 'mongodb://live.example/',
  NETLIFY_BUILD_HOOK_URL: 'https://hooks.example/build_hooks/abc',
};

function thrown(run: () => unknown): ConfigurationError {
  try {
    run();
  } catch (error) {
    if (error instanceof ConfigurationError) return error;
    throw error;
  }
  throw new Error('expected a ConfigurationError');
}

afterEach(forgetDeployContext);

describe('a function in a non-production deploy context', () => {
  it('refuses without PREVIEW_MONGODB_URI, naming it and not the production URI', () => {
    rememberDeployContext({ deploy: { context: 'deploy-preview' } });
    const error = thrown(() => parseEnv(FUNCTION));
    expect(error.variables).toEqual(['PREVIEW_MONGODB_URI']);
    expect(error.message).toContain('Deploy Previews and branch deploys need PREVIEW_MONGODB_URI');
    expect(error.message).not.toContain('live.example');
  });

  it('uses the preview database (its own name) and drops the build hook', () => {
    rememberDeployContext({ deploy: { context: 'branch-deploy' } });
    const env = parseEnv({ ...FUNCTION, PREVIEW_MONGODB_URI: 'mongodb://live.example/' });
    expect(env).toMatchObject({ isPreview: true, deployContext: 'branch-deploy', MONGODB_DB: 'soul_guidance_preview' });
    expect(env.NETLIFY_BUILD_HOOK_URL).toBeUndefined();
  });

  it('keeps production as it was: its database and its hook', () => {
    rememberDeployContext({ deploy: { context: 'production' } });
    const env = parseEnv(FUNCTION);
    expect(env).toMatchObject({
      isPreview: false,
      MONGODB_URI: 'mongodb://live.example/',
      MONGODB_DB: 'soul_guidance',
    });
    expect(env.NETLIFY_BUILD_HOOK_URL).toBe(FUNCTION.NETLIFY_BUILD_HOOK_URL);
  });

  it('ignores the context locally (npm start, tests)', () => {
    rememberDeployContext({ deploy: { context: 'deploy-preview' } });
    const env = parseEnv({ JWT_SECRET: 'x'.repeat(40), MONGODB_URI: 'mongodb://local/' });
    expect(env).toMatchObject({ isPreview: false, MONGODB_URI: 'mongodb://local/' });
  });
});

describe('a build (and db:migrate) in a non-production deploy context', () => {
  const build = { NETLIFY: 'true', MONGODB_URI: 'mongodb://live.example/' };

  it('stops without PREVIEW_MONGODB_URI, so nothing migrates or reads the production database', () => {
    const error = thrown(() => getStoreConfig({ ...build, CONTEXT: 'deploy-preview' }));
    expect(error.variables).toEqual(['PREVIEW_MONGODB_URI']);
    expect(error.message).toContain('for this build');
  });

  it('reads and migrates the preview database', () => {
    expect(getStoreConfig({ ...build, CONTEXT: 'deploy-preview', PREVIEW_MONGODB_URI: 'mongodb://p/' })).toMatchObject({
      MONGODB_URI: 'mongodb://p/',
      MONGODB_DB: 'soul_guidance_preview',
    });
    expect(getStoreConfig({ ...build, CONTEXT: 'production' })).toMatchObject({
      MONGODB_URI: 'mongodb://live.example/',
      MONGODB_DB: 'soul_guidance',
    });
  });
});

// `npm run db:migrate`: ensures the MongoDB indexes in one explicit step (Netlify's build command runs it before the
// build reads the database; `npm start` runs the same step at start when MONGODB_URI is set). Requests never create
// indexes: see docs/decisions/002-mongodb-in-functions.md. Exit code 1, with the reason, on any failure.
import { ConfigurationError, getStoreConfig } from '../src/server/env';
import { fillServiceSlugs } from '../src/server/domain/service-slugs';
import { migrateIndexes } from '../src/server/stores/mongo/migrate';

try {
  // On Netlify this refuses a missing MONGODB_URI (the build must not publish an empty site). In a Deploy Preview or
  // branch deploy (CONTEXT other than production) it is PREVIEW_MONGODB_URI with the "_preview" database, and the
  // build stops without it: a preview never migrates the live database (docs/decisions/015-previews-isolated.md).
  const config = getStoreConfig();
  if (!config.MONGODB_URI) {
    console.log('db:migrate: MONGODB_URI is not set; the embedded store needs no migration.');
  } else {
    const started = Date.now();
    const report = await migrateIndexes(config.MONGODB_URI, config.MONGODB_DB);
    const count = Object.values(report.collections).reduce((sum, names) => sum + names.length, 0);
    console.log(
      `db:migrate: ${count} indexes ensured on ${Object.keys(report.collections).length} collections of ` +
        `${report.database} in ${Date.now() - started} ms.`,
    );
    // Services saved before slugs existed get their readable address before the build bakes the pages.
    const filled = await fillServiceSlugs(config);
    console.log(`db:migrate: ${filled} service(s) given a slug.`);
  }
} catch (error) {
  const message = error instanceof ConfigurationError || error instanceof Error ? error.message : String(error);
  console.error(`db:migrate failed: ${message}`);
  process.exitCode = 1;
}

import type { Env } from './env';
import type { Mailer } from './mail/types';
import type { MediaStore } from './media/types';
import type { Publisher } from './publish/types';
import type { AuthOverrides } from './auth/settings';
import type { AdminRecord, Stores } from './stores/types';
import type { PaymentProvider } from './payments/provider';

/** Everything a request handler may touch, passed in so tests can swap any part. */
export interface AppDeps {
  env: Env;
  stores: Stores;
  media: MediaStore;
  mailer: Mailer;
  publisher: Publisher;
  /** The weekly backups' own Blobs store (docs/backup.md); unset means Netlify Blobs' `backups` store. */
  backups?: MediaStore;
  /**
   * Who takes online payments for bookings. Unset: built from the RAZORPAY_* variables (src/server/payments/
   * from-env.ts); null: none, paid sessions are paid at the session.
   */
  payments?: PaymentProvider | null;
  /** Tests only: a lower bcrypt cost or a shorter forgot-password floor. Production leaves it unset. */
  auth?: AuthOverrides;
  /** Tests only: told of every task that runs after its reply (src/server/http/after-reply.ts), to await it. */
  afterReply?: (task: Promise<unknown>) => void;
}

/** Hono's environment type for this app. */
export interface AppEnv {
  Variables: {
    deps: AppDeps;
    /** Set by requireAdmin for authenticated admin routes. */
    admin: AdminRecord;
    /** The session token's id, set by requireAdmin (logout revokes it). */
    tokenId: string;
    tokenExpiresAt: Date;
    /** Set when onError has already logged this request's 5xx with its cause (src/server/app.ts). */
    errorLogged: boolean;
  };
}

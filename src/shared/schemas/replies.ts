// The replies of the admin's everyday calls, one schema each, shared by the routes' tests and the admin's client
// (docs/decisions/005-hand-written-fetch-client.md): the admin checks each reply against the schema named here, and
// src/server/routes/admin-replies.test.ts holds each route's real reply to the same schema. Replies whose schemas
// carry the phone rule (site settings, messages) are built where they are loaded lazily, from apiSuccess(). Kept apart
// from api.ts, whose error schema would bring zod's record type into the portal's first chunk.
import { z } from 'zod';
import { AdminAuthStatusSchema, AdminPublicSchema } from './auth';
import { BannerSchema } from './banner';
import { CategorySchema } from './category';
import { ServiceSchema, StoredServiceSchema } from './service';
import { CommittedMediaSchema, UploadChunkResultSchema, UploadSessionSchema } from './upload';

/**
 * A success with nothing to hand back but, at times, the spec's message ('Service deleted successfully'); every
 * reply carries the success flag (docs/product-rules.md, "Calls").
 */
export const OkReplySchema = z.object({ success: z.literal(true), message: z.string().optional() });
export type OkReply = z.output<typeof OkReplySchema>;

/** A success that carries `data`, the shape of every read and most saves. */
export function apiSuccess<T extends z.ZodType>(data: T) {
  return OkReplySchema.extend({ data });
}

/** A sign-in, first admin, device approval or password change: the session token, when one is issued. */
export const TokenReplySchema = OkReplySchema.extend({ token: z.string().optional() });

/** A verified reset code: the short-lived token that lets the new password be set (docs/auth.md). */
export const ResetTokenReplySchema = OkReplySchema.extend({ resetToken: z.string().min(1) });

/** GET /api/admin/auth/status: whether an admin exists yet, and whether creating one needs the setup code. */
export const AdminStatusReplySchema = apiSuccess(AdminAuthStatusSchema);
/** GET /api/admin/auth/profile and PUT …/change-email: the signed-in admin. */
export const AdminProfileReplySchema = apiSuccess(AdminPublicSchema);

/** GET /api/admin/services: every service, inactive ones included. */
export const ServiceListReplySchema = apiSuccess(z.array(ServiceSchema));
/** GET /api/admin/services/:id: one service as stored, read leniently for the edit form. */
export const StoredServiceReplySchema = apiSuccess(StoredServiceSchema);

/** GET /api/banners with the admin's token: every banner, active or not. */
export const BannerListReplySchema = apiSuccess(z.array(BannerSchema));

/** /api/admin/categories: the whole ordered list, after a read, a save or a rename. */
export const CategoryListReplySchema = apiSuccess(z.array(CategorySchema));

/** The chunked upload's three steps (docs/admin.md, "Uploads"). */
export const UploadSessionReplySchema = apiSuccess(UploadSessionSchema);
export const UploadChunkReplySchema = apiSuccess(UploadChunkResultSchema);
export const CommittedMediaReplySchema = apiSuccess(CommittedMediaSchema);

import { ObjectId, type Filter } from 'mongodb';
import type { ContactMessage } from '../../../shared/schemas/contact';
import { nowIso, stripUndefined, toMessageSummary } from '../record-rules';
import type { ContactStore } from '../types';
import { COLLECTIONS } from './client';
import { byObjectId, objectId, withHexId, type Run } from './documents';

// The contact form's messages (contract: messages.test.ts).

type ContactDoc = Omit<ContactMessage, '_id'> & { _id: ObjectId };

function toMessage(doc: ContactDoc): ContactMessage {
  return withHexId(doc);
}

export function contactStore(run: Run): ContactStore {
  const { collection: messages, ...byId } = byObjectId(run, COLLECTIONS.contact, toMessage);
  return {
    create: (data) =>
      run(async (db) => {
        const doc: ContactDoc = { ...data, _id: new ObjectId(), status: 'new', createdAt: nowIso() };
        await messages(db).insertOne(doc);
        return withHexId(doc);
      }),
    list: () =>
      run(async (db) => (await messages(db).find().sort({ createdAt: -1, _id: -1 }).toArray()).map(withHexId)),
    page: ({ folder, limit, after }) =>
      run(async (db) => {
        const status: Filter<ContactDoc> =
          folder === 'archived' ? { status: 'archived' } : { status: { $ne: 'archived' } };
        const afterId = after ? objectId(after.id) : null;
        // Strictly after the cursor in (createdAt desc, _id desc): older, or as old with a smaller id.
        const filter: Filter<ContactDoc> =
          after && afterId
            ? {
                $and: [
                  status,
                  {
                    $or: [
                      { createdAt: { $lt: after.createdAt } },
                      { createdAt: after.createdAt, _id: { $lt: afterId } },
                    ],
                  },
                ],
              }
            : status;
        // One extra document tells whether another page follows, without a count.
        const docs = await messages(db)
          .find(filter)
          .sort({ createdAt: -1, _id: -1 })
          .limit(limit + 1)
          .toArray();
        return {
          items: docs.slice(0, limit).map((doc) => toMessageSummary(withHexId(doc))),
          hasMore: docs.length > limit,
        };
      }),
    countByFolder: () =>
      run(async (db) => {
        const [total, archived] = await Promise.all([
          messages(db).countDocuments({}),
          messages(db).countDocuments({ status: 'archived' }),
        ]);
        return { inbox: total - archived, archived };
      }),
    get: byId.get,
    update: (id, patch) => {
      const set = stripUndefined(patch);
      // MongoDB refuses an empty $set; an empty patch changes nothing.
      return Object.keys(set).length === 0 ? byId.get(id) : byId.update(id, { $set: set });
    },
    delete: (id) =>
      run(async (db) => {
        const _id = objectId(id);
        return _id ? (await messages(db).deleteOne({ _id })).deletedCount > 0 : false;
      }),
    countUnread: () => run((db) => messages(db).countDocuments({ status: 'new' })),
    // The form stores addresses in lower case (EmailSchema), so an exact match on the index finds them all.
    listByEmail: (email) =>
      run(async (db) =>
        (await messages(db).find({ email: email.toLowerCase() }).sort({ createdAt: -1, _id: -1 }).toArray()).map(
          withHexId,
        ),
      ),
    deleteByEmail: (email) =>
      run(async (db) => (await messages(db).deleteMany({ email: email.toLowerCase() })).deletedCount),
  };
}

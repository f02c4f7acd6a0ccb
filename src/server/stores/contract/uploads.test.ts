// The store contract for chunked uploads (harness: ./harness.ts).
import { describe, expect, it } from 'vitest';
import { describeEachStoreFresh, MISSING_ID } from './harness';

describeEachStoreFresh((stores) => {
  describe('uploads', () => {
    const inAnHour = () => new Date(Date.now() + 3_600_000);

    it('tracks received chunks and the commit', async () => {
      const expiresAt = inAnHour();
      const upload = await stores.uploads.create({ size: 9, contentType: 'video/mp4', chunkSize: 4, expiresAt });
      expect(upload).toMatchObject({ size: 9, contentType: 'video/mp4', chunkSize: 4, received: {}, status: 'open' });
      expect(upload.expiresAt.getTime()).toBe(expiresAt.getTime());
      expect(upload.createdAt).toBeInstanceOf(Date);
      await stores.uploads.markChunk(upload._id, 0, 4);
      const two = await stores.uploads.markChunk(upload._id, 2, 1);
      expect(two?.received).toEqual({ '0': 4, '2': 1 });
      const committed = await stores.uploads.markCommitted(upload._id, 'abc.mp4');
      expect(committed).toMatchObject({ status: 'committed', key: 'abc.mp4', received: { '0': 4, '2': 1 } });
      expect(await stores.uploads.get(upload._id)).toEqual(committed);
      await stores.uploads.delete(upload._id);
      expect(await stores.uploads.get(upload._id)).toBeNull();
      expect(await stores.uploads.markChunk(MISSING_ID, 0, 1)).toBeNull();
      expect(await stores.uploads.markCommitted(MISSING_ID, 'k')).toBeNull();
    });

    it.each([-1, 1.5, Number.NaN])('refuses chunk index %s', async (index) => {
      const upload = await stores.uploads.create({
        size: 1,
        contentType: 'image/png',
        chunkSize: 1,
        expiresAt: inAnHour(),
      });
      await expect(stores.uploads.markChunk(upload._id, index, 1)).rejects.toThrow(RangeError);
    });

    it('lists open uploads past their expiry', async () => {
      const now = new Date();
      const old = await stores.uploads.create({
        size: 1,
        contentType: 'image/png',
        chunkSize: 1,
        expiresAt: new Date(now.getTime() - 1_000),
      });
      const done = await stores.uploads.create({
        size: 1,
        contentType: 'image/png',
        chunkSize: 1,
        expiresAt: new Date(now.getTime() - 1_000),
      });
      await stores.uploads.markCommitted(done._id, 'k.png');
      const open = await stores.uploads.create({
        size: 1,
        contentType: 'image/png',
        chunkSize: 1,
        expiresAt: inAnHour(),
      });
      expect((await stores.uploads.listExpired(now)).map((u) => u._id)).toEqual([old._id]);
      // The upload caps count only unfinished uploads still within their lifetime.
      expect((await stores.uploads.listOpen(now)).map((u) => u._id)).toEqual([open._id]);
    });
  });
});

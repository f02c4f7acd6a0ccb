// Service addresses through the real app (docs/content-api.md, "Addresses"): the admin API gives every service a
// slug (made from the name, or typed), refuses a taken or invalid one with a field message, keeps the old ones, and
// the public API finds a service by id, slug or earlier slug.
import { describe, expect, it } from 'vitest';
import type { Service } from '../../shared/schemas/service';
import { SLUG_MESSAGES } from '../../shared/schemas/slug';
import { file, fileBytes, formData, serviceFields } from '../../../tests/support/server/content';
import { setupServicesApp as setup, type Reply } from '../../../tests/support/server/content-app';

describe('admin: slugs on create and update', () => {
  it('makes the slug from the name when left empty, with a suffix when it is taken', async () => {
    const { create } = await setup();
    const first = await create(serviceFields({ name: 'Akashic Records Reading', slug: '' }));
    const second = await create(serviceFields({ name: 'Akashic Records Reading' }));
    const accented = await create(serviceFields({ name: 'Séance & Réiki — Ōm' }));
    expect([first.slug, second.slug, accented.slug]).toEqual([
      'akashic-records-reading',
      'akashic-records-reading-2',
      'seance-and-reiki-om',
    ]);
  });

  it('makes distinct slugs for services created at the same moment', async () => {
    const { send } = await setup();
    const post = () =>
      send(
        'POST',
        '',
        formData(serviceFields({ name: 'Tarot Reading' }), { image: file(fileBytes.jpeg(), 'a.jpg', 'image/jpeg') }),
      );
    const replies = await Promise.all([post(), post(), post()]);
    const slugs = await Promise.all(replies.map(async (r) => ((await r.json()) as { data: Service }).data.slug));
    expect(slugs.sort()).toEqual(['tarot-reading', 'tarot-reading-2', 'tarot-reading-3']);
  });

  it('keeps a typed slug, lower-casing it, and refuses a taken one with a field message, storing nothing', async () => {
    const { create, send, mediaKeys } = await setup();
    expect((await create(serviceFields({ slug: '  My-Reading ' }))).slug).toBe('my-reading');
    const before = mediaKeys().length;
    const response = await send(
      'POST',
      '',
      formData(serviceFields({ name: 'Other', slug: 'my-reading' }), {
        image: file(fileBytes.jpeg(), 'a.jpg', 'image/jpeg'),
      }),
    );
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({
      success: false,
      message: SLUG_MESSAGES.taken,
      errors: { slug: SLUG_MESSAGES.taken },
    });
    expect(mediaKeys()).toHaveLength(before);
  });

  it.each([
    ['tarot reading', SLUG_MESSAGES.format],
    ['tarot--reading', SLUG_MESSAGES.format],
    ['-tarot', SLUG_MESSAGES.format],
    ['tarot_reading', SLUG_MESSAGES.format],
    ['séance', SLUG_MESSAGES.format],
    ['fallback', SLUG_MESSAGES.reserved],
    ['0123456789abcdef01234567', SLUG_MESSAGES.idShape],
    ['a'.repeat(81), SLUG_MESSAGES.tooLong],
  ])('refuses the slug %j: %s', async (slug, message) => {
    const { send } = await setup();
    const response = await send(
      'POST',
      '',
      formData(serviceFields({ slug }), { image: file(fileBytes.jpeg(), 'a.jpg', 'image/jpeg') }),
    );
    expect(response.status).toBe(400);
    const body = (await response.json()) as Reply;
    expect(body.errors?.['slug']).toBe(message);
  });

  it('keeps the slug on an update that leaves it empty or out, even after a rename', async () => {
    const { create, send } = await setup();
    const created = await create(serviceFields({ name: 'Tarot Reading' }));
    const { slug: _none, ...withoutSlug } = serviceFields({ name: 'Tarot for Love' });
    const reply = await send('PUT', `/${created._id}`, formData(withoutSlug));
    expect(((await reply.json()) as { data: Service }).data).toMatchObject({
      name: 'Tarot for Love',
      slug: 'tarot-reading',
    });
    const empty = await send('PUT', `/${created._id}`, formData(serviceFields({ name: 'Tarot', slug: '' })));
    expect(((await empty.json()) as { data: Service }).data.slug).toBe('tarot-reading');
  });

  it('moves a changed slug into the history; another service may not take the old one', async () => {
    const { create, send } = await setup();
    const tarot = await create(serviceFields({ name: 'Tarot', slug: 'tarot' }));
    const renamed = await send(
      'PUT',
      `/${tarot._id}`,
      formData(serviceFields({ name: 'Tarot', slug: 'tarot-reading' })),
    );
    expect(renamed.status).toBe(200);
    expect(((await renamed.json()) as { data: Service }).data).toMatchObject({
      slug: 'tarot-reading',
      previousSlugs: ['tarot'],
    });

    const other = await create(serviceFields({ name: 'Healing' }));
    const refused = await send('PUT', `/${other._id}`, formData(serviceFields({ name: 'Healing', slug: 'tarot' })));
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as Reply).errors).toEqual({ slug: SLUG_MESSAGES.takenBefore });
    // A name that makes a taken slug gets the next free one instead.
    const generated = await create(serviceFields({ name: 'Tarot' }));
    expect(generated.slug).toBe('tarot-2');
    // The service itself may go back to its old slug.
    const back = await send('PUT', `/${tarot._id}`, formData(serviceFields({ name: 'Tarot', slug: 'tarot' })));
    expect(((await back.json()) as { data: Service }).data).toMatchObject({
      slug: 'tarot',
      previousSlugs: ['tarot-reading'],
    });
  });
});

describe('public: GET /api/services/{id or slug}', () => {
  it('finds an active service by id, slug and earlier slug; never an inactive one or a bad key', async () => {
    const { create, send, app } = await setup();
    const live = await create(serviceFields({ name: 'Tarot', slug: 'tarot' }));
    await send('PUT', `/${live._id}`, formData(serviceFields({ name: 'Tarot', slug: 'tarot-reading' })));
    const hidden = await create(serviceFields({ name: 'Hidden', slug: 'hidden', isActive: 'false' }));
    const read = async (key: string) => {
      const response = await app.request(`/api/services/${key}`);
      return { status: response.status, body: (await response.json()) as { data?: Service } };
    };
    for (const key of [live._id, 'tarot-reading', 'tarot']) {
      const { status, body } = await read(key);
      expect(status, key).toBe(200);
      expect(body.data).toMatchObject({ _id: live._id, slug: 'tarot-reading' });
    }
    for (const key of [hidden._id, 'hidden', 'nothing-here', 'Tarot', '..%2Fadmin']) {
      expect((await read(key)).status, key).toBe(404);
    }
  });
});

import { describe, expect, it } from 'vitest';
import type { Service } from '../../shared/schemas/service';
import { INVALID_SERVICE_FORMS } from '../../shared/schemas/service.fixtures';
import { CONTENT_VERSION_KEY } from '../stores/content-version';
import { file, fileBytes, rawMultipart, serviceFields, XSS } from '../../../tests/support/server/content';
import { keyOf, setupServicesApp as setup, type Reply } from '../../../tests/support/server/content-app';
import { expectEachRefused, expectSaved, postForm } from './content-routes.fixtures';

// POST /api/admin/services: creating a service, its image and its validation (docs/product-rules.md, "Calls"),
// through the real app. Access, update, delete and broken bodies: admin-services.test.ts.

/** Tags are at most 60 characters. */
const XSS_TAG = '<img src=x onerror=alert(1)>';

describe('create', () => {
  it('stores every field, drops blank list entries, keeps server fields, and records the change', async () => {
    const { send, media, deps, publisher } = await setup();
    const response = await postForm(
      send,
      serviceFields({ _id: 'ffffffffffffffffffffffff', createdAt: '2000-01-01T00:00:00.000Z' }),
      {
        image: file(fileBytes.jpeg(), 'photo.jpg', 'image/jpeg'),
      },
    );
    const service = await expectSaved<Service>(response, 201, 'Service created successfully!');
    expect(service).toMatchObject({
      name: 'Akashic Records Reading',
      price: 2100,
      offerPrice: 1800,
      benefits: ['Clarity', 'Peace'],
      whatCanBeAsked: [{ category: 'Career', questions: ['What is my path?'] }],
      faq: [{ question: 'Is it online?', answer: 'Yes.' }],
      tags: ['akashic', 'reading'],
      testimonials: [],
      averageRating: 0,
      isActive: true,
      isFeatured: false,
    });
    expect(service._id).not.toBe('ffffffffffffffffffffffff');
    expect(service.createdAt).not.toBe('2000-01-01T00:00:00.000Z');
    expect(service.updatedAt).toBe(service.createdAt);
    expect(service.image).toMatch(/^\/media\/[a-f0-9]{32}\.jpg$/);
    expect((await media.get(keyOf(service.image)))?.contentType).toBe('image/jpeg');
    expect(await deps.stores.meta.get(CONTENT_VERSION_KEY)).toBe(1);
    expect(publisher.changes).toEqual([
      { kind: 'service', action: 'created', title: 'Akashic Records Reading', version: 1 },
    ]);
  });

  it('lists every service to the admin, inactive ones included, while the public list hides them', async () => {
    const { send, create, app } = await setup();
    const active = await create();
    const hidden = await create(serviceFields({ name: 'Hidden', isActive: 'false' }));
    const list = (await (await send('GET', '')).json()) as { data: Service[] };
    expect(list.data.map((s) => s._id).sort()).toEqual([active._id, hidden._id].sort());
    const one = (await (await send('GET', `/${hidden._id}`)).json()) as Reply & { data: Service };
    expect(one).toMatchObject({ success: true, data: { _id: hidden._id, name: 'Hidden', isActive: false } });
    const publicList = (await (await app.request('/api/services')).json()) as { data: Service[] };
    expect(publicList.data.map((s) => s._id)).toEqual([active._id]);
  });

  it.each(INVALID_SERVICE_FORMS)('refuses: %s', async (_rule, overrides, field, message) => {
    const { send, mediaKeys, deps } = await setup();
    const response = await postForm(send, serviceFields(overrides), {
      image: file(fileBytes.jpeg(), 'a.jpg', 'image/jpeg'),
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as Reply;
    expect(body.success).toBe(false);
    expect(body.errors?.[field]).toBe(message);
    // Nothing stored: the file is only written once the fields are valid.
    expect(mediaKeys()).toEqual([]);
    expect(await deps.stores.services.list({ activeOnly: false })).toEqual([]);
  });

  it('requires an image on create, with the spec message, and reports it together with other problems', async () => {
    const { send } = await setup();
    const alone = await postForm(send, serviceFields());
    expect(alone.status).toBe(400);
    expect(await alone.json()).toMatchObject({
      success: false,
      message: 'Please select an image for the service',
      errors: { image: 'Please select an image for the service' },
    });
    const withOthers = (await (await postForm(send, serviceFields({ name: '' }))).json()) as Reply;
    expect(withOthers.errors).toMatchObject({
      name: 'Please fill in all required fields',
      image: 'Please select an image for the service',
    });
  });

  it('decides the image type by its bytes, never by name or declared type', async () => {
    const { send, media } = await setup();
    const cases: [Uint8Array<ArrayBuffer>, string, string][] = [
      [fileBytes.png(), 'image/png', 'png'],
      [fileBytes.webp(), 'image/webp', 'webp'],
      [fileBytes.avif(), 'image/avif', 'avif'],
      [fileBytes.gif(), 'image/gif', 'gif'],
      [fileBytes.jpeg(), 'image/jpeg', 'jpg'],
    ];
    for (const [bytes, type, ext] of cases) {
      // Declared as something else, under a misleading name.
      const response = await postForm(send, serviceFields(), { image: file(bytes, 'holiday.txt', 'text/plain') });
      const body = (await response.json()) as { data: Service };
      expect(response.status, type).toBe(201);
      expect(body.data.image).toMatch(new RegExp(`^/media/[a-f0-9]{32}\\.${ext}$`));
      expect((await media.get(keyOf(body.data.image)))?.contentType).toBe(type);
    }
  });

  it('refuses HTML, SVG, video and HEIC declared as images with 415 and stores nothing', async () => {
    const { send, mediaKeys, deps } = await setup();
    await expectEachRefused(
      [
        [fileBytes.html(), 'photo.jpg', 'image/jpeg'],
        [fileBytes.svg(), 'logo.svg', 'image/svg+xml'],
        [fileBytes.mp4(), 'clip.jpg', 'image/jpeg'],
        [fileBytes.heic(), 'photo.heic', 'image/heic'],
      ],
      (image) => postForm(send, serviceFields(), { image }),
      'Only JPEG, PNG, WebP, AVIF or GIF images can be used',
    );
    expect(mediaKeys()).toEqual([]);
    expect(await deps.stores.services.list({ activeOnly: false })).toEqual([]);
  });

  it('generates the storage key itself: a file named ../x cannot choose where it goes', async () => {
    const { send, mediaKeys } = await setup();
    const bytes = fileBytes.jpeg();
    const { body, contentType } = rawMultipart([
      ...Object.entries(serviceFields()).map(([name, value]) => ({ name, value })),
      { name: 'image', value: bytes, filename: '../x', type: 'image/jpeg' },
    ]);
    const response = await send('POST', '', body, { 'Content-Type': contentType });
    expect(response.status).toBe(201);
    const service = ((await response.json()) as { data: Service }).data;
    expect(service.image).toMatch(/^\/media\/[a-f0-9]{32}\.jpg$/);
    expect(mediaKeys()).toEqual([keyOf(service.image)]);
    expect(mediaKeys().some((key) => key.includes('..') || key.includes('/'))).toBe(false);
  });

  it('sends files over 4 MB to the chunked upload with 413', async () => {
    const { send, mediaKeys } = await setup();
    const response = await postForm(send, serviceFields(), {
      image: file(fileBytes.jpeg(4 * 1024 * 1024 + 1), 'big.jpg', 'image/jpeg'),
    });
    expect(response.status).toBe(413);
    expect(((await response.json()) as Reply).message).toMatch(/chunked upload/);
    expect(mediaKeys()).toEqual([]);
  });

  it('accepts a committed upload by its /media/ URL, and refuses URLs that are not stored images', async () => {
    const { send, app, authHeader } = await setup();
    const upload = async (bytes: Uint8Array<ArrayBuffer>, purpose: string) => {
      const started = (await (
        await app.request('/api/admin/uploads', {
          method: 'POST',
          headers: { ...authHeader, 'Content-Type': 'application/json' },
          body: JSON.stringify({ size: bytes.byteLength, contentType: '', purpose }),
        })
      ).json()) as { data: { uploadId: string } };
      await app.request(`/api/admin/uploads/${started.data.uploadId}/chunks/0`, {
        method: 'PUT',
        headers: { ...authHeader, 'Content-Type': 'application/octet-stream' },
        body: bytes,
      });
      const committed = (await (
        await app.request(`/api/admin/uploads/${started.data.uploadId}/commit`, { method: 'POST', headers: authHeader })
      ).json()) as { data: { mediaUrl: string } };
      return committed.data.mediaUrl;
    };
    const imageUrl = await upload(fileBytes.png(), 'service');
    const created = await postForm(send, serviceFields({ image: imageUrl }));
    expect(created.status).toBe(201);
    expect(((await created.json()) as { data: Service }).data.image).toBe(imageUrl);

    const videoUrl = await upload(fileBytes.mp4(), 'banner');
    const refused: [string, number][] = [
      ['/media/00000000000000000000000000000000.jpg', 400],
      ['https://evil.example/x.jpg', 400],
      ['/media/../secrets', 400],
      [videoUrl, 415],
    ];
    for (const [url, status] of refused) {
      const response = await postForm(send, serviceFields({ image: url }));
      expect(response.status, url).toBe(status);
    }
  });

  it('stores XSS-shaped text in every text field unchanged and returns it as data', async () => {
    const { create, app } = await setup();
    const textFields = [
      'name',
      'shortDescription',
      'description',
      'duration',
      'availability',
      'note',
      'whatIsThis',
      'processDescription',
      'preparation',
      'afterCare',
    ];
    const fields = serviceFields({
      ...Object.fromEntries(textFields.map((name) => [name, XSS])),
      benefits: JSON.stringify([XSS]),
      prerequisites: JSON.stringify([XSS]),
      whatToExpected: JSON.stringify([XSS]),
      tags: JSON.stringify([XSS_TAG]),
      whatCanBeAsked: JSON.stringify([{ category: XSS, questions: [XSS] }]),
      faq: JSON.stringify([{ question: XSS, answer: XSS }]),
      bookingLink: 'https://example.org/book?q=<script>',
    });
    const service = await create(fields);
    const fetched = ((await (await app.request(`/api/services/${service._id}`)).json()) as { data: Service }).data;
    for (const name of textFields) expect(fetched[name as keyof Service], name).toBe(XSS);
    expect(fetched.benefits).toEqual([XSS]);
    expect(fetched.prerequisites).toEqual([XSS]);
    expect(fetched.whatToExpected).toEqual([XSS]);
    expect(fetched.tags).toEqual([XSS_TAG]);
    expect(fetched.whatCanBeAsked).toEqual([{ category: XSS, questions: [XSS] }]);
    expect(fetched.faq).toEqual([{ question: XSS, answer: XSS }]);
    expect(fetched.bookingLink).toBe('https://example.org/book?q=<script>');
  });
});

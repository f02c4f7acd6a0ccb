import { describe, expect, it } from 'vitest';
import type { Banner } from '../../shared/schemas/banner';
import { INVALID_BANNER_FORMS } from '../../shared/schemas/banner.fixtures';
import { CONTENT_VERSION_KEY } from '../stores/content-version';
import { bannerFields, file, fileBytes, formData, rawMultipart, XSS } from '../../../tests/support/server/content';
import { keyOf, setupBannersApp, type Reply } from '../../../tests/support/server/content-app';
import { expectEachRefused, expectSaved, postForm } from './content-routes.fixtures';

// /api/banners: public GET, admin create/update/delete with multipart (docs/product-rules.md, "Calls").

const setup = setupBannersApp;

describe('GET /api/banners', () => {
  it('answers active banners by order to everyone, and every banner to a valid admin token', async () => {
    const { app, create, authHeader } = await setup();
    const second = await create(bannerFields({ title: 'Second', order: '2' }));
    const hidden = await create(bannerFields({ title: 'Hidden', order: '0', isActive: 'false' }));
    const first = await create(bannerFields({ title: 'First', order: '1' }));
    const titles = async (headers: Record<string, string>) => {
      const response = await app.request('/api/banners', { headers });
      expect(response.status).toBe(200);
      const body = (await response.json()) as { success: boolean; data: Banner[] };
      expect(body.success).toBe(true);
      return body.data.map((b) => b.title);
    };
    expect(await titles({})).toEqual([first.title, second.title]);
    expect(await titles({ Authorization: 'Bearer forged.token.value' })).toEqual([first.title, second.title]);
    expect(await titles(authHeader)).toEqual([hidden.title, first.title, second.title]);
    const adminReply = await app.request('/api/banners', { headers: authHeader });
    expect(adminReply.headers.get('cache-control')).toBe('private, no-store');
  });
});

describe('create', () => {
  it('stores the banner with link and linkUrl as one field, and records the change', async () => {
    const { send, media, deps, publisher } = await setup();
    const response = await postForm(send, bannerFields({ link: 'https://example.org/offer' }), {
      media: file(fileBytes.webp(), 'a.webp', 'image/webp'),
    });
    const created = await expectSaved<Banner>(response, 201, 'Banner created successfully');
    expect(created).toMatchObject({
      title: 'New moon circle',
      description: 'Join the monthly circle.',
      link: 'https://example.org/offer',
      linkUrl: 'https://example.org/offer',
      order: 1,
      mediaType: 'image',
      isActive: true,
    });
    expect(created.mediaUrl).toMatch(/^\/media\/[a-f0-9]{32}\.webp$/);
    expect((await media.stat(keyOf(created.mediaUrl)))?.contentType).toBe('image/webp');
    expect(await deps.stores.meta.get(CONTENT_VERSION_KEY)).toBe(1);
    expect(publisher.changes).toEqual([{ kind: 'banner', action: 'created', title: 'New moon circle', version: 1 }]);
  });

  it('decides mediaType from the bytes: JPEG declared as video is an image, MP4 and WebM are videos', async () => {
    const { create } = await setup();
    const jpegAsVideo = await create(
      bannerFields({ mediaType: 'video' }),
      file(fileBytes.jpeg(), 'clip.mp4', 'video/mp4'),
    );
    expect(jpegAsVideo.mediaType).toBe('image');
    expect(jpegAsVideo.mediaUrl).toMatch(/\.jpg$/);
    const mp4 = await create(bannerFields({ mediaType: 'image' }), file(fileBytes.mp4(), 'x.jpg', 'image/jpeg'));
    expect(mp4.mediaType).toBe('video');
    expect(mp4.mediaUrl).toMatch(/\.mp4$/);
    const webm = await create(bannerFields({ mediaType: '' }), file(fileBytes.webm(), 'x', ''));
    expect(webm.mediaType).toBe('video');
    expect(webm.mediaUrl).toMatch(/\.webm$/);
  });

  it('refuses HTML, SVG, QuickTime and Matroska with 415 whatever they are declared as', async () => {
    const { send, media, deps } = await setup();
    await expectEachRefused(
      [
        [fileBytes.html(), 'banner.jpg', 'image/jpeg'],
        [fileBytes.svg(), 'banner.svg', 'image/svg+xml'],
        [fileBytes.quicktime(), 'clip.mov', 'video/quicktime'],
        [fileBytes.matroska(), 'clip.webm', 'video/webm'],
      ],
      (media) => postForm(send, bannerFields(), { media }),
      'Only JPEG, PNG, WebP, AVIF or GIF images and MP4 or WebM videos can be uploaded',
    );
    expect(media.items.size).toBe(0);
    expect(await deps.stores.banners.list({ activeOnly: false })).toEqual([]);
  });

  it.each(INVALID_BANNER_FORMS)('refuses: %s', async (_rule, overrides, field, message) => {
    const { send, media } = await setup();
    const response = await postForm(send, bannerFields(overrides), {
      media: file(fileBytes.jpeg(), 'a.jpg', 'image/jpeg'),
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as Reply;
    expect(body.errors?.[field]).toBe(message);
    expect(media.items.size).toBe(0);
  });

  it('accepts site paths and http(s) links; without an order a banner goes to the end, active', async () => {
    const { create } = await setup();
    const links = ['/service', '/service/abc?x=1#top', 'http://example.org', 'HTTPS://EXAMPLE.ORG/x'];
    for (const [index, link] of links.entries()) {
      const fields = bannerFields({ link });
      delete fields['order'];
      delete fields['isActive'];
      const banner = await create(fields);
      expect(banner).toMatchObject({ link, linkUrl: link, order: index, isActive: true });
    }
  });

  it("keeps the picture's alt text, an empty one as decoration, and refuses one over the limit by name", async () => {
    const { create, send } = await setup();
    const described = await create(bannerFields({ mediaAlt: 'A lit candle beside an open notebook' }));
    expect(described.mediaAlt).toBe('A lit candle beside an open notebook');
    expect((await create(bannerFields({ mediaAlt: '   ' }))).mediaAlt).toBe('');
    const response = await postForm(send, bannerFields({ mediaAlt: 'x'.repeat(151) }), {
      media: file(fileBytes.webp(), 'a.webp', 'image/webp'),
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as Reply).errors?.['mediaAlt']).toBe(
      'Image alt text must be at most 150 characters',
    );
  });

  it('requires media on create', async () => {
    const { send } = await setup();
    const response = await postForm(send, bannerFields());
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      success: false,
      message: 'Please select an image or video for the banner',
      errors: { media: 'Please select an image or video for the banner' },
    });
  });

  it('stores XSS-shaped title and description unchanged and returns them as data', async () => {
    const { create, app } = await setup();
    const banner = await create(bannerFields({ title: XSS, description: XSS }));
    const list = (await (await app.request('/api/banners')).json()) as { data: Banner[] };
    expect(list.data.find((b) => b._id === banner._id)).toMatchObject({ title: XSS, description: XSS });
  });

  it('answers multipart abuse with 4xx JSON', async () => {
    const { send, media } = await setup();
    const valid = rawMultipart([
      ...Object.entries(bannerFields()).map(([name, value]) => ({ name, value })),
      { name: 'media', value: fileBytes.jpeg(), filename: '../x', type: 'video/mp4' },
    ]);
    const many = rawMultipart(Array.from({ length: 1_000 }, (_, i) => ({ name: `f${i}`, value: '' })));
    expect((await send('POST', '', valid.body, { 'Content-Type': 'multipart/form-data' })).status).toBe(400);
    expect((await send('POST', '', valid.body.slice(0, 200), { 'Content-Type': valid.contentType })).status).toBe(400);
    expect((await send('POST', '', many.body, { 'Content-Type': many.contentType })).status).toBe(400);
    expect(media.items.size).toBe(0);
    // The well-formed one with the odd file name is fine: the key is the server's.
    const ok = await send('POST', '', valid.body, { 'Content-Type': valid.contentType });
    expect(ok.status).toBe(201);
    const banner = ((await ok.json()) as { data: Banner }).data;
    expect(banner.mediaType).toBe('image');
    expect([...media.items.keys()]).toEqual([keyOf(banner.mediaUrl)]);
  });
});

describe('update and delete', () => {
  it('updates the fields, keeps the media without a new file, and replaces it (old blob deleted after) with one', async () => {
    const { send, create, media, publisher } = await setup();
    const banner = await create();
    const kept = await send(
      'PUT',
      `/${banner._id}`,
      formData(bannerFields({ title: 'Renamed', link: '/about', mediaUrl: banner.mediaUrl })),
    );
    const keptBanner = await expectSaved<Banner>(kept, 200, 'Banner updated successfully');
    expect(keptBanner).toMatchObject({
      title: 'Renamed',
      link: '/about',
      linkUrl: '/about',
      mediaUrl: banner.mediaUrl,
    });

    const replaced = await send(
      'PUT',
      `/${banner._id}`,
      formData(bannerFields({ title: 'Video now' }), { media: file(fileBytes.mp4(), 'v.mp4', 'video/mp4') }),
    );
    const replacedBody = (await replaced.json()) as { data: Banner };
    expect(replacedBody.data).toMatchObject({ title: 'Video now', mediaType: 'video' });
    expect(await media.stat(keyOf(replacedBody.data.mediaUrl))).not.toBeNull();
    expect(await media.stat(keyOf(banner.mediaUrl))).toBeNull();
    expect(publisher.changes.map((c) => ('action' in c ? c.action : c.kind))).toEqual([
      'created',
      'updated',
      'updated',
    ]);
  });

  it('moves a banner to the trash (media kept until deleted for good), and answers 404 for unknown or malformed ids', async () => {
    const { send, create, media, app, deps } = await setup();
    const banner = await create();
    const response = await send('DELETE', `/${banner._id}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, message: 'Banner deleted successfully' });
    expect(await media.stat(keyOf(banner.mediaUrl))).not.toBeNull();
    expect(await deps.stores.trash.get(banner._id)).toMatchObject({ kind: 'banner', name: banner.title });
    expect(((await (await app.request('/api/banners')).json()) as { data: Banner[] }).data).toEqual([]);
    expect(await deps.stores.meta.get(CONTENT_VERSION_KEY)).toBe(2);
    for (const id of [banner._id, 'bbbbbbbbbbbbbbbbbbbbbbbb', 'nope', '%20']) {
      expect((await send('DELETE', `/${id}`)).status, id).toBe(404);
      const put = await send('PUT', `/${id}`, formData(bannerFields()));
      expect(put.status, id).toBe(404);
      expect(await put.json()).toEqual({ success: false, message: 'Banner not found' });
    }
  });

  it('answers 401 to writes without a valid token', async () => {
    const { app, create } = await setup();
    const banner = await create();
    for (const headers of [{}, { Authorization: 'Bearer nope' }, { Authorization: 'Basic YWRtaW46YWRtaW4=' }]) {
      const post = await app.request('/api/banners', { method: 'POST', headers, body: formData(bannerFields()) });
      const put = await app.request(`/api/banners/${banner._id}`, {
        method: 'PUT',
        headers,
        body: formData(bannerFields()),
      });
      const del = await app.request(`/api/banners/${banner._id}`, { method: 'DELETE', headers });
      expect([post.status, put.status, del.status]).toEqual([401, 401, 401]);
    }
    expect(((await (await app.request('/api/banners')).json()) as { data: Banner[] }).data).toHaveLength(1);
  });
});

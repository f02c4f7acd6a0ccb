import type { MediaStore } from '../media/types';
import type { Stores } from '../stores/types';

// Placeholder demo content; the Foundation issue fills it with full services, banners and generated art.
export async function seedDemoContent(
  stores: Stores,
  _media: MediaStore,
): Promise<{ services: number; banners: number }> {
  const names = ['Akashic Records Reading', 'Tarot Reading'] as const;
  for (const name of names) {
    await stores.services.create({
      name,
      category: name,
      shortDescription: `A gentle ${name.toLowerCase()}.`,
      description: `A gentle ${name.toLowerCase()}.`,
      price: 1111,
      duration: '45 minutes',
      deliveryMethod: 'Video Call',
      availability: 'Check booking link for availability',
      bookingLink: 'https://example.org/book',
      image: '',
      note: '',
      whatIsThis: '',
      processDescription: '',
      preparation: '',
      afterCare: '',
      benefits: [],
      prerequisites: [],
      whatToExpected: [],
      whatCanBeAsked: [],
      faq: [],
      tags: [],
      isActive: true,
      isFeatured: true,
    });
  }
  return { services: names.length, banners: 0 };
}

/** True when the store holds no services and no banners (a first start). */
export async function isContentEmpty(stores: Stores): Promise<boolean> {
  const [services, banners] = await Promise.all([
    stores.services.list({ activeOnly: false, limit: 1 }),
    stores.banners.list({ activeOnly: false }),
  ]);
  return services.length === 0 && banners.length === 0;
}

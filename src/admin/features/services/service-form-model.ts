// The service form's state and its mapping to and from the shared ServiceInputSchema.
import { DELIVERY_METHODS } from '../../../shared/constants';
import {
  SERVICE_EDIT_FALLBACK_CATEGORY,
  SERVICE_FORM_DEFAULTS,
  ServiceInputSchema,
  type ServiceInput,
} from '../../../shared/schemas/service';
import type { StoredService } from '../../endpoints';
import { schemaResolver } from '../../forms';

/** react-hook-form field arrays hold objects, so lists of text are lists of { value }. */
export interface TextItem {
  value: string;
}

export interface ServiceFormState {
  name: string;
  category: string;
  shortDescription: string;
  description: string;
  /** Number inputs are held as text: '' means "not given", which the schema tells apart from 0. */
  price: string;
  offerPrice: string;
  duration: string;
  deliveryMethod: string;
  availability: string;
  bookingLink: string;
  note: string;
  whatIsThis: string;
  processDescription: string;
  preparation: string;
  afterCare: string;
  benefits: TextItem[];
  prerequisites: TextItem[];
  /** Held and sent back unchanged: no screen edits it (spec section 3). */
  whatToExpected: string[];
  whatCanBeAsked: { category: string; questions: TextItem[] }[];
  faq: { question: string; answer: string }[];
  tags: TextItem[];
  isActive: boolean;
  isFeatured: boolean;
}

const items = (list: readonly string[] | undefined, atLeastOne: boolean): TextItem[] => {
  const mapped = (list ?? []).map((value) => ({ value }));
  return mapped.length === 0 && atLeastOne ? [{ value: '' }] : mapped;
};

/** Create-form defaults (spec section 4). */
export function emptyServiceForm(): ServiceFormState {
  return {
    name: '',
    category: SERVICE_FORM_DEFAULTS.category,
    shortDescription: '',
    description: '',
    price: '',
    offerPrice: '',
    duration: '',
    deliveryMethod: SERVICE_FORM_DEFAULTS.deliveryMethod,
    availability: SERVICE_FORM_DEFAULTS.availability,
    bookingLink: '',
    note: '',
    whatIsThis: '',
    processDescription: '',
    preparation: '',
    afterCare: '',
    benefits: [{ value: '' }],
    prerequisites: [],
    whatToExpected: [],
    whatCanBeAsked: [{ category: '', questions: [{ value: '' }] }],
    faq: [],
    tags: [],
    isActive: SERVICE_FORM_DEFAULTS.isActive,
    isFeatured: SERVICE_FORM_DEFAULTS.isFeatured,
  };
}

const isDeliveryMethod = (value: string | undefined): value is (typeof DELIVERY_METHODS)[number] =>
  DELIVERY_METHODS.some((method) => method === value);

/** A stored service as form state, with the edit fallbacks of spec section 4. */
export function serviceToForm(service: StoredService): ServiceFormState {
  const category = service.category?.trim() ? service.category : SERVICE_EDIT_FALLBACK_CATEGORY;
  const asked = (service.whatCanBeAsked ?? []).map((block) => ({
    category: block.category,
    questions: items(block.questions, true),
  }));
  return {
    name: service.name ?? '',
    // An unknown stored category is kept as is; validation then asks for one from the list.
    category,
    shortDescription: service.shortDescription ?? '',
    description: service.description ?? '',
    price: service.price === undefined ? '' : String(service.price),
    offerPrice: service.offerPrice === undefined ? '' : String(service.offerPrice),
    duration: service.duration ?? '',
    deliveryMethod: isDeliveryMethod(service.deliveryMethod)
      ? service.deliveryMethod
      : SERVICE_FORM_DEFAULTS.deliveryMethod,
    availability: service.availability ?? '',
    bookingLink: service.bookingLink ?? '',
    note: service.note ?? '',
    whatIsThis: service.whatIsThis ?? '',
    processDescription: service.processDescription ?? '',
    preparation: service.preparation ?? '',
    afterCare: service.afterCare ?? '',
    benefits: items(service.benefits, true),
    prerequisites: items(service.prerequisites, false),
    whatToExpected: service.whatToExpected ?? [],
    whatCanBeAsked: asked.length > 0 ? asked : [{ category: '', questions: [{ value: '' }] }],
    faq: (service.faq ?? []).map((entry) => ({ question: entry.question, answer: entry.answer })),
    tags: items(service.tags, false),
    // Spec section 4: active unless explicitly false.
    isActive: service.isActive !== false,
    isFeatured: service.isFeatured === true,
  };
}

/** Form state shaped like the API input, for ServiceInputSchema to check. */
export function formToInput(state: ServiceFormState): Record<string, unknown> {
  return {
    ...state,
    benefits: state.benefits.map((item) => item.value),
    prerequisites: state.prerequisites.map((item) => item.value),
    tags: state.tags.map((item) => item.value),
    whatCanBeAsked: state.whatCanBeAsked.map((block) => ({
      category: block.category,
      questions: block.questions.map((item) => item.value),
    })),
  };
}

/** Schema error paths point into plain lists; the form's inputs live one level down, at `.value`. */
export function inputPathToForm(path: string): string {
  if (/^(benefits|prerequisites|tags)\.\d+$/.test(path)) return `${path}.value`;
  if (/^whatCanBeAsked\.\d+\.questions\.\d+$/.test(path)) return `${path}.value`;
  return path;
}

export const serviceResolver = schemaResolver<ServiceFormState, ServiceInput>(
  ServiceInputSchema,
  formToInput,
  inputPathToForm,
);

/** The multipart body of POST/PUT /admin/services: every field, list fields as JSON text (spec section 7). */
export function inputToFormData(input: ServiceInput): FormData {
  const form = new FormData();
  form.set('name', input.name);
  form.set('category', input.category);
  form.set('shortDescription', input.shortDescription);
  form.set('description', input.description);
  form.set('price', String(input.price));
  form.set('offerPrice', input.offerPrice === undefined ? '' : String(input.offerPrice));
  form.set('duration', input.duration);
  form.set('deliveryMethod', input.deliveryMethod);
  form.set('availability', input.availability);
  form.set('bookingLink', input.bookingLink);
  form.set('note', input.note);
  form.set('whatIsThis', input.whatIsThis);
  form.set('processDescription', input.processDescription);
  form.set('preparation', input.preparation);
  form.set('afterCare', input.afterCare);
  form.set('benefits', JSON.stringify(input.benefits));
  form.set('prerequisites', JSON.stringify(input.prerequisites));
  form.set('whatToExpected', JSON.stringify(input.whatToExpected));
  form.set('whatCanBeAsked', JSON.stringify(input.whatCanBeAsked));
  form.set('faq', JSON.stringify(input.faq));
  form.set('tags', JSON.stringify(input.tags));
  form.set('isActive', String(input.isActive));
  form.set('isFeatured', String(input.isFeatured));
  return form;
}

// The service form's state, derived from the shared ServiceInputSchema, and its mapping to and from it. Nothing here
// lists the service's fields: a field added to the schema arrives in the form state, its defaults and the body sent.
import { DELIVERY_METHODS } from '../../../shared/constants';
import { toFormData } from '../../../shared/form-data';
import {
  SERVICE_EDIT_FALLBACK_CATEGORY,
  SERVICE_FORM_DEFAULTS,
  ServiceInputSchema,
  type ServiceInput,
} from '../../../shared/schemas/service';
import type { StoredService } from '../../api/endpoints';
import { schemaResolver } from '../../forms/schema-resolver';
import { withIntakeIds } from './intake-ids';

/** react-hook-form field arrays hold objects, so lists of text are lists of { value }. */
export interface TextItem {
  value: string;
}

type AskedBlock = ServiceInput['whatCanBeAsked'][number];

/** How the form holds one input value: numbers as text ('' means "not given"), lists of text as field arrays. */
type FormValue<T> = T extends number | undefined
  ? string
  : T extends string
    ? string
    : T extends boolean
      ? boolean
      : T extends string[]
        ? TextItem[]
        : T extends AskedBlock[]
          ? { category: string; questions: TextItem[] }[]
          : T;

export type ServiceFieldName = keyof ServiceInput;
export type ServiceFormState = { [K in ServiceFieldName]-?: FormValue<Exclude<ServiceInput[K], undefined>> };

export const SERVICE_FIELD_NAMES = Object.keys(ServiceInputSchema.shape) as ServiceFieldName[];

const items = (list: readonly string[]): TextItem[] => list.map((value) => ({ value }));
const isTextList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((entry) => typeof entry === 'string');
const isAskedList = (value: unknown): value is AskedBlock[] =>
  Array.isArray(value) && value.some((entry) => typeof entry === 'object' && entry !== null && 'questions' in entry);

/** What the form holds for fields the schema leaves absent: services saved before bookings are booked by link. */
const FORM_BLANKS: Partial<ServiceFormState> = { bookingMode: 'link', intakeQuestions: [] };

/** What the schema makes of an absent field ('' for a text or number the form must ask for). */
function absentValue(name: ServiceFieldName): unknown {
  if (FORM_BLANKS[name] !== undefined) return FORM_BLANKS[name];
  const parsed = ServiceInputSchema.shape[name].safeParse(undefined);
  return parsed.success && parsed.data !== undefined ? parsed.data : '';
}

function toFormValue(value: unknown): unknown {
  if (typeof value === 'number') return String(value);
  if (isAskedList(value))
    return value.map((block) => ({ category: block.category, questions: items(block.questions) }));
  if (isTextList(value)) return items(value);
  return value;
}

/** The editors start usable: one empty benefit, one empty category block with one question. */
function withStarterRows(state: ServiceFormState): ServiceFormState {
  return {
    ...state,
    benefits: state.benefits.length > 0 ? state.benefits : [{ value: '' }],
    whatCanBeAsked: state.whatCanBeAsked.map((block) => ({
      ...block,
      questions: block.questions.length > 0 ? block.questions : [{ value: '' }],
    })),
    ...(state.whatCanBeAsked.length === 0 ? { whatCanBeAsked: [{ category: '', questions: [{ value: '' }] }] } : {}),
  };
}

/** Form state from values shaped like the API input; an absent field takes what the schema gives it. */
function inputToForm(values: Partial<Record<ServiceFieldName, unknown>>): ServiceFormState {
  const state = Object.fromEntries(
    SERVICE_FIELD_NAMES.map((name) => [name, toFormValue(values[name] ?? absentValue(name))]),
  ) as ServiceFormState;
  return withStarterRows(state);
}

/** Create-form defaults (docs/admin.md, "Service form"). */
export function emptyServiceForm(): ServiceFormState {
  return inputToForm(SERVICE_FORM_DEFAULTS);
}

const isDeliveryMethod = (value: string | undefined): value is (typeof DELIVERY_METHODS)[number] =>
  DELIVERY_METHODS.some((method) => method === value);

/** A stored service as form state, with the edit fallbacks of docs/admin.md ("Service form"). */
export function serviceToForm(service: StoredService): ServiceFormState {
  const known = Object.fromEntries(SERVICE_FIELD_NAMES.map((name) => [name, service[name]]));
  return inputToForm({
    ...known,
    // An unknown stored category is kept as is; validation then asks for one from the list.
    category: service.category?.trim() ? service.category : SERVICE_EDIT_FALLBACK_CATEGORY,
    deliveryMethod: isDeliveryMethod(service.deliveryMethod)
      ? service.deliveryMethod
      : SERVICE_FORM_DEFAULTS.deliveryMethod,
    // An older record without the flag is active; only an explicit false hides it.
    isActive: service.isActive !== false,
    isFeatured: service.isFeatured === true,
  });
}

const fromItems = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map((entry: unknown) =>
        typeof entry === 'object' && entry !== null && 'value' in entry
          ? entry.value
          : typeof entry === 'object' && entry !== null && 'questions' in entry && Array.isArray(entry.questions)
            ? { ...entry, questions: entry.questions.map((item: TextItem) => item.value) }
            : entry,
      )
    : value;

/** Form state shaped like the API input, for ServiceInputSchema to check. */
export function formToInput(state: ServiceFormState): Record<string, unknown> {
  const input = Object.fromEntries(Object.entries(state).map(([name, value]) => [name, fromItems(value)]));
  return { ...input, intakeQuestions: withIntakeIds(state.intakeQuestions) };
}

/** Schema error paths point into plain lists; the form's inputs live one level down, at `.value`. */
export function inputPathToForm(path: string): string {
  if (/^(benefits|prerequisites|whatToExpected|tags)\.\d+$/.test(path)) return `${path}.value`;
  if (/^whatCanBeAsked\.\d+\.questions\.\d+$/.test(path)) return `${path}.value`;
  return path;
}

export const serviceResolver = schemaResolver<ServiceFormState, ServiceInput>(
  ServiceInputSchema,
  formToInput,
  inputPathToForm,
);

/** The multipart body of POST/PUT /admin/services (docs/content-api.md, "Multipart forms"). */
export function inputToFormData(input: ServiceInput, image?: string): FormData {
  return toFormData(image === undefined ? input : { ...input, image });
}

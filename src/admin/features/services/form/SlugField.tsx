import { useWatch, type UseFormReturn } from 'react-hook-form';
import type { ServiceInput } from '../../../../shared/schemas/service';
import { SlugFieldSchema, slugify } from '../../../../shared/schemas/slug';
import { FieldInput } from '../../../components/FieldInputs';
import { bindField } from '../../../forms/field-wiring';
import type { ServiceFormState } from '../service-form-model';

interface SlugFieldProps {
  form: UseFormReturn<ServiceFormState, unknown, ServiceInput>;
  /** The stored service's slug and earlier ones (edit); absent when creating. */
  saved?: { slug: string | undefined; previousSlugs: readonly string[] } | undefined;
}

/**
 * The page address (docs/admin.md, "Page address"): editable, with a live preview of the whole address. Left empty, a
 * new service's address is made from its name and an existing one keeps its address.
 */
export function SlugField({ form, saved }: SlugFieldProps) {
  const [name, typed] = useWatch({ control: form.control, name: ['name', 'slug'] });
  const value = typed.trim().toLowerCase();
  const valid = SlugFieldSchema.safeParse(value);
  const origin = window.location.origin;
  let preview: string;
  let note: string;
  if (value !== '') {
    preview = valid.success ? `${origin}/service/${value}` : '';
    note = valid.success && saved?.slug && value !== saved.slug ? ' The old address will lead here too.' : '';
  } else if (saved?.slug) {
    preview = `${origin}/service/${saved.slug}`;
    note = ' Left empty, the address stays as it is.';
  } else {
    preview = name.trim() ? `${origin}/service/${slugify(name)}` : '';
    note = ' Made from the service name; a number is added if another service has it.';
  }
  const earlier = saved?.previousSlugs.length ? saved.previousSlugs.map((slug) => `/service/${slug}`) : [];
  return (
    <FieldInput
      id="svc-slug"
      label="Page address"
      {...bindField(form, 'slug')}
      className="span-2 slug-field"
      inputMode="url"
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      placeholder={saved?.slug ?? (name.trim() ? slugify(name) : 'tarot-reading')}
      hint={
        <>
          <span className="slug-preview">
            {preview ? (
              <>
                Your page: <span className="slug-preview__url">{preview}</span>.{note}
              </>
            ) : value !== '' ? (
              // The error under the field says what is wrong; the hint offers the nearest address that works.
              <>
                Suggested: <span className="slug-preview__url">{slugify(value)}</span>
              </>
            ) : (
              'Made from the service name, or type your own, e.g. tarot-reading.'
            )}
          </span>
          {earlier.length > 0 ? (
            <span className="slug-preview slug-preview__earlier">
              Earlier addresses that still lead here: {earlier.join(', ')}
            </span>
          ) : null}
        </>
      }
    />
  );
}

import { useState } from 'react';
import { useFieldArray } from 'react-hook-form';
import { firstErrorMessage } from '../../../forms/schema-resolver';
import type { EditorProps } from './types';

/** Tags typed one at a time or comma-separated; a tag already chosen (in any case) is not added twice. */
export function TagsEditor({ control, errors }: Pick<EditorProps, 'control' | 'errors'>) {
  const { fields, append, remove } = useFieldArray({ control, name: 'tags' });
  const [draft, setDraft] = useState('');
  const error = firstErrorMessage(errors.tags);
  function add() {
    const values = draft
      .split(',')
      .map((tag) => tag.trim())
      .filter((tag) => tag !== '' && !fields.some((field) => field.value.toLowerCase() === tag.toLowerCase()));
    if (values.length > 0) append(values.map((value) => ({ value })));
    setDraft('');
  }
  return (
    <div className="field span-2">
      <label htmlFor="svc-tags" className="field-label">
        Tags
      </label>
      {fields.length > 0 ? (
        <ul className="tags" aria-label="Chosen tags">
          {fields.map((field, index) => (
            <li key={field.id} className="tag">
              {field.value}
              <button type="button" className="tag-remove" onClick={() => remove(index)}>
                <span aria-hidden="true">×</span>
                <span className="visually-hidden">Remove tag {field.value}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="list-row">
        <input
          id="svc-tags"
          className="input"
          value={draft}
          placeholder="Type a tag and press Enter"
          aria-describedby="svc-tags-hint"
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' || event.key === ',') {
              event.preventDefault();
              add();
            }
          }}
        />
        <button type="button" className="button button-ghost button-sm" onClick={add}>
          Add Tag
        </button>
      </div>
      <p id="svc-tags-hint" className="field-hint">
        Short words shown on the service page, such as clarity or healing.
      </p>
      {error ? <p className="field-error">{error}</p> : null}
    </div>
  );
}

import { useState, type FormEvent } from 'react';
import { CATEGORY_MESSAGES, CategoryNameSchema, findCategory, type Category } from '../../../shared/schemas/category';
import { showSaveFailure } from '../../forms/save-failure';
import { PageHeader } from '../../components/PageHeader';
import { showToast } from '../../components/Toasts';
import { ListLoadState } from '../../components/ListLoadState';
import { categories as categoriesApi } from '../../api/endpoints';
import { useResource } from '../../hooks/use-resource';
import './categories.css';

const load = (signal: AbortSignal) => categoriesApi.list(signal).then((reply) => reply.data);

/** Why a typed name cannot be used (empty, too long, taken by another category), or null when it can. */
function nameProblem(list: readonly Category[], name: string, self?: Category): string | null {
  const parsed = CategoryNameSchema.safeParse(name);
  if (!parsed.success) return parsed.error.issues[0]?.message ?? CATEGORY_MESSAGES.empty;
  const taken = findCategory(list, parsed.data);
  return taken && taken !== self ? CATEGORY_MESSAGES.duplicate : null;
}

/**
 * The practitioner's own categories (docs/categories.md): add, rename, move up or down, hide, delete. Every change
 * saves at once and is confirmed by a notice; a refusal (a duplicate, or a category services still use) says why.
 */
export default function CategoriesPage() {
  const { resource, update } = useResource(load);
  const [busy, setBusy] = useState(false);
  const [newName, setNewName] = useState('');
  const [addError, setAddError] = useState<string | null>(null);

  const run = async (work: () => Promise<{ data: Category[]; message?: string | undefined }>, detail: string) => {
    setBusy(true);
    try {
      const reply = await work();
      update(() => reply.data);
      showToast({ tone: 'success', title: reply.message ?? CATEGORY_MESSAGES.saved, detail });
      return true;
    } catch (error) {
      showSaveFailure(error, {
        fallback: 'The categories could not be saved. Please try again.',
        notice: (title) => showToast({ tone: 'error', title }),
      });
      return false;
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="page page-narrow categories-page">
      <PageHeader
        title="Categories"
        lead="The categories your services are grouped under, in the order the site and the service form show them."
      />
      <ListLoadState resource={resource} loading="Loading categories…" failed="The categories could not be loaded." />
      {resource.status === 'ready' &&
        ((list: Category[]) => {
          const save = (next: Category[], detail: string) => run(() => categoriesApi.save(next), detail);
          const add = async (event: FormEvent) => {
            event.preventDefault();
            const problem = nameProblem(list, newName);
            setAddError(problem);
            if (problem) return;
            const name = newName.trim();
            if (await save([...list, { name, hidden: false }], `“${name}” was added at the end of the list.`)) {
              setNewName('');
            }
          };
          const move = (index: number, by: -1 | 1) => {
            const next = [...list];
            const [item] = next.splice(index, 1);
            if (!item) return;
            next.splice(index + by, 0, item);
            void save(next, `“${item.name}” is now number ${index + by + 1} of ${list.length}.`).then(() =>
              document.getElementById(`cat-${by < 0 ? 'up' : 'down'}-${index + by}`)?.focus(),
            );
          };
          return (
            <>
              <form className="card card-pad categories-add" onSubmit={(event) => void add(event)} noValidate>
                <div className="field">
                  <label className="field-label" htmlFor="category-new">
                    New category
                  </label>
                  <div className="categories-add-row">
                    <input
                      id="category-new"
                      className="input"
                      value={newName}
                      maxLength={80}
                      aria-invalid={addError ? true : undefined}
                      aria-describedby={addError ? 'category-new-error' : undefined}
                      onChange={(event) => setNewName(event.target.value)}
                    />
                    <button type="submit" className="button button-primary" disabled={busy}>
                      Add category
                    </button>
                  </div>
                  {addError && (
                    <p id="category-new-error" className="field-error" role="alert">
                      {addError}
                    </p>
                  )}
                </div>
              </form>
              <ol className="card categories-list" aria-label="Categories in order">
                {list.map((category, index) => (
                  <CategoryRow
                    key={category.name}
                    category={category}
                    index={index}
                    list={list}
                    busy={busy}
                    onRename={(to) =>
                      run(() => categoriesApi.rename(category.name, to), `“${category.name}” is now “${to}”.`)
                    }
                    onMove={(by) => move(index, by)}
                    onHidden={(hidden) =>
                      save(
                        list.map((c) => (c === category ? { ...c, hidden } : c)),
                        hidden
                          ? `“${category.name}” is no longer offered for new services.`
                          : `“${category.name}” is offered for new services again.`,
                      )
                    }
                    onDelete={() =>
                      save(
                        list.filter((c) => c !== category),
                        `“${category.name}” was deleted.`,
                      )
                    }
                  />
                ))}
              </ol>
            </>
          );
        })(resource.data)}
    </div>
  );
}

interface RowProps {
  category: Category;
  index: number;
  list: Category[];
  busy: boolean;
  onRename: (to: string) => Promise<boolean>;
  onMove: (by: -1 | 1) => void;
  onHidden: (hidden: boolean) => Promise<boolean>;
  onDelete: () => Promise<boolean>;
}

function CategoryRow({ category, index, list, busy, onRename, onMove, onHidden, onDelete }: RowProps) {
  const [name, setName] = useState(category.name);
  const [error, setError] = useState<string | null>(null);
  const inputId = `cat-name-${index}`;
  const changed = name.trim() !== category.name;
  const rename = async (event: FormEvent) => {
    event.preventDefault();
    const problem = nameProblem(list, name, category);
    setError(problem);
    if (!problem && changed) await onRename(name.trim());
  };
  return (
    <li className="categories-row">
      <form className="categories-rename" onSubmit={(event) => void rename(event)} noValidate>
        <label className="visually-hidden" htmlFor={inputId}>
          Name of category {index + 1}
        </label>
        <input
          id={inputId}
          className="input"
          value={name}
          maxLength={80}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          onChange={(event) => setName(event.target.value)}
        />
        <button type="submit" className="button button-secondary button-sm" disabled={busy || !changed}>
          Rename
        </button>
        {error && (
          <p id={`${inputId}-error`} className="field-error" role="alert">
            {error}
          </p>
        )}
      </form>
      <div className="categories-actions">
        {category.hidden && <span className="badge badge-grey">Hidden</span>}
        <button
          type="button"
          id={`cat-up-${index}`}
          className="button button-ghost button-sm"
          disabled={busy || index === 0}
          aria-label={`Move ${category.name} up`}
          onClick={() => onMove(-1)}
        >
          ↑ Up
        </button>
        <button
          type="button"
          id={`cat-down-${index}`}
          className="button button-ghost button-sm"
          disabled={busy || index === list.length - 1}
          aria-label={`Move ${category.name} down`}
          onClick={() => onMove(1)}
        >
          ↓ Down
        </button>
        <label className="categories-hide">
          <input
            type="checkbox"
            checked={category.hidden}
            disabled={busy}
            onChange={(event) => void onHidden(event.target.checked)}
          />
          Hide<span className="visually-hidden"> {category.name}</span>
        </label>
        <button
          type="button"
          className="button button-danger-text button-sm"
          disabled={busy}
          aria-label={`Delete ${category.name}`}
          onClick={() => void onDelete()}
        >
          Delete
        </button>
      </div>
    </li>
  );
}

import type { ReactNode } from 'react';
import type { Resource } from '../use-resource';
import { Alert, Loading } from './Feedback';

/** A list card's loading line, or its load failure in the card's padding; nothing once the list is ready. */
export function ListLoadState({
  resource,
  loading,
  failed,
}: {
  resource: Resource<unknown>;
  loading: string;
  /** The failure's text, from the error (e.g. the API's own message) or fixed. */
  failed: (error: unknown) => ReactNode;
}) {
  if (resource.status === 'loading') return <Loading label={loading} />;
  if (resource.status === 'ready') return null;
  return (
    <div className="card-pad">
      <Alert tone="error">{failed(resource.error)}</Alert>
    </div>
  );
}

import type { Resource } from '../hooks/use-resource';
import { messageOr } from '../api/client';
import { Alert, Loading } from './Feedback';

/** A list card's loading line, or its load failure in the card's padding; nothing once the list is ready. */
export function ListLoadState({
  resource,
  loading,
  failed,
  apiMessage = true,
}: {
  resource: Resource<unknown>;
  loading: string;
  /** The failure's text when the API gives none (or always, without `apiMessage`). */
  failed: string;
  /** Say the API's own message when it gives one. */
  apiMessage?: boolean;
}) {
  if (resource.status === 'loading') return <Loading label={loading} />;
  if (resource.status === 'ready') return null;
  return (
    <div className="card-pad">
      <Alert tone="error">{apiMessage ? messageOr(resource.error, failed) : failed}</Alert>
    </div>
  );
}

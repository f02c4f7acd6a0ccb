import { Link } from 'react-router';
import { useDocumentTitle } from './admin-context';

export default function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <div className="page page-narrow">
      <div className="card empty-state">
        <h1 className="page-title">Page not found</h1>
        <p className="empty-text">There is no admin page at this address.</p>
        <Link to="/dashboard" className="button button-primary">
          Go to the Dashboard
        </Link>
      </div>
    </div>
  );
}

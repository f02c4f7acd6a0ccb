import { lazy, Suspense, useEffect, type ComponentType, type ReactNode } from 'react';
import {
  createBrowserRouter,
  Navigate,
  Outlet,
  RouterProvider,
  useLocation,
  useNavigate,
  type RouteObject,
} from 'react-router';
import { setUnauthorizedHandler } from './api/client';
import { Loading } from './components/Feedback';
import { ToastRegion } from './components/Toasts';
import type { ReturnState } from './api/return-to';
import './components/buttons.css';

// Every screen is its own chunk: the first visit downloads only the shell and the page it lands on.
/** A lazily loaded screen as a route element. */
function screen(load: () => Promise<{ default: ComponentType }>): ReactNode {
  const Screen = lazy(load);
  return <Screen />;
}
const ServiceFormPage = lazy(() => import('./features/services/ServiceFormPage'));

/** The screens inside the portal's shell, by path under /admin. */
const SHELL_ROUTES: RouteObject[] = [
  { index: true, element: <Navigate to="/dashboard" replace /> },
  { path: 'dashboard', element: screen(() => import('./features/dashboard/DashboardPage')) },
  { path: 'services', element: screen(() => import('./features/services/ServicesPage')) },
  { path: 'services/create', element: <ServiceFormPage key="create" /> },
  { path: 'services/:id/edit', element: <ServiceFormPage key="edit" /> },
  { path: 'banners', element: screen(() => import('./features/banners/BannersPage')) },
  { path: 'messages', element: screen(() => import('./features/messages/MessagesPage')) },
  { path: 'profile', element: screen(() => import('./features/account/ProfilePage')) },
  { path: 'trash', element: screen(() => import('./features/trash/TrashPage')) },
  { path: 'testimonials', element: screen(() => import('./features/testimonials/TestimonialsPage')) },
  { path: 'site', element: screen(() => import('./features/site/SiteSettingsPage')) },
  { path: 'categories', element: screen(() => import('./features/categories/CategoriesPage')) },
  { path: 'bookings', element: screen(() => import('./features/bookings/BookingsPage')) },
  { path: 'availability', element: screen(() => import('./features/availability/AvailabilityPage')) },
  { path: 'clients', element: screen(() => import('./features/clients/ClientsPage')) },
  { path: '*', element: screen(() => import('./shell/NotFoundPage')) },
];

/** Lets api.ts answer a 401 with a router navigation (no full reload) that remembers where the visitor was. */
function UnauthorizedRedirect() {
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    const state: ReturnState = { from: `${location.pathname}${location.search}`, reason: 'expired' };
    setUnauthorizedHandler(() => void navigate('/login', { replace: true, state }));
    return () => setUnauthorizedHandler(null);
  }, [navigate, location.pathname, location.search]);
  return null;
}

/** The frame of every route: the 401 redirect, the notices region and the lazy-loading fallback. */
function Root() {
  return (
    <>
      <UnauthorizedRedirect />
      <ToastRegion />
      <Suspense
        fallback={
          <div className="guard-loading">
            <Loading />
          </div>
        }
      >
        <Outlet />
      </Suspense>
    </>
  );
}

// A data router (rather than <BrowserRouter>) so a form with unsaved changes can hold a navigation (useBlocker).
const router = createBrowserRouter(
  [
    {
      element: <Root />,
      children: [
        { path: 'login', element: screen(() => import('./features/auth/LoginPage')) },
        { element: screen(() => import('./shell/AdminShell')), children: SHELL_ROUTES },
      ],
    },
  ],
  { basename: '/admin' },
);

export default function App() {
  return <RouterProvider router={router} />;
}

import { lazy, Suspense, useEffect } from 'react';
import {
  createBrowserRouter,
  createRoutesFromElements,
  Navigate,
  Outlet,
  Route,
  RouterProvider,
  useLocation,
  useNavigate,
} from 'react-router';
import { setUnauthorizedHandler } from './api';
import { Loading } from './components/Feedback';
import { ToastRegion } from './components/Toasts';
import type { ReturnState } from './return-to';
import './components/buttons.css';

// Every screen is its own chunk: the first visit downloads only the shell and the page it lands on.
const LoginPage = lazy(() => import('./features/auth/LoginPage'));
const AdminShell = lazy(() => import('./shell/AdminShell'));
const DashboardPage = lazy(() => import('./features/dashboard/DashboardPage'));
const ServicesPage = lazy(() => import('./features/services/ServicesPage'));
const ServiceFormPage = lazy(() => import('./features/services/ServiceFormPage'));
const BannersPage = lazy(() => import('./features/banners/BannersPage'));
const MessagesPage = lazy(() => import('./features/messages/MessagesPage'));
const ProfilePage = lazy(() => import('./features/account/ProfilePage'));
const TrashPage = lazy(() => import('./features/trash/TrashPage'));
const TestimonialsPage = lazy(() => import('./features/testimonials/TestimonialsPage'));
const SiteSettingsPage = lazy(() => import('./features/site/SiteSettingsPage'));
const NotFoundPage = lazy(() => import('./shell/NotFoundPage'));

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
  createRoutesFromElements(
    <Route element={<Root />}>
      <Route path="login" element={<LoginPage />} />
      <Route element={<AdminShell />}>
        <Route index element={<Navigate to="/dashboard" replace />} />
        <Route path="dashboard" element={<DashboardPage />} />
        <Route path="services" element={<ServicesPage />} />
        <Route path="services/create" element={<ServiceFormPage key="create" />} />
        <Route path="services/:id/edit" element={<ServiceFormPage key="edit" />} />
        <Route path="banners" element={<BannersPage />} />
        <Route path="messages" element={<MessagesPage />} />
        <Route path="profile" element={<ProfilePage />} />
        <Route path="trash" element={<TrashPage />} />
        <Route path="testimonials" element={<TestimonialsPage />} />
        <Route path="site" element={<SiteSettingsPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Route>,
  ),
  { basename: '/admin' },
);

export default function App() {
  return <RouterProvider router={router} />;
}

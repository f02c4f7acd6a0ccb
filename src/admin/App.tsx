import { lazy, Suspense, useEffect } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useNavigate } from 'react-router';
import { setUnauthorizedHandler } from './api';
import { Loading } from './components/Feedback';
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
const NotFoundPage = lazy(() => import('./shell/NotFoundPage'));

/** Lets api.ts answer a 401 with a router navigation (no full reload). */
function UnauthorizedRedirect() {
  const navigate = useNavigate();
  useEffect(() => {
    setUnauthorizedHandler(() => void navigate('/login', { replace: true }));
    return () => setUnauthorizedHandler(null);
  }, [navigate]);
  return null;
}

export default function App() {
  return (
    <BrowserRouter basename="/admin">
      <UnauthorizedRedirect />
      <Suspense
        fallback={
          <div className="guard-loading">
            <Loading />
          </div>
        }
      >
        <Routes>
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
            <Route path="*" element={<NotFoundPage />} />
          </Route>
        </Routes>
      </Suspense>
    </BrowserRouter>
  );
}

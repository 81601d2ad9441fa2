import { Navigate, Route, Routes } from 'react-router';
import { LoginPage } from '../features/login/login-page.js';

/** Staff pages, rendered by the shell under /admin/. */
export default function AdminRoutes() {
  return (
    <Routes>
      <Route path="login" element={<LoginPage />} />
      <Route path="*" element={<Navigate to="/admin/login" replace />} />
    </Routes>
  );
}

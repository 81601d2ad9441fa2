import { Navigate, Route, Routes, useLocation } from 'react-router';
import { ErrorPage } from '../features/error-page/error-page.js';
import { MemberCheckPage } from '../features/member-check/member-check-page.js';
import { StartPage } from '../features/start/start-page.js';

/** The public screens, rendered by the shell under /{lang}/. */
export default function VisitorRoutes() {
  return (
    <Routes>
      <Route index element={<StartPage />} />
      <Route path="memberCheck" element={<MemberCheckPage />} />
      <Route path="error/:messageId" element={<ErrorPage />} />
      <Route path="*" element={<ToSwedishStart />} />
    </Routes>
  );
}

function ToSwedishStart() {
  const { search } = useLocation();
  return <Navigate to={{ pathname: '/sv/', search }} replace />;
}

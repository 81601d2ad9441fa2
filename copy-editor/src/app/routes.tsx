import { Route, Routes } from '@concert/shared/router';
import { AuthenticatedTemplate } from '@concert/shared/staff-msal';
import '../components/copy-editor.css';
import { CopyEditorPage } from '../features/edit-copy/copy-editor-page.js';

/**
 * The copy editor, rendered by the shell under /admin/copy (the shell checks the copy-admin right
 * first) inside msal-react's provider: the editor shows only while an account is signed in (a
 * sign-out in another tab takes it away at once).
 */
export default function CopyEditorRoutes() {
  return (
    <AuthenticatedTemplate>
      <Routes>
        <Route path="*" element={<CopyEditorPage />} />
      </Routes>
    </AuthenticatedTemplate>
  );
}

import { Route, Routes } from '@concert/shared/router';
import '../components/copy-editor.css';
import { CopyEditorPage } from '../features/edit-copy/copy-editor-page.js';

/** The copy editor, rendered by the shell under /admin/copy (the shell checks the copy-admin right first). */
export default function CopyEditorRoutes() {
  return (
    <Routes>
      <Route path="*" element={<CopyEditorPage />} />
    </Routes>
  );
}

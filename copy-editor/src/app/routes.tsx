import { Route, Routes } from 'react-router';
import { CopyListPage } from '../features/copy-list/copy-list-page.js';

/** The copy editor, rendered by the shell under /admin/copy. */
export default function CopyEditorRoutes() {
  return (
    <Routes>
      <Route path="*" element={<CopyListPage />} />
    </Routes>
  );
}

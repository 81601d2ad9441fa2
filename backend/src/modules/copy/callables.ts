import { defineCallables } from '../../callables.js';
import { callingStaff } from '../staff/identity.js';
import type { CopyService } from './service.js';

/** The copy editor's functions (copy admins only). */
export function copyCallables(copy: CopyService) {
  return defineCallables({
    listCopy: async () => copy.copyEntries(),
    updateCopy: async ({ key, id, sv, en, expectedUpdatedAt }, call) =>
      copy.updateCopy(callingStaff(call), { key: (key ?? id)!, sv, en, expectedUpdatedAt }),
    copyHistory: async ({ key }) => copy.copyHistory(key),
    listCopyDrafts: async () => copy.copyDrafts(),
    saveCopyDraft: async ({ key, sv, en, expectedUpdatedAt }, call) =>
      copy.saveCopyDraft(callingStaff(call), { key, sv, en, expectedUpdatedAt }),
    discardCopyDraft: async ({ key }, call) => copy.discardCopyDraft(callingStaff(call), key),
    publishCopyDraft: async ({ key }, call) => copy.publishCopyDraft(callingStaff(call), key),
  });
}

// The UI kit the remotes share: fields, form state, data loading, polling, formats, and the
// loading / unavailable states. Its own entry (`@concert/shared/ui`), not a shared singleton:
// the shell's first load never carries it and each remote bundles only what it uses.
export { Checkbox, fieldId, focusField, SelectField, TextField } from './fields.js';
export { formatAmount, formatDateTime } from './format.js';
export { documentTitle, useDocumentTitle } from './document-title.js';
export { Loading, Unavailable } from './states.js';
export { useApiQuery, type ApiQuery } from './use-api-query.js';
export { useForm, type FormErrors, type Submission } from './use-form.js';
export { usePolling, type PollingOptions } from './use-polling.js';

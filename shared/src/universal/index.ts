// Small and dependency-free: the shell's first load carries this. Validation rules (with
// personnummer) are their own entry, `@concert/shared/validation`, loaded by the screens that validate;
// what only staff pages and the server use is too (`@concert/shared/staff-rights`, `/door`, `/audit-actions`).
export * from './constants.js';
export * from './copy.js';
export type { CopyKey } from './copy-keys.js';
export * from './errors.js';
export * from './flow.js';
export * from './start-page.js';
export * from './routes.js';

export * from './api-client.js';
export * from './api.js';
export * from './copy.js';
export * from './paths.js';
export * from './session.js';
export * from './state.js';
export * from './flow-state.js';
export * from './staff-auth.js';

export * from './constants.js';
export * from './copy.js';
export * from './errors.js';
export * from './validation.js';
export * from './banks.js';

// Shared modules (react, router, jotai, shared) must resolve before first use: load the app asynchronously.
// A task of its own: starting the federation runtime and starting the app's loading are then two
// shorter tasks instead of one long one the browser cannot interrupt (the page is painted already).
setTimeout(() => import('./bootstrap'));
